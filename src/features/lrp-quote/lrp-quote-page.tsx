import { useCallback, useMemo } from "react";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import { UNIT_BASES, type UnitBasis } from "../../../shared/catalogue/plans";
import type { LrpCoverageRow, LrpQuote } from "../../../shared/pricing/lrp/quote";
import { offeredProvider } from "../../components/org-providers/quote-offer";
import { useQuoteProviders } from "../../components/org-providers/use-quote-providers";
import { FarmerProviderFields } from "../../components/quote/farmer-provider-fields";
import { MarketStatus } from "../../components/quote/market-status";
import { QuoteActions } from "../../components/quote/quote-actions";
import { Segmented } from "../../components/quote/segmented";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
// The sync layer's light parts only: the form itself loads for signed-in agents and customers.
import { SaveToWatchlistSlot } from "../../components/watchlist/save-to-watchlist-slot";
import { formatNumber } from "../../lib/format";
import { useUrlState } from "../../lib/pricing/url-state";
import { shownResult, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import { lrpSetupFrom } from "../../lib/sync/react/watch-setup";
import "../../components/quote/quote.css";
import { HistorySlot } from "../../components/market-history/history-slot";
import { CoverageTable } from "../../components/quote/coverage-table";
import {
  basisOf,
  buildLrpInput,
  LRP_DEFAULTS,
  type LrpField,
  lrpFieldOf,
  parseRowKey,
  rowKey,
  typesOf,
} from "../../components/quote/lrp-form";
import { LrpHerdFields, LrpOfferFilters } from "../../components/quote/lrp-herd-fields";
import { OrderButtonSlot } from "../../components/quote/order-button-slot";
import { pricedErrors } from "../../components/quote/priced-errors";
import { viewRows } from "../../components/quote/table-view";
import { BASIS_LABELS } from "../../components/quote/unit-basis";
import { startPricing } from "../../lib/pricing/pricing-store";
import { ChosenCoverage } from "./chosen-coverage";
import { FloorChart } from "./floor-chart";
import { coverageTableText, orderNoSalesText } from "./quote-text";

// The worker and the market snapshot start loading once the route has this screen's code, before its
// first render (src/app/route-elements.tsx).
export const onRouteLoad = startPricing;

/** /insurance/lrp-quote — every endorsement length and coverage level offered today, priced. */
export default function LrpQuotePage() {
  const pricing = usePricing();
  const [form, update] = useUrlState(LRP_DEFAULTS);
  const providerOffer = useQuoteProviders("lrp");
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const built = useMemo(() => (asOf ? buildLrpInput(form, asOf) : null), [form, asOf]);
  const key = built?.ok ? JSON.stringify(built.input) : null;
  const result = useWorkerResult<LrpQuote>("lrp-quote-page", key, (api) =>
    api.quoteLrp(built?.ok ? built.input : null, { all: true, channel: "lrp-quote-page" }),
  );

  const { errors, generalError, invalid } = pricedErrors<Partial<Record<LrpField, string>>>(
    built && !built.ok ? built.errors : null,
    result,
    lrpFieldOf,
  );
  const shownNow = invalid || pricing.status !== "ready" ? null : shownResult(result);
  const quote = shownNow?.value ?? null;
  // The herd and commodity the shown figures were computed for (not the field being typed in).
  const pricedKey = shownNow?.key ?? null;
  const priced = useMemo(
    () =>
      pricedKey
        ? (JSON.parse(pricedKey) as {
            commodity: string;
            head: number;
            targetWeightCwt: number;
            share?: number;
          })
        : null,
    [pricedKey],
  );
  const commodity = (priced?.commodity ?? (built?.ok ? built.commodity : "0801")) as LrpCommodityCode;
  const basis: UnitBasis = basisOf(form);
  const herdHead = priced?.head ?? 1;
  const herdWeight = priced?.targetWeightCwt ?? 1;
  const herdShare = priced?.share ?? 1;
  const herd = useMemo(
    () => ({ head: herdHead, targetWeightCwt: herdWeight, share: herdShare }),
    [herdHead, herdWeight, herdShare],
  );
  const ctx = useMemo(() => ({ commodity, basis, herd }), [commodity, basis, herd]);
  const offers = useMemo(() => quote?.offers ?? [], [quote]);
  const shown = useMemo(
    () => viewRows(offers, { weeks: form.weeks, level: form.level, sort: form.sort }),
    [offers, form.weeks, form.level, form.sort],
  );
  const onSort = useCallback((sort: string) => update({ sort }), [update]);
  const onChoose = useCallback(
    (r: LrpCoverageRow) => update({ row: rowKey(r.endorsementLengthWeeks, r.coverageLevel) }),
    [update],
  );
  const lengths = [...new Set(offers.map((r) => r.endorsementLengthWeeks))];
  const requested = parseRowKey(form.row);
  const chosenRow: LrpCoverageRow | undefined =
    (requested &&
      offers.find(
        (r) =>
          r.endorsementLengthWeeks === requested.weeks && Math.abs(r.coverageLevel - requested.level) < 1e-9,
      )) ||
    offers[0];
  const chosen = useMemo(
    () => (chosenRow ? { weeks: chosenRow.endorsementLengthWeeks, level: chosenRow.coverageLevel } : null),
    [chosenRow],
  );
  const type = typesOf(form.commodity).find((t) => t.code === form.type);
  const anyIndicative = offers.some((r) => r.indicative);
  const group = commodity === "0815" ? "swine" : "cattle";

  return (
    <div className="quote">
      <MarketStatus pricing={pricing} lrpSales={group} />
      <Card aria-labelledby="lrp-inputs" className="no-print">
        <h2 id="lrp-inputs" className="visually-hidden">
          What to insure
        </h2>
        <form className="quote-form" onSubmit={(e) => e.preventDefault()} noValidate>
          <LrpHerdFields form={form} errors={errors} onChange={update} />
          <FarmerProviderFields
            plan="lrp"
            values={form}
            errors={errors}
            onChange={update}
            providerHint="Premiums are the same with every provider (RMA sets them)."
          />
        </form>
      </Card>

      {generalError ? (
        <Alert tone="error" title="This quote cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {invalid && !generalError ? (
        <p className="note" role="status">
          Correct the marked field to see the coverage table.
        </p>
      ) : null}

      {quote && chosenRow ? (
        <ChosenCoverage
          row={chosenRow}
          commodity={commodity}
          head={herd.head}
          providerId={offeredProvider(providerOffer, form.provider)}
        >
          {pricedKey ? <SaveToWatchlistSlot setup={lrpSetupFrom(pricedKey, chosenRow)} /> : null}
        </ChosenCoverage>
      ) : null}
      <HistorySlot
        offer={
          quote && chosenRow && asOf
            ? {
                commodity,
                type: form.type,
                length: chosenRow.endorsementLengthWeeks,
                coverageLevel: chosenRow.coverageLevel,
                asOf,
              }
            : null
        }
      />
      {quote && (chosenRow || quote.noSales) ? (
        <OrderButtonSlot
          noSales={orderNoSalesText(quote.noSales, group)}
          inputs={{
            commodity: form.commodity,
            type: form.type,
            head: form.head,
            weight: form.weight,
            share: form.share,
            row: chosenRow ? rowKey(chosenRow.endorsementLengthWeeks, chosenRow.coverageLevel) : "",
          }}
        />
      ) : null}

      {quote ? (
        <Card aria-labelledby="lrp-table-title">
          <h2 id="lrp-table-title">Coverage table</h2>
          <p className="note">
            {offers.length} offers for {type?.label ?? form.type}, {formatNumber(herd.head)} head at{" "}
            {form.weight} cwt. Choose a row to see it in the summary and the chart.
          </p>
          <div className="quote-form no-print">
            <div className="quote-form__wide">
              <Segmented
                label="Show dollar figures"
                value={basis}
                options={UNIT_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))}
                onChange={(b) => update({ basis: b })}
              />
            </div>
            <LrpOfferFilters form={form} lengths={lengths} onChange={update} />
          </div>
          {anyIndicative ? (
            <p className="note">
              <span className="indicative-mark">*</span> Indicative rate: RMA has not published this row, so
              the rate is modelled from the CME put and the premium is an estimate.
            </p>
          ) : null}
          <QuoteActions
            text={() =>
              coverageTableText(
                {
                  title: `LRP quote: ${type?.label ?? form.type}, ${formatNumber(herd.head)} head at ${form.weight} cwt`,
                  asOf: pricing.status === "ready" ? pricing.market.asOf : "",
                  marketLabel: pricing.status === "ready" ? pricing.market.label : "",
                  url: window.location.href,
                },
                shown,
                ctx,
              )
            }
          />
          <CoverageTable
            rows={shown}
            ctx={ctx}
            sort={form.sort}
            onSort={onSort}
            chosen={chosen}
            onChoose={onChoose}
          />
          <p className="note">
            {shown.length} of {offers.length} rows shown. LRP settles on a cash index (the CME Feeder Cattle
            Index, the 5-area fed steer price or the CME Lean Hog Index); a CME put settles on futures. The
            put columns are a guide to price, not the same protection.
          </p>
        </Card>
      ) : null}

      {quote && chosen ? (
        <Card aria-label="Chart" className="no-print">
          <FloorChart rows={offers} weeks={chosen.weeks} commodity={commodity} />
        </Card>
      ) : null}
    </div>
  );
}
