import { type FormEvent, useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { cropYearOf } from "../../../shared/book/crop-year";
import { asksForwardPurchase } from "../../../shared/book/forward-purchase";
import { lrpCoverageFromOffer } from "../../../shared/book/lrp-coverage";
import { backdatedCoverage, noSalesNow, noSalesReason } from "../../../shared/book/sce-backdated";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { LrpCoverage } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LrpCoverageRow, LrpQuote } from "../../../shared/pricing/lrp/quote";
import { isInSalesWindow } from "../../../shared/pricing/sales-window";
import { newRecordId, useBookIndex, useCustomerBook } from "../../components/book";
import { BookForm } from "../../components/book-forms";
import { describeRow } from "../../components/quote/columns";
import { CoverageTable } from "../../components/quote/coverage-table";
import { type LrpField, lrpFieldOf, rowKey, typesOf } from "../../components/quote/lrp-form";
import { LrpHerdFields, LrpOfferFilters } from "../../components/quote/lrp-herd-fields";
import { MarketStatus } from "../../components/quote/market-status";
import { pricedErrors } from "../../components/quote/priced-errors";
import { viewRows } from "../../components/quote/table-view";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars, formatNumber } from "../../lib/format";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, shownResult, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import { useAfterStored } from "../../lib/sync";
import { SalesDateField, SceBoundsNote, SceLrpFields } from "./backdated-parts";
import { ClosedWindowAlert, keepEnterFromSaving, SaveCard } from "./create-parts";
import { CustomerPolicyFields, missingChoice } from "./customer-policy-fields";
import { ForwardPurchaseField, type ForwardPurchaseState } from "./forward-purchase-field";
import { buildCreateInput, CREATE_DEFAULTS, chosenPolicy, openPolicies } from "./lrp-create-form";
import { OverlapWarnings } from "./overlap-warnings";
import { buildSce, sceFieldOf, withoutPath } from "./sce-form";
import { backdatedInput, savedStatusLabel, useBackdatedLrp } from "./use-backdated-lrp";
import "../../components/quote/quote.css";
import "./coverages.css";

