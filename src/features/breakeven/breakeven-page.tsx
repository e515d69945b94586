import Decimal from "decimal.js";
import type { BreakevenResult } from "../../../shared/pricing/breakeven/breakeven";
import type { LrpCoverageRow, LrpQuote } from "../../../shared/pricing/lrp/quote";
import { SelectField, TextField } from "../../components/quote/field";
import { MarketStatus } from "../../components/quote/market-status";
import { QuoteActions } from "../../components/quote/quote-actions";
import { Segmented } from "../../components/quote/segmented";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { formatDollars, formatPercent, formatPrice, formatWeeks, parseTypedNumber } from "../../lib/format";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import "../../components/quote/quote.css";
import { startPricing } from "../../lib/pricing/pricing-store";
import {
  BREAKEVEN_DEFAULTS,
  buildBreakeven,
  COST_FIELDS,
  type Errors,
  FIELD_OF_PATH,
  lrpQuoteForBreakeven,
  lrpTypeForSaleWeight,
} from "./breakeven-form";

// The worker and the market snapshot start loading once the route has this screen's code, before its
// first render (src/app/route-elements.tsx).
export const onRouteLoad = startPricing;

const rowKeyOf = (r: LrpCoverageRow) => `${r.endorsementLengthWeeks}-${r.coverageLevel}`;

/** The default offer: the shortest length at the level closest to 95 %. */
function defaultOffer(offers: readonly LrpCoverageRow[]): LrpCoverageRow | undefined {
  const first = offers[0]?.endorsementLengthWeeks;
  return offers
    .filter((r) => r.endorsementLengthWeeks === first)
    .sort((a, b) => Math.abs(a.coverageLevel - 0.95) - Math.abs(b.coverageLevel - 0.95))[0];
}

