import { lrpSalesSuspension, nextReportDay } from "../../../shared/market/calendar";
import { formatDate, formatDuration } from "../../lib/format";
import type { PricingState } from "../../lib/pricing/pricing-store";
import { retryPricing } from "../../lib/pricing/pricing-store";
import { isSnapshotStale, lastTradingDay, salesWindow } from "../../lib/pricing/sales-window";
import { Alert } from "../ui/alert";
import { useNow } from "./use-now";

const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export interface MarketStatusProps {
  pricing: PricingState;
  /** Show the LRP sales window and the report-day rule for this commodity group. */
  lrpSales?: "cattle" | "swine";
}

/** "Prices as of {date}", the data's label, staleness, offline use and (LRP) the sales cutoff. */
export function MarketStatus({ pricing, lrpSales }: MarketStatusProps) {
  const now = useNow();
  if (pricing.status === "loading")
    return (
      <p className="market-status" role="status">
        Loading market prices…
      </p>
    );
  if (pricing.status === "error")
    return (
      <Alert
        tone="error"
        title="No market prices"
        actions={
          <button type="button" className="button button--secondary" onClick={retryPricing}>
            Try again
          </button>
        }
      >
        <p>{pricing.message}</p>
      </Alert>
    );
  const { market } = pricing;
  const stale = isSnapshotStale(market.asOf, now);
  const sales = salesWindow(market.asOf, now);
  const suspension = lrpSales ? lrpSalesSuspension(market.asOf, lrpSales) : null;
  const nextReport = lrpSales ? nextReportDay(market.asOf, lrpSales) : null;
  return (
    <div className="market-status" data-testid="market-status">
      <p className="market-status__line">
        <strong>Prices as of {formatDate(market.asOf)}</strong>
        <span className="market-status__label">{market.label}</span>
        {market.sourceLine ? (
          <span className="market-status__label market-status__source" data-testid="market-source">
            from {market.sourceLine}
          </span>
        ) : null}
        {stale ? <span className="badge badge--warning">stale</span> : null}
        {market.fromDevice ? <span className="badge badge--info">saved on this device</span> : null}
      </p>
      {stale ? (
        <p className="market-status__note">
          These prices are older than the last trading day ({formatDate(lastTradingDay(now))}). Connect to
          load today's prices before you rely on them.
        </p>
      ) : null}
      {market.fromDevice ? (
        <p className="market-status__note">You are offline: quotes use the prices saved on this device.</p>
      ) : null}
      {lrpSales ? (
        <p className="market-status__note">
          {suspension ? (
            // A day without sales: no countdown to a cutoff that buys nothing.
            <strong data-testid="sales-suspended">
              No {lrpSales} sales on {formatDate(market.asOf)}: {suspension}. These prices are for reference:
              no endorsement can be bought at them.
            </strong>
          ) : (
            <>
              {sales.open ? (
                <>
                  <strong>{formatDuration(sales.msUntilCutoff)}</strong> until the 8:25 am Central sales
                  cutoff ({timeFormat.format(sales.cutoff)} CT).
                </>
              ) : (
                <>
                  Sales at these prices closed at 8:25 am Central ({timeFormat.format(sales.cutoff)} CT). RMA
                  posts new rates about 3:30 pm Central on trading days.
                </>
              )}{" "}
              Sales are suspended on{" "}
              {lrpSales === "cattle" ? "USDA Cattle on Feed report days" : "USDA Hogs and Pigs report days"}{" "}
              and exchange holidays;{" "}
              {nextReport
                ? nextReport.basis === "published"
                  ? `next listed report day: ${formatDate(nextReport.date)} (${nextReport.from}).`
                  : `next report day expected ${formatDate(nextReport.date)} (${nextReport.from}): check NASS's release calendar.`
                : "the app's calendar lists no later report day yet: check NASS's release calendar."}
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
