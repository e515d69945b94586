import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { lgmEndorsementFromQuote, lgmQuoteInputFor } from "../../../shared/book/lgm-endorsement";
import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import type { LgmEndorsement, Policy } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LgmWeights } from "../../../shared/pricing/lgm/formula";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { isInSalesWindow } from "../../../shared/pricing/sales-window";
import { newRecordId, useBookIndex, useCustomerBook } from "../../components/book";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars } from "../../lib/format";
import {
  buildLgmInput,
  commodityOf,
  fieldOfPath,
  LGM_DEFAULTS,
  type LgmErrors,
  marketingMonths,
} from "../../lib/pricing/lgm/lgm-form";
import { LgmInputs } from "../../lib/pricing/lgm/lgm-inputs";
import { SelectField } from "../../lib/pricing/ui/field";
import { MarketStatus } from "../../lib/pricing/ui/market-status";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import { providerName } from "./coverage-rows";
import { DeductiblePosition, formatDeductible } from "./deductible-position";

const [, DEDUCTIBLE, GUARANTEE, PRODUCER_PREMIUM] = LGM_RESULT_LABELS;
const CREATE_DEFAULTS = { ...LGM_DEFAULTS, customer: "", policy: "" };
type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";

/** The customer's LGM policies an endorsement can be bought on (active or pending). */
const openLgmPolicies = (policies: Readonly<Record<string, Policy>>): Policy[] =>
  Object.values(policies)
    .filter((p) => p.plan === "lgm" && (p.status === "active" || p.status === "pending"))
    .sort((a, b) => b.cropYear - a.cropYear);

/**
 * /agent/coverages/lgm/create — an LGM endorsement for a customer: its LGM policy, the livestock type,
 * the snapshot's sales date, target marketings per month, deductible and weights; priced in the worker
 * by the LGM quote screen's engine and input, saved with the figures frozen.
 */
