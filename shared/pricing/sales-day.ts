import { DomainError } from "../errors";
import { exchangeHoliday, lrpSalesGroup, lrpSalesSuspension } from "../market/calendar";
import { isoDateToUtc } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";

// A quote is priced on its sales date's prices (docs/market-data.md): RMA's rows of that day, or that day's
// snapshot. One rule for every channel (quote screens, command line, partner API, campaigns, alerts),
// because they all call the engine: a snapshot of another day without that day's RMA rows is refused,
// never priced with another day's futures. The caller fetches the sales date's snapshot from the market
// history (GET /api/market/history/:asOf, the feed's store) when it is not the current one.

/** Throws "stale-market-data" unless the snapshot holds prices of `salesDate` (`held`: RMA rows of it). */
export function requireSalesDayPrices(snapshot: MarketSnapshot, salesDate: string, held: boolean): void {
  if (held || snapshot.asOf === salesDate) return;
  throw new DomainError(
    "stale-market-data",
    `No prices of the sales date ${salesDate} in the market snapshot of ${snapshot.asOf}: a quote is priced on its sales date's prices (that day's snapshot from the market history), never on another day's`,
    ["salesDate"],
  );
}

/** Why LRP offers of a commodity cannot be bought on a day (weekend, exchange holiday, report day). */
export interface NoSales {
  date: string;
  reason: string;
}

/**
 * Why LGM cannot be bought on a day: RMA publishes no LGM margins on a weekend or an exchange holiday
 * (LGM has no report-day suspension: DOMAIN.md "Sales" names LRP's only).
 */
export function lgmNoSales(salesDate: string): NoSales | null {
  const weekday = new Date(isoDateToUtc(salesDate)).getUTCDay();
  if (weekday === 0 || weekday === 6) return { date: salesDate, reason: "weekend: RMA publishes no margins" };
  const holiday = exchangeHoliday(salesDate);
  return holiday ? { date: salesDate, reason: `exchange holiday (${holiday}): no LGM sales` } : null;
}

export function lrpNoSales(salesDate: string, commodityCode: string): NoSales | null {
  const weekday = new Date(isoDateToUtc(salesDate)).getUTCDay();
  if (weekday === 0 || weekday === 6) return { date: salesDate, reason: "weekend: RMA publishes no offers" };
  const group = lrpSalesGroup(commodityCode);
  const suspension = group ? lrpSalesSuspension(salesDate, group) : null;
  return suspension ? { date: salesDate, reason: `${suspension}: no LRP sales` } : null;
}
