import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { lgmEndorsementFromQuote, lgmQuoteInputFor } from "../../../shared/book/lgm-endorsement";
import { lgmOverlapCandidate } from "../../../shared/book/plan-overlap";
import {
  type BackdatedLgmInput,
  backdatedCoverage,
  noSalesNow,
  noSalesReason,
} from "../../../shared/book/sce-backdated";
import type { LgmEndorsement } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LgmWeights } from "../../../shared/pricing/lgm/formula";
import { isInSalesWindow } from "../../../shared/pricing/sales-window";
import { newRecordId, useBookIndex, useCustomerBook } from "../../components/book";
import { BookForm, RequiredNote } from "../../components/book-forms";
import { LgmFigures } from "../../components/quote/lgm-figures";
import { LgmInputs } from "../../components/quote/lgm-inputs";
import { MarketStatus } from "../../components/quote/market-status";
import { useLgmQuote } from "../../components/quote/use-lgm-quote";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars } from "../../lib/format";
import {
  buildLgmInput,
  commodityOf,
  LGM_DEFAULTS,
  type LgmErrors,
  marketingMonths,
} from "../../lib/pricing/lgm/lgm-form";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, usePricing } from "../../lib/pricing/use-pricing";
import { useAfterStored } from "../../lib/sync";
import { SalesDateField, SceBoundsNote, SceLgmFields } from "./backdated-parts";
import { ClosedWindowAlert, SaveCard } from "./create-parts";
import { CustomerPolicyFields, missingChoice } from "./customer-policy-fields";
import { DeductiblePosition, formatDeductible } from "./deductible-position";
import { deviceSceCheck, withDeviceCheck } from "./device-sce-check";
import { chosenPolicy, openPolicies } from "./lrp-create-form";
import { OverlapWarnings } from "./overlap-warnings";
import {
  buildLgmSce,
  SCE_LGM_FORM_DEFAULTS,
  type SceLgmField,
  type SceLgmForm,
  withoutPath,
} from "./sce-form";
import { savedStatusLabel } from "./use-backdated-lrp";
import { useDaySnapshot } from "./use-day-snapshot";
import { useHeldSnapshots } from "./use-held-snapshots";

