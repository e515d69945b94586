import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import { LineChart } from "../../components/charts";
import { SERIES_COLOURS } from "../../components/charts/colours";
import { LgmInputs } from "../../components/quote/lgm-inputs";
import { MarketStatus } from "../../components/quote/market-status";
import { QuoteActions } from "../../components/quote/quote-actions";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
// The sync layer's light parts only: the form itself loads for signed-in agents and customers.
import { SaveToWatchlistSlot } from "../../components/watchlist/save-to-watchlist-slot";
import { formatDollars } from "../../lib/format";
import { buildLgmInput, commodityOf, LGM_DEFAULTS, marketingMonths } from "../../lib/pricing/lgm/lgm-form";
import { useUrlState } from "../../lib/pricing/url-state";
import { usePricing } from "../../lib/pricing/use-pricing";
import { lgmSetupFrom } from "../../lib/sync/react/watch-setup";
import "../../components/quote/quote.css";
import { LgmFigures } from "../../components/quote/lgm-figures";
import { OrderButtonSlot } from "../../components/quote/order-button-slot";
import { useLgmQuote } from "../../components/quote/use-lgm-quote";
import { startPricing } from "../../lib/pricing/pricing-store";
import { DeductibleTable } from "./deductible-table";
import { formatDeductible, lgmNoSalesText, lgmOrderNoSalesText, lgmQuoteText } from "./lgm-text";
import { MonthTable } from "./month-table";

// The worker and the market snapshot start loading once the route has this screen's code, before its
// first render (src/app/route-elements.tsx).
export const onRouteLoad = startPricing;

const [MARKETING_MONTH, , , PRODUCER_PREMIUM] = LGM_RESULT_LABELS;

/** The quote's inputs for the LGM create screen (the subsidy there comes from the customer's profile). */
const orderInputs = ({ farmer: _f, year: _y, provider: _p, ...inputs }: typeof LGM_DEFAULTS) => inputs;

/** /insurance/lgm and /insurance/lgm/quote — an LGM quote and its whole deductible curve. */
export default function LgmQuotePage() {
  const pricing = usePricing();
  const location = useLocation();
  const [form, update] = useUrlState(LGM_DEFAULTS);
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const commodity = commodityOf(form);
  const months = marketingMonths(commodity, asOf ?? "2000-01-01");
  const built = asOf ? buildLgmInput(form, asOf) : null;
  const { errors, generalError, invalid, quote } = useLgmQuote("lgm-quote-page", built);
  const unit = commodity === "0847" ? "cwt" : "head";

  return (
    <div className="quote">
      <MarketStatus pricing={pricing} />
      <Card aria-labelledby="lgm-inputs">
        <h2 id="lgm-inputs">Your operation</h2>
        <LgmInputs form={form} update={update} errors={errors} months={asOf ? months : []} />
      </Card>

      {generalError ? (
        <Alert tone="error" title="This quote cannot be priced">
          <p>{generalError}</p>
        </Alert>
      ) : null}
      {invalid && !generalError ? (
        <p className="note" role="status">
          Correct the marked field to see the quote.
        </p>
      ) : null}

      {quote ? (
        <Card aria-labelledby="lgm-result" data-testid="lgm-result">
          <h2 id="lgm-result">Quote</h2>
          {quote.noSales ? (
            <p className="note" data-testid="lgm-no-sales">
              <strong>{lgmNoSalesText(quote)}</strong>
            </p>
          ) : null}
          <LgmFigures quote={quote} deductible={`${formatDeductible(form.deductible, commodity)}/${unit}`} />
          <p className="note">
            Premium is the average shortfall of simulated gross margins below the guarantee, plus RMA's 3 %
            load, in whole dollars. No subsidy applies when marketings fall in only one month.
          </p>
          <div className="quote-actions">
            <QuoteActions
              text={() =>
                lgmQuoteText(quote, {
                  form,
                  asOf: asOf ?? "",
                  label: pricing.status === "ready" ? pricing.market.label : "",
                  url: window.location.href,
                })
              }
            />
            <Link
              className="button button--secondary no-print"
              to={`/insurance/lgm/scenario-analysis${location.search}`}
            >
              Scenario analysis
            </Link>
            {built?.ok ? <SaveToWatchlistSlot setup={lgmSetupFrom(built.input)} /> : null}
          </div>
          <OrderButtonSlot plan="lgm" inputs={orderInputs(form)} noSales={lgmOrderNoSalesText(quote)} />
          <h3>Expected margin by {MARKETING_MONTH.toLowerCase()}</h3>
          <MonthTable quote={quote} unit={unit} />
        </Card>
      ) : null}

      {quote ? (
        <Card aria-labelledby="lgm-curve">
          <h2 id="lgm-curve">Premium by deductible</h2>
          <Suspense fallback={<p className="note">Loading the chart…</p>}>
            <div className="no-print">
              <LineChart
                title="Premium and subsidy by deductible"
                summary={`${quote.deductibleCurve.length} deductibles; producer premium from ${formatDollars(
                  quote.deductibleCurve[0]?.producerPremium ?? 0,
                )} to ${formatDollars(quote.deductibleCurve[quote.deductibleCurve.length - 1]?.producerPremium ?? 0)}.`}
                x={quote.deductibleCurve.map((c) => c.deductible)}
                xLabel={`Deductible ($/${unit})`}
                xFormat={(v) => formatDeductible(String(v), commodity)}
                yLabel="Dollars"
                yFormat={(v) => formatDollars(v)}
                series={[
                  {
                    label: "Total premium",
                    values: quote.deductibleCurve.map((c) => c.totalPremium),
                    color: SERIES_COLOURS.muted,
                    dash: [4, 4],
                  },
                  {
                    label: "Subsidy",
                    values: quote.deductibleCurve.map((c) => c.subsidy),
                    color: SERIES_COLOURS.info,
                  },
                  {
                    label: PRODUCER_PREMIUM,
                    values: quote.deductibleCurve.map((c) => c.producerPremium),
                    color: SERIES_COLOURS.primary,
                  },
                ]}
              />
            </div>
          </Suspense>
          <DeductibleTable
            quote={quote}
            chosen={form.deductible}
            commodity={commodity}
            onChoose={(deductible) => update({ deductible })}
          />
        </Card>
      ) : null}
    </div>
  );
}