export function LgmEndorsementCreate() {
  const pricing = usePricing();
  const session = useSession();
  const navigate = useNavigate();
  const index = useBookIndex();
  const [form, update] = useUrlState(CREATE_DEFAULTS);
  const book = useCustomerBook(form.customer || null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const customers = useMemo(
    () => [...index.customers].sort((a, b) => a.name.localeCompare(b.name)),
    [index.customers],
  );
  const policies = useMemo(() => openLgmPolicies(book.policies), [book.policies]);
  const policy =
    policies.find((p) => p.id === form.policy) ?? (policies.length === 1 ? policies[0] : undefined);
  const profile = book.profile;
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const commodity = commodityOf(form);
  const months = marketingMonths(commodity, asOf ?? "2000-01-01");

  // The form's text → numbers (the quote screen's parser), then the book's input: the subsidy from the
  // customer's profile, exactly as lgmEndorsementFromQuote will price it.
  const built = useMemo(() => {
    if (!asOf) return null;
    const parsed = buildLgmInput(form, asOf);
    if (!parsed.ok) return parsed;
    try {
      const input = lgmQuoteInputFor({
        salesDate: asOf,
        commodity: form.commodity,
        type: form.type,
        targetMarketings: parsed.input.targetMarketings,
        deductible: parsed.input.deductible,
        weights: parsed.input.weights as LgmWeights | undefined,
        profile: profile ?? { farmerClassification: "Neither" },
      });
      return { ok: true as const, input };
    } catch (e) {
      if (e instanceof DomainError)
        return { ok: false as const, errors: { customer: e.message } as LgmErrors };
      throw e;
    }
  }, [form, asOf, profile]);
  const key = built?.ok ? JSON.stringify(built.input) : null;
  const result = useWorkerResult<LgmQuote>("lgm-endorsement-create", key, (api) =>
    api.quoteLgm(built?.ok ? built.input : null, { channel: "lgm-endorsement-create" }),
  );
  const errors: LgmErrors = built && !built.ok ? { ...built.errors } : {};
  let generalError: string | null = null;
  if (result.status === "failed") {
    const field = fieldOfPath(result.code, result.path);
    if (field) errors[field] = messageForField(result.message, result.path);
    else generalError = result.message;
  }
  const invalid = Object.keys(errors).length > 0 || generalError !== null;
  const quote =
    invalid || pricing.status !== "ready"
      ? null
      : result.status === "done"
        ? result.value
        : result.status === "pending"
          ? (result.last ?? null)
          : null;
  const windowOpen = asOf ? isInSalesWindow(asOf, new Date()) : false;
  const change = (patch: Partial<typeof form>) => {
    setSaveError(null);
    update(patch);
  };

  const blockers: string[] = [];
  if (!form.customer) blockers.push("choose the customer");
  else if (!policy) blockers.push("choose the LGM policy");
  if (!quote) blockers.push("complete the marketings and deductible");
  if (asOf && !windowOpen) blockers.push("wait for the next sales window");
  if (book.readOnly && form.customer) blockers.push("be an agent of this customer");

  const save = async () => {
    if (pricing.status !== "ready" || !built?.ok || !policy) return;
    setSaving(true);
    setSaveError(null);
    const market = await pricing.client.api.snapshot();
    if (!market.ok) {
      setSaving(false);
      setSaveError(market.error.message);
      return;
    }
    let made: LgmEndorsement;
    try {
      made = lgmEndorsementFromQuote({
        snapshot: market.value,
        salesDate: built.input.salesDate,
        commodity: built.input.commodity,
        type: built.input.type,
        targetMarketings: built.input.targetMarketings,
        deductible: built.input.deductible,
        ...(built.input.weights ? { weights: built.input.weights as LgmWeights } : {}),
        profile: {
          farmerClassification: profile?.farmerClassification ?? "Neither",
          ...(profile?.farmingSinceYear !== undefined ? { farmingSinceYear: profile.farmingSinceYear } : {}),
        },
        policy,
        id: newRecordId(),
        now: new Date(),
        userId: session.user?.sub ?? "unknown",
      });
    } catch (e) {
      setSaving(false);
      if (!(e instanceof DomainError)) throw e;
      setSaveError(messageForField(e.message, e.path));
      return;
    }
    setSaving(false);
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = made;
    const id = book.create("coverages", record satisfies Omit<LgmEndorsement, Stamps>);
    navigate(`/agent/coverages/lgm/${encodeURIComponent(id)}`);
  };

  return (
    <div className="quote coverage" data-testid="lgm-create-page">
      <p className="coverages__intro">
        Record an LGM endorsement for a customer. It is priced like the LGM quote screen on the market data of
        its sales date, and the figures are frozen when you save.
      </p>
      <MarketStatus pricing={pricing} />
      {asOf && !windowOpen ? (
        <Alert tone="warning" title="Outside the sales window">
          <p>
            The market data of {formatDate(asOf)} could be bought from until 8:25 am Central the next morning.
            That window has closed, so no endorsement can be saved on it; create it once the next day's data
            is in.
          </p>
        </Alert>
      ) : null}
      <Card aria-labelledby="lgm-create-who">
        <h2 id="lgm-create-who">Customer and policy</h2>
        <div className="quote-form">
          <SelectField
            label="Customer"
            name="customer"
            value={form.customer}
            error={errors.customer}
            options={[
              { value: "", label: customers.length ? "Choose a customer" : "No customers yet" },
              ...customers.map((c) => ({ value: c.id, label: c.name || c.id })),
            ]}
            onChange={(customer) => change({ customer, policy: "" })}
          />
          {form.customer ? (
            <SelectField
              label="LGM policy"
              name="policy"
              value={policy?.id ?? ""}
              hint={
                policies.length === 0
                  ? book.loaded
                    ? "This customer has no active or pending LGM policy: add one under Policies first."
                    : "Loading the customer's policies…"
                  : undefined
              }
              options={[
                ...(policy
                  ? []
                  : [{ value: "", label: policies.length ? "Choose a policy" : "No LGM policy" }]),
                ...policies.map((p) => ({
                  value: p.id,
                  label: `${p.policyNumber || "no number yet"} · ${providerName(p.providerId)} · crop year ${p.cropYear} · ${p.status}`,
                })),
              ]}
              onChange={(id) => change({ policy: id })}
            />
          ) : null}
        </div>
        {asOf ? <p className="note">Sales date: {formatDate(asOf)} (the market data's date).</p> : null}
        {profile ? (
          <p className="note">
            Subsidy for a producer classed "{profile.farmerClassification}" (from the customer's profile).
          </p>
        ) : null}
      </Card>
      <Card aria-labelledby="lgm-create-what">
        <h2 id="lgm-create-what">Marketings, deductible and weights</h2>
        <LgmInputs
          form={form}
          update={change}
          errors={errors}
          months={asOf ? months : []}
          showFarmerProvider={false}
        />
      </Card>
      {generalError ? (
        <Alert tone="error" title="This endorsement cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {quote ? (
        <Card aria-labelledby="lgm-create-quote" data-testid="lgm-create-quote">
          <h2 id="lgm-create-quote">Priced</h2>
          <dl className="figures">
            <div>
              <dt>Expected gross margin</dt>
              <dd>{formatDollars(quote.expectedGrossMargin)}</dd>
            </div>
            <div>
              <dt>{DEDUCTIBLE}</dt>
              <dd>{formatDeductible(form.deductible, commodity)}</dd>
            </div>
            <div>
              <dt>{GUARANTEE}</dt>
              <dd>{formatDollars(quote.grossMarginGuarantee)}</dd>
            </div>
            <div>
              <dt>Total premium</dt>
              <dd>{formatDollars(quote.totalPremium)}</dd>
            </div>
            <div>
              <dt>Subsidy</dt>
              <dd>{formatDollars(quote.subsidy)}</dd>
            </div>
            <div>
              <dt>{PRODUCER_PREMIUM}</dt>
              <dd data-testid="lgm-create-premium">{formatDollars(quote.producerPremium)}</dd>
            </div>
          </dl>
          <h3>Deductible on its curve</h3>
          <DeductiblePosition
            commodity={commodity}
            deductible={form.deductible}
            curve={quote.deductibleCurve}
          />
        </Card>
      ) : null}
      <Card aria-labelledby="lgm-create-save">
        <h2 id="lgm-create-save">Save the endorsement</h2>
        {saveError ? (
          <Alert tone="error" title="Not saved">
            <p>{saveError}</p>
          </Alert>
        ) : null}
        {blockers.length > 0 ? <p className="note">To save, {blockers.join("; ")}.</p> : null}
        <Button onClick={save} disabled={blockers.length > 0 || invalid || saving}>
          {saving ? "Saving…" : "Save endorsement (status Quoted)"}
        </Button>
      </Card>
    </div>
  );
}
