import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { lrpCoverageFromOffer } from "../../../shared/book/lrp-coverage";
import { LRP_COMMODITIES, type LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { LrpCoverage } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LrpCoverageRow, LrpQuote } from "../../../shared/pricing/lrp/quote";
import { isInSalesWindow, salesWindow } from "../../../shared/pricing/sales-window";
import { newRecordId, useBookIndex, useCustomerBook } from "../../components/book";
import { describeRow } from "../../components/quote/columns";
import { CoverageTable } from "../../components/quote/coverage-table";
import {
  defaultWeightFor,
  FIELD_OF_CODE,
  FIELD_OF_PATH,
  type LrpField,
  rowKey,
  typesOf,
} from "../../components/quote/lrp-form";
import { viewRows } from "../../components/quote/table-view";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars, formatNumber, formatWeeks } from "../../lib/format";
import { SelectField, TextField } from "../../lib/pricing/ui/field";
import { MarketStatus } from "../../lib/pricing/ui/market-status";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, shownResult, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import { providerName } from "./coverage-rows";
import { buildCreateInput, CREATE_DEFAULTS, chosenPolicy, openLrpPolicies } from "./lrp-create-form";
import "../../lib/pricing/ui/quote.css";
import "./coverages.css";

const LEVEL_FILTERS = ["all", "0.75", "0.8", "0.85", "0.9", "0.95"];
type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";

/**
 * /agent/coverages/lrp/create — an LRP endorsement for a customer from a row of today's offer table
 * (the quote screen's table and engine, in the worker). `?customer=ID` preselects the customer; the
 * quote screen's "Order" button arrives with its inputs in the URL.
 */