type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";
/** The id the overlap rule gives the coverage being made (never a record's: ids are ulids). */
const CANDIDATE_ID = "new-lrp-coverage";

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
  const stored = useAfterStored("coverage");
  const [forward, setForward] = useState<ForwardPurchaseState>({ answer: undefined, deliveryDate: "" });
  const [tried, setTried] = useState(false);

  const policies = useMemo(() => openPolicies(book.policies, "lrp"), [book.policies]);
  const policy = chosenPolicy(policies, form.policy);
  const coverages = useMemo(() => Object.values(book.coverages), [book.coverages]);
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  // A past sales date (docs/agent-book.md "Bought on an earlier day"): an endorsement bought on an earlier day.
  const pastDate = asOf && form.sold && form.sold < asOf ? form.sold : null;
  const salesDate = pastDate ?? asOf;
  const profile = book.profile;
  const built = useMemo(
    () => (salesDate ? buildCreateInput(form, salesDate, profile, coverages) : null),
    [form, salesDate, profile, coverages],
  );
  const backdated = useBackdatedLrp({
    pastDate,
    input: built?.ok ? built.input : null,
    herd: built?.ok ? built.herd : null,
    policy,
    profile,
    coverages,
    showAll: tried,
  });
  const key = built?.ok && !pastDate ? JSON.stringify(built.input) : null;
  const result = useWorkerResult<LrpQuote>("lrp-coverage-create", key, (api) =>
    api.quoteLrp(built?.ok ? built.input : null, { all: true, channel: "lrp-coverage-create" }),
  );

  const { errors, generalError, invalid } = pricedErrors<
    Partial<Record<LrpField | "customer" | "policy", string>>
  >(
    {
      // A refusal on saving stays at its field until the form changes; the form's own come first.
      ...(saveError?.field ? { [saveError.field]: saveError.message } : {}),
      ...(built && !built.ok ? built.errors : {}),
    },
    result,
    lrpFieldOf,
  );
  const shownToday = invalid || pricing.status !== "ready" || pastDate ? null : shownResult(result);
  const shown = pastDate ? (backdated.offers.length > 0 && !invalid ? backdated : null) : shownToday;
  const offers = useMemo(
    () => (pastDate ? backdated.offers : (shownToday?.value.offers ?? [])),
    [pastDate, backdated.offers, shownToday],
  );
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
  // A day without sales is said beside the button before anything is typed; a past date stays allowed.
  const noSales = asOf && !pastDate ? noSalesNow("lrp", commodity, asOf, new Date()) : null;
  const todayNoSales = noSales?.reason ?? null;
  const pastNoSales = pastDate ? noSalesReason("lrp", commodity, pastDate) : null;
  const soldError =
    form.sold && asOf && form.sold > asOf
      ? `Choose ${formatDate(asOf)} or an earlier day: an endorsement is recorded on or after its sales date`
      : pastDate && pastNoSales
        ? `No LRP ${commodity === "0815" ? "swine" : "cattle"} sales on ${formatDate(pastDate)}: ${pastNoSales}. Choose the sales date printed on the SCE`
        : null;
  const sceRecord =
    backdated.check?.ok && backdated.check.record.plan === "lrp" ? backdated.check.record : null;
  const endDate = pastDate && backdated.sceMode ? sceRecord?.endDate : chosenRow?.endDate;
  const type = typesOf(form.commodity).find((t) => t.code === form.type);
  const lengths = [...new Set(offers.map((r) => r.endorsementLengthWeeks))];
  const change = (patch: Partial<typeof form>) => {
    setSaveError(null);
    update(patch);
  };

  const asksForward = salesDate !== null && asksForwardPurchase(cropYearOf(salesDate), commodity);
  const missing = missingChoice({ customer: form.customer, policy, plan: "lrp" });
  const blockers: string[] = [];
  if (!form.customer) blockers.push("choose the customer");
  else if (!policy) blockers.push("choose the LRP policy");
  if (todayNoSales) blockers.push("choose the sales date of an endorsement bought on an earlier day");
  else if (soldError) blockers.push("choose another sales date");
  else if (pastDate && backdated.day.status === "loading")
    blockers.push("wait for the market data of the sales date");
  else if (pastDate && backdated.sceMode) {
    if (!sceRecord) blockers.push("type the SCE's figures so that they agree and lie within RMA's bounds");
    else if (backdated.boundsLooking) blockers.push("wait for the market data near the sales date");
  } else if (!chosenRow) blockers.push("choose a row of the offer table");
  else if (chosenRow.indicative)
    blockers.push("choose a row with RMA's rate (rows marked * are modelled and cannot be bought)");
  if (asOf && !windowOpen && !pastDate && !todayNoSales) blockers.push("wait for the next sales window");
  if (book.readOnly && form.customer) blockers.push("be an agent of this customer");
  if (asksForward && forward.answer === undefined)
    blockers.push("answer whether any cattle are forward-purchased");

  // A customer or policy still to choose is said at its field (the button stays on for that); what
  // has no field (a row, the window, the forward-purchase answer) keeps the button off, said beside it.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missing || invalid || blockers.length > 0) return;
    void save();
  };

  const savePast = () => {
    if (!pastDate) return;
    const sceBuilt = backdated.sceMode ? buildSce(backdated.sce) : null;
    const offer =
      sceBuilt?.ok === true
        ? { endorsementLengthWeeks: sceBuilt.endorsementLengthWeeks, coverageLevel: sceBuilt.coverageLevel }
        : chosenRow
          ? {
              endorsementLengthWeeks: chosenRow.endorsementLengthWeeks,
              coverageLevel: chosenRow.coverageLevel,
            }
          : null;
    const input =
      offer &&
      backdatedInput(
        {
          pastDate,
          input: built?.ok ? built.input : null,
          herd: built?.ok ? built.herd : null,
          policy,
          profile,
          coverages,
          showAll: true,
        },
        offer,
        {
          id: newRecordId(),
          now: new Date(),
          userId: session.user?.sub ?? "unknown",
          ...(asksForward && forward.answer !== undefined
            ? {
                forwardPurchase: {
                  forwardPurchasedCattle: forward.answer,
                  ...(forward.answer ? { forwardPurchaseDeliveryDate: forward.deliveryDate } : {}),
                },
              }
            : {}),
        },
      );
    if (!input) return;
    const made = backdatedCoverage(
      input,
      backdated.day.status === "held" ? backdated.day.snapshot : null,
      sceBuilt?.ok ? sceBuilt.figures : null,
    );
    if (!made.ok) {
      const path = made.field.split(".");
      const field = sceFieldOf(made.field) ? null : (lrpFieldOf(made.code, path) ?? null);
      setSaveError({
        field,
        message: field ? messageForField(made.message, path) : withoutPath(made.message, made.field),
      });
      return;
    }
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = made.record as LrpCoverage;
    const id = book.create("coverages", record satisfies Omit<LrpCoverage, Stamps>);
    stored.then(() => navigate(`/agent/coverages/lrp/${encodeURIComponent(id)}`));
  };

  const save = async () => {
    if (pastDate) return savePast();
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
        ...(asksForward && forward.answer !== undefined
          ? {
              forwardPurchase: {
                forwardPurchasedCattle: forward.answer,
                ...(forward.answer ? { forwardPurchaseDeliveryDate: forward.deliveryDate } : {}),
              },
            }
          : {}),
        id: newRecordId(),
        now: new Date(),
        userId: session.user?.sub ?? "unknown",
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      if (e.path?.[0] === "forwardPurchaseDeliveryDate") {
        setSaveError({ field: null, message: messageForField(e.message, e.path) });
        return;
      }
      const field = lrpFieldOf(e.code, e.path) ?? null;
      setSaveError({ field, message: messageForField(e.message, e.path) });
      return;
    }
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = made;
    const id = book.create("coverages", record satisfies Omit<LrpCoverage, Stamps>);
    stored.then(() => navigate(`/agent/coverages/lrp/${encodeURIComponent(id)}`));
  };

  return (
    <BookForm className="quote coverage" data-testid="lrp-coverage-create-page" onSubmit={submit}>
      <p className="coverages__intro">
        Record an LRP endorsement for a customer from today's offers, or one bought on an earlier day with its
        sales date. The figures are the offer's, priced like the LRP quote screen (or typed from the SCE), and
        are frozen when you save.
      </p>
      <MarketStatus pricing={pricing} lrpSales={commodity === "0815" ? "swine" : "cattle"} />
      {asOf && !windowOpen && !pastDate && !todayNoSales ? (
        <ClosedWindowAlert asOf={asOf} now={now} what="coverage" />
      ) : null}

      <Card aria-labelledby="create-who">
        <h2 id="create-who">Customer and policy</h2>
        <CustomerPolicyFields
          plan="lrp"
          customers={index.customers}
          customer={form.customer}
          policies={policies}
          policy={policy}
          loaded={book.loaded}
          errors={errors}
          showMissing={tried}
          onChange={change}
        />
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
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in a field from saving */}
        <div className="quote-form" onKeyDown={keepEnterFromSaving}>
          <SalesDateField
            value={form.sold || asOf || ""}
            max={asOf ?? ""}
            error={soldError}
            onChange={(sold) => change({ sold: sold === asOf ? "" : sold, row: "" })}
          />
          <LrpHerdFields form={form} errors={errors} onChange={change} />
        </div>
      </Card>

      {pastDate && backdated.day.status === "loading" ? (
        <p className="note" role="status">
          Looking for the market data of {formatDate(pastDate)} in the market history…
        </p>
      ) : null}
      {pastDate && backdated.offersError && !backdated.sceMode ? (
        <Alert tone="error" title="The offers of that day cannot be priced">
          <p>{backdated.offersError}</p>
        </Alert>
      ) : null}
      {pastDate && backdated.sceMode && !soldError ? (
        <Card aria-labelledby="create-sce">
          <h2 id="create-sce">Figures from the SCE</h2>
          <p className="note" data-testid="sce-why">
            RMA's offers of {formatDate(pastDate)} for this type are not at hand (
            {backdated.day.status === "missing" ? backdated.day.why : "no RMA rate that day"}). Type the
            figures printed on the Specific Coverage Endorsement: they are checked against each other to the
            dollar, and the coverage will say "entered from the SCE".
          </p>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in a field from saving */}
          <div onKeyDown={keepEnterFromSaving}>
            <SceLrpFields
              form={backdated.sce}
              lengths={backdated.lengths}
              pafHint={`Optional: as printed on the SCE; empty means ${type?.priceAdjustmentFactor ?? 1} for ${type?.label ?? "this type"} (enter 1 when the SCE's prices already include the factor)`}
              errors={backdated.sceErrors}
              onChange={(patch) => {
                setSaveError(null);
                backdated.setSce(patch);
              }}
            />
          </div>
          {sceRecord ? (
            <p className="note" data-testid="sce-check" role="status">
              The figures agree: insured value {formatDollars(sceRecord.insuredValue, { cents: true })}, total
              premium {formatDollars(sceRecord.totalPremium)}, subsidy {formatDollars(sceRecord.subsidy)},
              producer premium {formatDollars(sceRecord.producerPremium)}; ends{" "}
              {formatDate(sceRecord.endDate)}.
              <SceBoundsNote check={backdated.bounds} />
            </p>
          ) : backdated.check && !backdated.check.ok && !sceFieldOf(backdated.check.field) ? (
            <p className="field__error" data-testid="sce-check" role="status">
              {backdated.check.message}
            </p>
          ) : null}
        </Card>
      ) : null}

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
          <h2 id="create-offers">{pastDate ? `Offers of ${formatDate(pastDate)}` : "Today's offers"}</h2>
          <p className="note">
            {offers.length} offers of {salesDate ? formatDate(salesDate) : ""} for {type?.label ?? form.type},{" "}
            {formatNumber(herd.head)} head at {form.weight} cwt. Choose the row to buy.
          </p>
          <div className="quote-form no-print">
            <LrpOfferFilters form={form} lengths={lengths} onChange={update} />
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

      {asksForward ? (
        <Card aria-labelledby="create-forward">
          <h2 id="create-forward">Forward-purchased cattle</h2>
          <ForwardPurchaseField
            value={forward}
            endDate={endDate ?? null}
            onChange={(next) => {
              setSaveError(null);
              setForward(next);
            }}
          />
        </Card>
      ) : null}

      {chosenRow && policy && salesDate ? (
        <OverlapWarnings
          coverageId={CANDIDATE_ID}
          coverages={[
            ...coverages,
            {
              id: CANDIDATE_ID,
              plan: "lrp",
              policyId: policy.id,
              cropYear: cropYearOf(salesDate),
              status: "quoted",
              commodity,
              endDate: chosenRow.endDate,
              head: herd.head,
            },
          ]}
          policies={book.policies}
        />
      ) : null}

      <SaveCard
        headingId="create-save"
        testId="create-summary"
        what="coverage"
        error={stored.problem ?? (saveError && !saveError.field ? saveError.message : null)}
        blockers={blockers}
        disabled={!missing && (invalid || blockers.length > 0)}
        saving={saving || stored.storing}
        status={pastDate ? savedStatusLabel(endDate, now) : "Quoted"}
        notice={
          todayNoSales
            ? `No LRP ${commodity === "0815" ? "swine" : "cattle"} sales on ${noSales ? formatDate(noSales.date) : ""}: ${todayNoSales}. Nothing can be bought today; an endorsement bought on an earlier day can still be recorded: choose its sales date above.`
            : null
        }
      >
        {pastDate && backdated.sceMode ? (
          sceRecord ? (
            <p>
              Bought on {formatDate(pastDate)}, entered from the SCE: producer premium{" "}
              <strong data-testid="chosen-premium">{formatDollars(sceRecord.producerPremium)}</strong>.
            </p>
          ) : null
        ) : chosenRow ? (
          <p>
            <strong>{describeRow(chosenRow)}</strong>, ends {formatDate(chosenRow.endDate)}: producer premium{" "}
            <strong data-testid="chosen-premium">{formatDollars(chosenRow.producerPremium)}</strong> (total{" "}
            {formatDollars(chosenRow.totalPremium)}, subsidy {formatDollars(chosenRow.subsidy)}).
          </p>
        ) : null}
      </SaveCard>
    </BookForm>
  );
}
