import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import type { LgmScenarioResult } from "../../../shared/pricing/lgm/scenarios";
import { LineChart } from "../../components/charts";
import { SERIES_COLOURS } from "../../components/charts/colours";
import { LgmInputs } from "../../components/quote/lgm-inputs";
import { MarketStatus } from "../../components/quote/market-status";
import { QuoteActions } from "../../components/quote/quote-actions";
import { Segmented } from "../../components/quote/segmented";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { formatDollars, formatMonth } from "../../lib/format";
import {
  buildLgmInput,
  commodityOf,
  fieldOfPath,
  LGM_DEFAULTS,
  type LgmErrors,
  lgmTypeOf,
  marketingMonths,
} from "../../lib/pricing/lgm/lgm-form";
import { useUrlState } from "../../lib/pricing/url-state";
import { messageForField, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import "../../components/quote/quote.css";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { startPricing } from "../../lib/pricing/pricing-store";
import { MoveField } from "./move-field";
import { buildMoves, MARKETS, MOVE_DEFAULTS, MOVE_PARAM, type MoveMode, PERCENT_RANGE } from "./moves";
import { scenarioText } from "./scenario-text";

// The worker and the market snapshot start loading once the route has this screen's code, before its
// first render (src/app/route-elements.tsx).
export const onRouteLoad = startPricing;

const DEFAULTS = { ...LGM_DEFAULTS, ...MOVE_DEFAULTS };

/** /insurance/lgm/scenario-analysis — what an LGM coverage pays if prices move. */
export default function ScenarioAnalysisPage() {
  const pricing = usePricing();
  const location = useLocation();
  const [form, update] = useUrlState(DEFAULTS);
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const commodity = commodityOf(form);
  const months = marketingMonths(commodity, asOf ?? "2000-01-01");
  const type = lgmTypeOf(form);
  const markets = (type?.inputs ?? []).map((i) => i.commodity);
  const mode: MoveMode = form.mode === "amount" ? "amount" : "percent";

  const built = asOf ? buildLgmInput(form, asOf) : null;
  const moves = buildMoves(form, markets);
  const quoteKey = built?.ok ? JSON.stringify(built.input) : null;
  const scenarioKey = built?.ok && moves.ok ? JSON.stringify([built.input, moves.moves]) : null;
  const quote = useWorkerResult<LgmQuote>("scenario-quote", quoteKey, (api) =>
    api.quoteLgm(built?.ok ? built.input : null, { channel: "scenario-quote" }),
  );
  const scenario = useWorkerResult<LgmScenarioResult>("scenario", scenarioKey, (api) =>
    api.lgmScenario(built?.ok ? built.input : null, moves.ok ? moves.moves : {}, { channel: "scenario" }),
  );

  const errors: LgmErrors = {
    ...(built && !built.ok ? built.errors : {}),
    ...(moves.ok ? {} : moves.errors),
  };
  let generalError: string | null = null;
  for (const r of [quote, scenario]) {
    if (r.status !== "failed") continue;
    const moved = MOVE_PARAM[r.path[0] as keyof typeof MOVE_PARAM];
    const field = r === scenario && moved ? moved : fieldOfPath(r.code, r.path);
    if (field) errors[field] = messageForField(r.message, r.path);
    else generalError = r.message;
  }
  const invalid = Object.keys(errors).length > 0 || generalError !== null;
  const latestOf = <T,>(r: ReturnType<typeof useWorkerResult<T>>): T | null =>
    invalid ? null : r.status === "done" ? r.value : r.status === "pending" ? (r.last ?? null) : null;
  const q = latestOf(quote);
  const s = latestOf(scenario);
  const unit = commodity === "0847" ? "cwt" : "head";
  const net = s ? s.netResult : 0;

  return (
    <div className="quote">
      <MarketStatus pricing={pricing} />
      <Card aria-labelledby="scenario-moves">
        <h2 id="scenario-moves">Move the ending prices</h2>
        <p className="note">
          Every futures price of a commodity moves by the same percent or amount by the end of the insurance
          period; marketings are taken as the targets.
        </p>
        <Segmented
          label="Move prices by"
          value={mode}
          options={[
            { value: "percent", label: "Percent" },
            { value: "amount", label: "Amount" },
          ]}
          onChange={(m) =>
            update({
              mode: m,
              "d.lc": "0",
              "d.fc": "0",
              "d.corn": "0",
              "d.hog": "0",
              "d.sbm": "0",
              "d.milk": "0",
            })
          }
        />
        <div className="quote-form">
          {markets.map((c) => {
            const info = MARKETS[c];
            const param = MOVE_PARAM[c];
            const range = mode === "percent" ? PERCENT_RANGE : info.amountRange;
            return (
              <MoveField
                key={c}
                label={info.label}
                unit={mode === "percent" ? "%" : info.unit}
                value={form[param]}
                error={errors[param]}
                min={-range}
                max={range}
                step={mode === "percent" ? 1 : info.amountStep}
                onChange={(value) => update({ [param]: value })}
              />
            );
          })}
        </div>
      </Card>

      {generalError ? (
        <Alert tone="error" title="This scenario cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {invalid && !generalError ? (
        <p className="note" role="status">
          Correct the marked field to see the result.
        </p>
      ) : null}

      {s && q ? (
        <Card aria-labelledby="scenario-result" data-testid="scenario-result">
          <h2 id="scenario-result">Result</h2>
          <dl className="figures">
            <div>
              <dt>Actual gross margin</dt>
              <dd data-testid="actual-gm">{formatDollars(s.actualGrossMargin)}</dd>
            </div>
            <div>
              <dt>Gross Margin Guarantee</dt>
              <dd>{formatDollars(s.grossMarginGuarantee)}</dd>
            </div>
            <div>
              <dt>Indemnity</dt>
              <dd data-testid="indemnity">{formatDollars(s.indemnity)}</dd>
            </div>
            <div>
              <dt>Producer Premium</dt>
              <dd>{formatDollars(s.producerPremium)}</dd>
            </div>
            <div>
              <dt>Net result (indemnity − premium)</dt>
              <dd className={net >= 0 ? "net-positive" : "net-negative"} data-testid="net-result">
                {formatDollars(net)}
              </dd>
            </div>
            <div>
              <dt>Actual margin vs guarantee</dt>
              <dd>{formatDollars(s.actualGrossMargin - s.grossMarginGuarantee)}</dd>
            </div>
          </dl>
          <div className="quote-actions">
            <QuoteActions
              text={() =>
                scenarioText(s, {
                  title: `LGM scenario: ${type?.typeLabel ?? form.type}`,
                  asOf: asOf ?? "",
                  label: pricing.status === "ready" ? pricing.market.label : "",
                  moves: markets.map(
                    (c) =>
                      `${MARKETS[c].label} ${form[MOVE_PARAM[c]]}${mode === "percent" ? " %" : ` ${MARKETS[c].unit}`}`,
                  ),
                  url: window.location.href,
                })
              }
            />
            <Link className="button button--secondary no-print" to={`/insurance/lgm/quote${location.search}`}>
              Back to the LGM quote
            </Link>
          </div>
          <Suspense fallback={<p className="note">Loading the chart…</p>}>
            <div className="no-print">
              <LineChart
                title={`Gross margin per ${unit} by marketing month`}
                summary={`Expected and scenario gross margin per ${unit} for ${s.months.length} months.`}
                x={s.months.map((_, i) => i)}
                xLabel="Marketing Month"
                xFormat={(v) =>
                  Number.isInteger(v) && s.months[v] ? formatMonth(s.months[v].marketingMonth) : ""
                }
                yLabel={`$/${unit}`}
                yFormat={(v) => formatDollars(v)}
                series={[
                  {
                    label: "Expected",
                    values: q.months.map((m) => m.expectedGrossMarginPerUnit),
                    color: SERIES_COLOURS.info,
                    dash: [6, 4],
                  },
                  {
                    label: "Scenario",
                    values: s.months.map((m) => m.actualGrossMarginPerUnit),
                    color: SERIES_COLOURS.primary,
                  },
                ]}
              />
            </div>
          </Suspense>
          <ScrollRegion label="Gross margin by marketing month (scrolls sideways)">
            <table className="data-table" aria-label="Gross margin by marketing month">
              <thead>
                <tr>
                  <th scope="col" className="pinned">
                    Marketing Month
                  </th>
                  <th scope="col" className="num">
                    Target marketings ({unit})
                  </th>
                  <th scope="col" className="num">
                    Expected (/{unit})
                  </th>
                  <th scope="col" className="num">
                    Scenario (/{unit})
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.months.map((m, i) => (
                  <tr key={m.marketingMonth}>
                    <th scope="row" className="pinned">
                      {formatMonth(m.marketingMonth)}
                    </th>
                    <td className="num">{q.months[i]?.targetMarketings ?? 0}</td>
                    <td className="num">
                      {formatDollars(q.months[i]?.expectedGrossMarginPerUnit ?? 0, { cents: true })}
                    </td>
                    <td className="num">{formatDollars(m.actualGrossMarginPerUnit, { cents: true })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
      ) : null}

      <Card aria-labelledby="scenario-coverage">
        <h2 id="scenario-coverage">The coverage</h2>
        <LgmInputs form={form} update={update} errors={errors} months={asOf ? months : []} />
      </Card>
    </div>
  );
}
