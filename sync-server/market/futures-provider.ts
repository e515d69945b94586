import type { FuturesRoot } from "../../shared/market/contracts";

// Futures settlements and at-the-money implied volatilities from a configurable market-data provider.
// Every provider hands back the day's settlements as the CSV of README "Market data files" (Trade Date,
// Root, Contract Month, Settle, Implied Volatility), so one importer (shared/market/importers/
// futures-csv.ts) checks every provider's figures the same way.
//
// Providers: "csv" (MARKET_FUTURES_URL serves that CSV) and "barchart" (Barchart OnDemand,
// ./barchart.ts: the provider the commodity catalogue's barchart codes point to).

export interface FuturesDay {
  /** The CSV of README "Market data files". */
  text: string;
  /** What a failure names ("barchart getQuote", "futures.csv"). */
  file: string;
  /** The address without its query (never a key). */
  url: string;
  /** Provider's name for the snapshot's sources. */
  name: string;
}

export interface FuturesProvider {
  readonly name: string;
  fetchDay(date: string, options: { timeoutMs: number; roots: readonly FuturesRoot[] }): Promise<FuturesDay>;
}

export interface FuturesCsvRow {
  tradeDate: string;
  root: FuturesRoot;
  contractMonth: string;
  settle: string;
  impliedVolatility?: string;
}

export function futuresCsv(rows: readonly FuturesCsvRow[]): string {
  const lines = rows.map((r) =>
    [r.tradeDate, r.root, r.contractMonth, r.settle, r.impliedVolatility ?? ""].join(","),
  );
  return `Trade Date,Root,Contract Month,Settle,Implied Volatility\n${lines.join("\n")}\n`;
}