export default function LrpCoverageCreatePage() {
  const pricing = usePricing();
  const session = useSession();
  const navigate = useNavigate();
  const index = useBookIndex();
  const [form, update] = useUrlState(CREATE_DEFAULTS);
  const book = useCustomerBook(form.customer || null);
  const [saveError, setSaveError] = useState<{ field: LrpField | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const customers = useMemo(
    () => [...index.customers].sort((a, b) => a.name.localeCompare(b.name)),
    [index.customers],
  );
  const policies = useMemo(() => openLrpPolicies(book.policies), [book.policies]);
  const policy = chosenPolicy(policies, form.policy);
  const coverages = useMemo(() => Object.values(book.coverages), [book.coverages]);
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const profile = book.profile;
  const built = useMemo(
    () => (asOf ? buildCreateInput(form, asOf, profile, coverages) : null),
    [form, asOf, profile, coverages],
  );
  const key = built?.ok ? JSON.stringify(built.input) : null;
  const result = useWorkerResult<LrpQuote>("lrp-coverage-create", key, (api) =>
    api.quoteLrp(built?.ok ? built.input : null, { all: true, channel: "lrp-coverage-create" }),
  );

  const errors: Partial<Record<LrpField | "customer" | "policy", string>> =
    built && !built.ok ? { ...built.errors } : {};
  let generalError: string | null = null;
  if (result.status === "failed") {
    const field = FIELD_OF_CODE[result.code] ?? FIELD_OF_PATH[String(result.path[0])];
    if (field) errors[field] = messageForField(result.message, result.path);
    else generalError = result.message;
  }
  if (saveError?.field) errors[saveError.field] ??= saveError.message;
  const invalid = Object.keys(errors).length > 0 || generalError !== null;
  const shown = invalid || pricing.status !== "ready" ? null : shownResult(result);
  const offers = useMemo(() => shown?.value.offers ?? [], [shown]);
  const commodity = (built?.ok ? built.input.commodity : form.commodity) as LrpCommodityCode;
  const herd = built?.ok ? built.herd : { head: 1, targetWeightCwt: 1, share: 1 };
  const herdKey = `${herd.head}|${herd.targetWeightCwt}|${herd.share}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the herd's figures are the key
  const ctx = useMemo(() => ({ commodity, basis: "total" as const, herd }), [commodity, herdKey]);
  const rows = useMemo(
    () => viewRows(offers, { weeks: form.weeks, level: form.level, sort: form.sort }),
    [offers, form.weeks, form.level, form.sort],
  );
  const onSort = useCallback((sort: string) => update({ sort }), [update]);
  const onChoose = useCallback(
    (r: LrpCoverageRow) => {
      setSaveError(null);
      update({ row: rowKey(r.endorsementLengthWeeks, r.coverageLevel) });
    },
    [update],
  );
  const requested = built?.ok ? built.input : null;
  const chosenRow = form.row
    ? offers.find(
        (r) =>
          r.endorsementLengthWeeks === requested?.endorsementLengthWeeks &&
          Math.abs(r.coverageLevel - (requested?.coverageLevel ?? -1)) < 1e-9,
      )
    : undefined;
  const chosen = useMemo(
    () => (chosenRow ? { weeks: chosenRow.endorsementLengthWeeks, level: chosenRow.coverageLevel } : null),
    [chosenRow],
  );
  const now = new Date();
  const windowOpen = asOf ? isInSalesWindow(asOf, now) : false;
  const types = typesOf(form.commodity);
  const type = types.find((t) => t.code === form.type);
  const lengths = [...new Set(offers.map((r) => r.endorsementLengthWeeks))];
  const change = (patch: Partial<typeof form>) => {
    setSaveError(null);
    update(patch);
  };

  const blockers: string[] = [];
  if (!form.customer) blockers.push("choose the customer");
  else if (!policy) blockers.push("choose the LRP policy");
  if (!chosenRow) blockers.push("choose a row of the offer table");
  else if (chosenRow.indicative)
    blockers.push("choose a row with RMA's rate (rows marked * are modelled and cannot be bought)");
  if (asOf && !windowOpen) blockers.push("wait for the next sales window");
  if (book.readOnly && form.customer) blockers.push("be an agent of this customer");

  const save = async () => {
    if (pricing.status !== "ready" || !built?.ok || !policy || !chosenRow) return;
    const { input, herd: savedHerd } = built;
    setSaving(true);
    setSaveError(null);
    const market = await pricing.client.api.snapshot();
    setSaving(false);
    if (!market.ok) {
      setSaveError({ field: null, message: market.error.message });
      return;
    }
    let made: LrpCoverage;
    try {
      made = lrpCoverageFromOffer({
        snapshot: market.value,
        salesDate: input.salesDate,
        commodity: input.commodity,
        type: input.type,
        offer: {
          endorsementLengthWeeks: chosenRow.endorsementLengthWeeks,
          coverageLevel: chosenRow.coverageLevel,
        },
        head: savedHerd.head,
        targetWeightCwt: savedHerd.targetWeightCwt,
        share: savedHerd.share,
        profile: {
          farmerClassification: profile?.farmerClassification ?? "Neither",
          ...(profile?.farmingSinceYear !== undefined ? { farmingSinceYear: profile.farmingSinceYear } : {}),
        },
        policy,
        existingCoverages: coverages,
        id: newRecordId(),
        now: new Date(),
        userId: session.user?.sub ?? "unknown",
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      const field = FIELD_OF_CODE[e.code] ?? FIELD_OF_PATH[String(e.path[0])] ?? null;
      setSaveError({ field, message: messageForField(e.message, e.path) });
      return;
    }
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = made;
    const id = book.create("coverages", record satisfies Omit<LrpCoverage, Stamps>);
    navigate(`/agent/coverages/lrp/${encodeURIComponent(id)}`);
  };

  return (
    <div className="quote coverage" data-testid="lrp-coverage-create-page">
      <p className="coverages__intro">
        Record an LRP endorsement for a customer from today's offers. The figures are the offer's, priced like
        the LRP quote screen, and are frozen when you save.
      </p>
      <MarketStatus pricing={pricing} lrpSales={commodity === "0815" ? "swine" : "cattle"} />
      {asOf && !windowOpen ? (
        <Alert tone="warning" title="Outside the sales window">
          <p>
            The offers of {formatDate(asOf)} could be bought until 8:25 am Central the next morning (
            {salesWindow(asOf, now).cutoff.toLocaleString("en-US", { timeZone: "America/Chicago" })} CT). That
            window has closed, so no coverage can be saved from these offers. RMA posts the next offers about
            3:30 pm Central on a trading day; create the coverage then.
          </p>
        </Alert>
      ) : null}

      <Card aria-labelledby="create-who">
        <h2 id="create-who">Customer and policy</h2>
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
              label="LRP policy"
              name="policy"
              value={policy?.id ?? ""}
              error={errors.policy}
              hint={
                policies.length === 0
                  ? book.loaded
                    ? "This customer has no active or pending LRP policy: add one under Policies first."
                    : "Loading the customer's policies…"
                  : undefined
              }
              options={[
                ...(policy
                  ? []
                  : [{ value: "", label: policies.length ? "Choose a policy" : "No LRP policy" }]),
                ...policies.map((p) => ({
                  value: p.id,
                  label: `${p.policyNumber || "no number yet"} · ${providerName(p.providerId)} · crop year ${p.cropYear} · ${p.status}`,
                })),
              ]}
              onChange={(id) => change({ policy: id })}
            />
          ) : null}
        </div>
        {profile ? (
          <p className="note">
            Subsidy for a producer classed "{profile.farmerClassification}"
            {profile.farmingSinceYear ? `, farming since ${profile.farmingSinceYear}` : ""} (from the
            customer's profile).
          </p>
        ) : form.customer && book.loaded ? (
          <p className="note">This customer has no profile yet: the subsidy is the standard one.</p>
        ) : null}
      </Card>

      <Card aria-labelledby="create-what">
        <h2 id="create-what">What to insure</h2>
        <form className="quote-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <SelectField
            label="Commodity"
            name="commodity"
            value={form.commodity}
            error={errors.commodity}
            options={LRP_COMMODITIES.map((c) => ({ value: c.code, label: c.label }))}
            onChange={(value) => {
              const first = typesOf(value)[0];
              change({
                commodity: value,
                type: first?.code ?? "",
                weight: defaultWeightFor(value, first?.code ?? ""),
                row: "",
              });
            }}
          />
          <SelectField
            label="Type"
            name="type"
            value={form.type}
            error={errors.type}
            options={types.map((t) => ({ value: t.code, label: `${t.label} (${t.code})` }))}
            onChange={(value) =>
              change({ type: value, weight: defaultWeightFor(form.commodity, value), row: "" })
            }
          />
          <TextField
            label="Head"
            name="head"
            inputMode="numeric"
            value={form.head}
            error={errors.head}
            onChange={(head) => change({ head })}
          />
          <TextField
            label="Target weight"
            name="weight"
            suffix="cwt/head"
            value={form.weight}
            error={errors.weight}
            hint={
              type
                ? `${type.targetWeightCwt.min} to ${type.targetWeightCwt.max} cwt for ${type.label}`
                : undefined
            }
            onChange={(weight) => change({ weight })}
          />
          <TextField
            label="Share"
            name="share"
            suffix="%"
            value={form.share}
            error={errors.share}
            onChange={(share) => change({ share })}
          />
        </form>
      </Card>

      {generalError ? (
        <Alert tone="error" title="These offers cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {invalid && !generalError ? (
        <p className="note" role="status">
          Correct the marked field to see today's offers.
        </p>
      ) : null}

      {shown ? (
        <Card aria-labelledby="create-offers">
          <h2 id="create-offers">Today's offers</h2>
          <p className="note">
            {offers.length} offers of {asOf ? formatDate(asOf) : ""} for {type?.label ?? form.type},{" "}
            {formatNumber(herd.head)} head at {form.weight} cwt. Choose the row to buy.
          </p>
          <div className="quote-form no-print">
            <SelectField
              label="Endorsement length"
              name="weeks"
              value={form.weeks}
              options={[
                { value: "all", label: "All lengths" },
                ...lengths.map((w) => ({ value: String(w), label: formatWeeks(w) })),
              ]}
              onChange={(weeks) => update({ weeks })}
            />
            <SelectField
              label="Lowest coverage level"
              name="level"
              value={form.level}
              options={LEVEL_FILTERS.map((l) => ({
                value: l,
                label: l === "all" ? "All levels" : `${Math.round(Number(l) * 100)}% and above`,
              }))}
              onChange={(level) => update({ level })}
            />
          </div>
          <CoverageTable
            rows={rows}
            ctx={ctx}
            sort={form.sort}
            onSort={onSort}
            chosen={chosen}
            onChoose={onChoose}
          />
        </Card>
      ) : null}

      <Card aria-labelledby="create-save" data-testid="create-summary">
        <h2 id="create-save">Save the coverage</h2>
        {chosenRow ? (
          <p>
            <strong>{describeRow(chosenRow)}</strong>, ends {formatDate(chosenRow.endDate)}: producer premium{" "}
            <strong data-testid="chosen-premium">{formatDollars(chosenRow.producerPremium)}</strong> (total{" "}
            {formatDollars(chosenRow.totalPremium)}, subsidy {formatDollars(chosenRow.subsidy)}).
          </p>
        ) : null}
        {saveError && !saveError.field ? (
          <Alert tone="error" title="Not saved">
            <p>{saveError.message}</p>
          </Alert>
        ) : null}
        {blockers.length > 0 ? <p className="note">To save, {blockers.join("; ")}.</p> : null}
        <Button onClick={save} disabled={blockers.length > 0 || invalid || saving}>
          {saving ? "Saving…" : "Save coverage (status Quoted)"}
        </Button>
      </Card>
    </div>
  );
}