/** `sold`: the sales date of an endorsement bought on an earlier day (empty: today's; docs/agent-book.md "Bought on an earlier day"). */
const CREATE_DEFAULTS = { ...LGM_DEFAULTS, customer: "", policy: "", sold: "" };
const CANDIDATE_ID = "new-lgm-endorsement";
type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";

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
  const stored = useAfterStored("endorsement");
  const [tried, setTried] = useState(false);

  const policies = useMemo(() => openPolicies(book.policies, "lgm"), [book.policies]);
  const policy = chosenPolicy(policies, form.policy);
  const profile = book.profile;
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  // A past sales date (docs/agent-book.md "Bought on an earlier day"): the day's market data from the history, else the SCE's figures.
  const pastDate = asOf && form.sold && form.sold < asOf ? form.sold : null;
  const salesDate = pastDate ?? asOf;
  const day = useDaySnapshot(pastDate);
  const [sce, setSce] = useState<SceLgmForm>(SCE_LGM_FORM_DEFAULTS);
  const commodity = commodityOf(form);
  const months = marketingMonths(commodity, salesDate ?? "2000-01-01");

  // The form's text → numbers (the quote screen's parser), then the book's input: the subsidy from the
  // customer's profile, exactly as lgmEndorsementFromQuote will price it.
  const built = useMemo(() => {
    if (!salesDate) return null;
    const parsed = buildLgmInput(form, salesDate);
    if (!parsed.ok) return parsed;
    try {
      const input = lgmQuoteInputFor({
        salesDate,
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
  }, [form, salesDate, profile]);
  // The worker holds today's market: a past day is priced on saving (its snapshot) or typed from the SCE.
  const { errors, generalError, invalid, quote } = useLgmQuote(
    "lgm-endorsement-create",
    pastDate && built?.ok ? null : built,
  );
  const backdatedInput = (id: string, userId: string): BackdatedLgmInput | null =>
    pastDate && built?.ok && policy
      ? {
          plan: "lgm",
          salesDate: pastDate,
          commodity: built.input.commodity,
          type: built.input.type,
          targetMarketings: built.input.targetMarketings,
          deductible: built.input.deductible,
          ...(built.input.weights ? { weights: built.input.weights as LgmWeights } : {}),
          profile: {
            farmerClassification: profile?.farmerClassification ?? "Neither",
            ...(profile?.farmingSinceYear !== undefined
              ? { farmingSinceYear: profile.farmingSinceYear }
              : {}),
          },
          policy,
          id,
          now: new Date(),
          userId,
        }
      : null;
  // A held day whose margins cannot price this endorsement (no RMA figures for it): typed from the SCE.
  const [heldRefused, setHeldRefused] = useState<string | null>(null);
  const sceMode = pastDate !== null && (day.status === "missing" || heldRefused === pastDate);
  const sceBuilt = buildLgmSce(sce);
  const checkInput = sceMode && sceBuilt.ok ? backdatedInput(CANDIDATE_ID, "check") : null;
  const made = checkInput && sceBuilt.ok ? backdatedCoverage(checkInput, null, sceBuilt.figures) : null;
  // Rule SCE1 on the device: the figures against RMA's bounds near the day, with the snapshots held here
  // (an engine price of the reference day: computed again only when the figures or the snapshots change).
  const near = useHeldSnapshots(sceMode ? pastDate : null);
  const heldDay = day.status === "held" ? day.snapshot : null;
  const boundsKey = made?.ok
    ? JSON.stringify([
        { ...made.record, createdAt: "", updatedAt: "" },
        heldDay?.asOf,
        ...near.snapshots.map((s) => s.asOf),
      ])
    : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the record and the snapshots
  const bounds = useMemo(
    () => (made?.ok ? deviceSceCheck(made.record, profile, [heldDay, ...near.snapshots]) : null),
    [boundsKey, profile],
  );
  const check = made ? withDeviceCheck(made, bounds) : null;
  const sceRecord = check?.ok && check.record.plan === "lgm" ? check.record : null;
  const sceErrors: Partial<Record<SceLgmField, string>> = {};
  if (check && !check.ok && check.field.startsWith("sce."))
    sceErrors[check.field.slice(4) as SceLgmField] = withoutPath(check.message, check.field);
  else if (sceMode && !sceBuilt.ok && tried) Object.assign(sceErrors, sceBuilt.errors);
  const noSales = asOf && !pastDate ? noSalesNow("lgm", commodity, asOf, new Date()) : null;
  const todayNoSales = noSales?.reason ?? null;
  const pastNoSales = pastDate ? noSalesReason("lgm", commodity, pastDate) : null;
  const soldError =
    form.sold && asOf && form.sold > asOf
      ? `Choose ${formatDate(asOf)} or an earlier day: an endorsement is recorded on or after its sales date`
      : pastDate && pastNoSales
        ? `No LGM sales on ${formatDate(pastDate)}: ${pastNoSales}. Choose the sales date printed on the SCE`
        : null;
  // The LRP + LGM-Cattle overlap rule on the endorsement being made, among the customer's coverages.
  const candidate =
    built?.ok && policy
      ? lgmOverlapCandidate({
          id: CANDIDATE_ID,
          policyId: policy.id,
          salesDate: built.input.salesDate,
          commodity: built.input.commodity,
          targetMarketings: built.input.targetMarketings,
        })
      : null;
  const windowOpen = asOf ? isInSalesWindow(asOf, new Date()) : false;
  const change = (patch: Partial<typeof form>) => {
    setSaveError(null);
    update(patch);
  };

  const missing = missingChoice({ customer: form.customer, policy, plan: "lgm" });
  const blockers: string[] = [];
  if (!form.customer) blockers.push("choose the customer");
  else if (!policy) blockers.push("choose the LGM policy");
  if (todayNoSales) blockers.push("choose the sales date of an endorsement bought on an earlier day");
  else if (soldError) blockers.push("choose another sales date");
  else if (pastDate) {
    if (!built?.ok) blockers.push("complete the marketings and deductible");
    else if (day.status === "loading") blockers.push("wait for the market data of the sales date");
    else if (sceMode && !sceRecord)
      blockers.push("type the SCE's figures so that they agree and lie within RMA's bounds");
    else if (sceMode && near.looking) blockers.push("wait for the market data near the sales date");
  } else if (!quote) blockers.push("complete the marketings and deductible");
  if (asOf && !windowOpen && !pastDate && !todayNoSales) blockers.push("wait for the next sales window");
  if (book.readOnly && form.customer) blockers.push("be an agent of this customer");

  // As on the LRP create screen: a missing customer or policy is said at its field on saving.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missing || invalid || blockers.length > 0) return;
    void save();
  };

  const savePast = () => {
    const input = backdatedInput(newRecordId(), session.user?.sub ?? "unknown");
    if (!input) return;
    const made = backdatedCoverage(
      input,
      day.status === "held" ? day.snapshot : null,
      sceMode && sceBuilt.ok ? sceBuilt.figures : null,
    );
    if (!made.ok) {
      if (made.code === "stale-market-data" && !sceMode && pastDate) setHeldRefused(pastDate);
      setSaveError(made.field.startsWith("sce") ? withoutPath(made.message, made.field) : made.message);
      return;
    }
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = made.record as LgmEndorsement;
    const id = book.create("coverages", record satisfies Omit<LgmEndorsement, Stamps>);
    stored.then(() => navigate(`/agent/coverages/lgm/${encodeURIComponent(id)}`));
  };

  const save = async () => {
    if (pastDate) return savePast();
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
    stored.then(() => navigate(`/agent/coverages/lgm/${encodeURIComponent(id)}`));
  };

  return (
    <BookForm className="quote coverage" data-testid="lgm-create-page" requiredNote={false} onSubmit={submit}>
      {/* The route's title is the endorsement page's ("LGM endorsement"): say this one makes a new one. */}
      <h2 className="coverage__title">New LGM endorsement</h2>
      <p className="coverages__intro">
        Record an LGM endorsement for a customer, today's or one bought on an earlier day. It is priced like
        the LGM quote screen on the market data of its sales date (or typed from the SCE when the market
        history does not hold that day), and the figures are frozen when you save.
      </p>
      <RequiredNote />
      <MarketStatus pricing={pricing} />
      {asOf && !windowOpen && !pastDate && !todayNoSales ? (
        <ClosedWindowAlert asOf={asOf} now={new Date()} what="endorsement" />
      ) : null}
      <Card aria-labelledby="lgm-create-who">
        <h2 id="lgm-create-who">Customer and policy</h2>
        <CustomerPolicyFields
          plan="lgm"
          customers={index.customers}
          customer={form.customer}
          policies={policies}
          policy={policy}
          loaded={book.loaded}
          errors={errors}
          showMissing={tried}
          onChange={change}
        />
        <div className="quote-form">
          <SalesDateField
            value={form.sold || asOf || ""}
            max={asOf ?? ""}
            error={soldError}
            onChange={(sold) => change({ sold: sold === asOf ? "" : sold })}
          />
        </div>
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
          months={salesDate ? months : []}
          showFarmerProvider={false}
          inForm
        />
      </Card>
      {generalError ? (
        <Alert tone="error" title="This endorsement cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {pastDate && day.status === "held" && !soldError ? (
        <p className="note" role="status" data-testid="lgm-past-held">
          Priced on the market data of {formatDate(pastDate)} from the market history when you save.
        </p>
      ) : null}
      {sceMode && !soldError ? (
        <Card aria-labelledby="lgm-create-sce">
          <h2 id="lgm-create-sce">Figures from the SCE</h2>
          <p className="note" data-testid="sce-why">
            RMA's margins of {formatDate(pastDate ?? "")} for this endorsement are not at hand (
            {day.status === "missing" ? day.why : "they could not price it"}). Type the figures printed on the
            SCE: they are checked against each other to the dollar, and the endorsement will say "entered from
            the SCE".
          </p>
          <SceLgmFields
            form={sce}
            errors={sceErrors}
            onChange={(patch) => {
              setSaveError(null);
              setSce((s) => ({ ...s, ...patch }));
            }}
          />
          {sceRecord ? (
            <p className="note" data-testid="sce-check" role="status">
              The figures agree: guarantee {formatDollars(sceRecord.grossMarginGuarantee)}, total premium{" "}
              {formatDollars(sceRecord.totalPremium)}, subsidy {formatDollars(sceRecord.subsidy)}, producer
              premium {formatDollars(sceRecord.producerPremium)}; ends {formatDate(sceRecord.endDate)}.
              <SceBoundsNote check={bounds} />
            </p>
          ) : check && !check.ok && !check.field.startsWith("sce.") ? (
            <p className="field__error" data-testid="sce-check" role="status">
              {check.message}
            </p>
          ) : null}
        </Card>
      ) : null}
      {quote && !pastDate ? (
        <Card aria-labelledby="lgm-create-quote" data-testid="lgm-create-quote">
          <h2 id="lgm-create-quote">Priced</h2>
          <LgmFigures quote={quote} deductible={formatDeductible(form.deductible, commodity)} />
          <h3>Deductible on its curve</h3>
          <DeductiblePosition
            commodity={commodity}
            deductible={form.deductible}
            curve={quote.deductibleCurve}
          />
        </Card>
      ) : null}
      {candidate ? (
        <OverlapWarnings
          coverageId={CANDIDATE_ID}
          coverages={[...Object.values(book.coverages), candidate]}
          policies={book.policies}
        />
      ) : null}
      <SaveCard
        headingId="lgm-create-save"
        what="endorsement"
        error={stored.problem ?? saveError}
        blockers={blockers}
        disabled={!missing && (invalid || blockers.length > 0)}
        saving={saving || stored.storing}
        status={pastDate ? savedStatusLabel(sceRecord?.endDate, new Date()) : "Quoted"}
        notice={
          todayNoSales
            ? `No LGM sales on ${noSales ? formatDate(noSales.date) : ""}: ${todayNoSales}. Nothing can be bought today; an endorsement bought on an earlier day can still be recorded: choose its sales date above.`
            : null
        }
      />
    </BookForm>
  );
}