/** /breakeven-calculator — the sale price that covers the costs, beside an LRP net price floor. */
export default function BreakevenPage() {
  const pricing = usePricing();
  const [form, update] = useUrlState(BREAKEVEN_DEFAULTS);
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const lrpInput = asOf && form.lrp === "quote" ? lrpQuoteForBreakeven(form, asOf) : null;
  const lrp = useWorkerResult<LrpQuote>("breakeven-lrp", lrpInput ? JSON.stringify(lrpInput) : null, (api) =>
    api.quoteLrp(lrpInput, { all: true, channel: "breakeven-lrp" }),
  );
  const offers = lrp.status === "done" ? (lrp.value.offers ?? []) : [];
  const offer = offers.find((r) => rowKeyOf(r) === form.row) ?? defaultOffer(offers);
  const built = buildBreakeven(
    form,
    offer
      ? { coveragePricePerCwt: offer.coveragePricePerCwt, producerPremiumPerCwt: offer.producerPremiumPerCwt }
      : null,
  );
  const result = useWorkerResult<BreakevenResult>(
    "breakeven",
    built.ok ? JSON.stringify(built.input) : null,
    (api) => api.breakeven(built.ok ? built.input : null, { channel: "breakeven" }),
  );

  const errors: Errors = built.ok ? {} : { ...built.errors };
  let generalError: string | null = null;
  if (result.status === "failed") {
    const field = FIELD_OF_PATH[String(result.path[0])];
    if (field) errors[field] = messageForField(result.message, result.path);
    else generalError = result.message;
  }
  const invalid = Object.keys(errors).length > 0 || generalError !== null;
  const value = invalid
    ? null
    : result.status === "done"
      ? result.value
      : result.status === "pending"
        ? (result.last ?? null)
        : null;
  const sw = parseTypedNumber(form.sw);
  const lrpType = sw === null ? null : lrpTypeForSaleWeight(sw);
  const field = (key: keyof typeof form, label: string, suffix: string, hint?: string) => (
    <TextField
      key={key}
      label={label}
      name={key}
      suffix={suffix}
      value={form[key]}
      error={errors[key]}
      hint={hint}
      onChange={(v) => update({ [key]: v })}
    />
  );

  return (
    <div className="quote">
      <MarketStatus pricing={pricing} />
      <Card aria-labelledby="be-inputs">
        <h2 id="be-inputs">Your cattle and costs</h2>
        <form className="quote-form" onSubmit={(e) => e.preventDefault()} noValidate>
          {field("pw", "Purchase weight", "cwt/head")}
          {field("pp", "Purchase price", "$/cwt")}
          {field("sw", "Sale weight", "cwt/head")}
          {COST_FIELDS.map((c) => field(c.key, c.label, "$/head"))}
          {field("death", "Death loss", "%", "Percent of head placed")}
        </form>
      </Card>

      <Card aria-labelledby="be-lrp">
        <h2 id="be-lrp">LRP price floor to compare</h2>
        <div className="quote-form">
          <div className="quote-form__wide">
            <Segmented
              label="LRP figures"
              value={form.lrp === "own" ? "own" : "quote"}
              options={[
                { value: "quote", label: "Today's LRP quote" },
                { value: "own", label: "My own figures" },
              ]}
              onChange={(lrpMode) => update({ lrp: lrpMode })}
            />
          </div>
          {form.lrp === "own" ? (
            <>
              {field("cp", "LRP coverage price", "$/cwt")}
              {field("prem", "LRP producer premium", "$/cwt")}
            </>
          ) : lrpType ? (
            <SelectField
              className="quote-form__wide"
              label={`Endorsement (${lrpType.label}, ${form.sw} cwt)`}
              name="row"
              value={offer ? rowKeyOf(offer) : ""}
              options={offers.map((r) => ({
                value: rowKeyOf(r),
                label: `${formatWeeks(r.endorsementLengthWeeks)} at ${formatPercent(r.coverageLevel)}: ${formatPrice(
                  r.coveragePricePerCwt,
                  2,
                )} − ${formatPrice(r.producerPremiumPerCwt, 4)}/cwt${r.indicative ? " (indicative)" : ""}`,
              }))}
              onChange={(row) => update({ row })}
            />
          ) : (
            <p className="note quote-form__wide">
              No LRP type insures cattle sold at {form.sw} cwt (feeder cattle 1 to 10 cwt, fed cattle 10 to 16
              cwt).
            </p>
          )}
        </div>
      </Card>

      {generalError ? (
        <Alert tone="error" title="This cannot be worked out">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {invalid && !generalError ? (
        <p className="note" role="status">
          Correct the marked field to see the breakeven.
        </p>
      ) : null}

      {value ? (
        <Card aria-labelledby="be-result" data-testid="breakeven-result">
          <h2 id="be-result">Breakeven</h2>
          <div className="split">
            <dl className="figures">
              <div>
                <dt>Cost per head placed</dt>
                <dd>{formatDollars(value.costPerHead, { cents: true })}</dd>
              </div>
              <div>
                <dt>Breakeven per head sold</dt>
                <dd>{formatDollars(value.breakevenPerHead, { cents: true })}</dd>
              </div>
              <div>
                <dt>Breakeven price (/cwt)</dt>
                <dd data-testid="breakeven-cwt">{formatPrice(value.breakevenPerCwt, 2)}</dd>
              </div>
            </dl>
            {value.lrp ? (
              <dl className="figures">
                <div>
                  <dt>LRP net price floor (/cwt)</dt>
                  <dd data-testid="lrp-floor">{formatPrice(value.lrp.netPriceFloorPerCwt, 4)}</dd>
                </div>
                <div>
                  <dt>
                    Floor {value.lrp.floorOverBreakevenPerCwt >= 0 ? "above" : "below"} breakeven (/cwt)
                  </dt>
                  <dd className={value.lrp.floorOverBreakevenPerCwt >= 0 ? "net-positive" : "net-negative"}>
                    {formatPrice(value.lrp.floorOverBreakevenPerCwt, 2)}
                  </dd>
                </div>
                <div>
                  <dt>Per head sold</dt>
                  <dd className={value.lrp.floorOverBreakevenPerHead >= 0 ? "net-positive" : "net-negative"}>
                    {formatDollars(value.lrp.floorOverBreakevenPerHead, { cents: true })}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="note">
                Choose an LRP endorsement or type your own figures to compare a price floor.
              </p>
            )}
          </div>
          <p className="note">
            Breakeven = (purchase weight × price + costs) ÷ (1 − death loss) ÷ sale weight. Net price floor =
            LRP coverage price − producer premium per cwt
            {offer && form.lrp !== "own"
              ? ` (${formatWeeks(offer.endorsementLengthWeeks)} at ${formatPercent(offer.coverageLevel)})`
              : ""}
            ; LRP pays on a cash index, so your own sale price can differ from it.
          </p>
          <QuoteActions
            text={() =>
              [
                "Breakeven",
                `Cost per head placed: ${formatDollars(value.costPerHead, { cents: true })}`,
                `Breakeven per head sold: ${formatDollars(value.breakevenPerHead, { cents: true })}`,
                `Breakeven price: ${formatPrice(value.breakevenPerCwt, 2)}/cwt`,
                ...(value.lrp
                  ? [
                      `LRP net price floor: ${formatPrice(value.lrp.netPriceFloorPerCwt, 4)}/cwt`,
                      `Floor minus breakeven: ${formatPrice(value.lrp.floorOverBreakevenPerCwt, 2)}/cwt (${formatDollars(new Decimal(value.lrp.floorOverBreakevenPerHead), { cents: true })}/head)`,
                    ]
                  : []),
                window.location.href,
              ].join("\n")
            }
          />
        </Card>
      ) : null}
    </div>
  );
}
