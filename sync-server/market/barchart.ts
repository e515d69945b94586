import Decimal from "decimal.js";
import type { FuturesRoot } from "../../shared/market/contracts";
import { type FuturesCsvRow, type FuturesDay, type FuturesProvider, futuresCsv } from "./futures-provider";

// Barchart OnDemand as the futures provider, following Barchart's published OpenAPI 3.0.3 description
// of OnDemand ("OnDemand APIs" 1.0.1, server https://ondemand.websol.barchart.com; docs/market-data.md
// "Futures settlements" lists what was verified there and what is our reading):
//
// - GET /getQuote.json?apikey=…&symbols=LE^F,GF^F,…&mode=D&fields=tradeDate,settlement — symbols:
//   "<root_symbol^F> for all futures contracts for a given root symbol"; mode D: end-of-day. tradeDate
//   ("The settlement trade date", a date) and settlement ("The settlement price determined by the
//   exchange") are NOT among the fields every answer carries (the schema's required list), so they are
//   asked for with `fields` ("The fields requested"). flag: "s" = "the instrument has settled, and
//   that this is the final, settlement price" (then lastPrice is the settlement when settlement is null).
// - GET /getFuturesOptionsEOD.json?apikey=…&root=LE — end-of-day options of a root; every result
//   carries underlyingFuture, type ("Either Call or Put"), strike, date ("The price date") and
//   impliedVolatility (example 85.597534179688: a percentage). Options of another date than the
//   futures' trade date are left out.
// - Every answer is {status: {code, message}, results: [...]}; code 200 is success. 204 "No Content",
//   400 and 500 are the other documented answers.
//
// The at-the-money implied volatility of a contract is the mean of the call's and the put's implied
// volatility at the listed strike nearest its settlement (either alone when only one is listed), as a
// fraction. Units: corn (ZC) is quoted in cents per bushel — the document's corn option example has
// strike 210 in symbol ZCK210C and prices like 340.875 — so ZC is divided by 100 for the snapshot's
// dollars; the other roots are in the snapshot's units already ($/cwt, $/short ton).

const MONTH_CODES = "FGHJKMNQUVXZ";
const CENTS: ReadonlySet<string> = new Set(["ZC"]);

interface Envelope {
  status?: { code?: number; message?: string };
  results?: unknown;
}
interface QuoteResult {
  symbol?: string | null;
  tradeDate?: string | null;
  settlement?: number | null;
  lastPrice?: number | null;
  flag?: string | null;
}
interface OptionResult {
  underlyingFuture?: string | null;
  type?: string | null;
  strike?: number | null;
  date?: string | null;
  impliedVolatility?: number | null;
}

/** The getQuote fields asked for beyond those every answer carries. */
export const BARCHART_QUOTE_FIELDS = "tradeDate,settlement";

export interface BarchartOptions {
  apiKey: string;
  /** https://ondemand.websol.barchart.com, or a stand-in on loopback in tests. */
  baseUrl: string;
}

/** LEZ26 → {root: LE, contractMonth: 2026-12}; a one-digit year is the next such year from `date`. */
export function parseBarchartSymbol(
  symbol: string,
  date: string,
): { root: string; contractMonth: string } | null {
  const m = /^([A-Z]{2})([FGHJKMNQUVXZ])(\d{1,2})$/.exec(symbol);
  if (!m) return null;
  const month = MONTH_CODES.indexOf(m[2]) + 1;
  const baseYear = Number(date.slice(0, 4));
  let year: number;
  if (m[3].length === 2) year = 2000 + Number(m[3]);
  else {
    year = baseYear - (baseYear % 10) + Number(m[3]);
    if (year < baseYear - 1) year += 10;
  }
  return { root: m[1], contractMonth: `${year}-${String(month).padStart(2, "0")}` };
}

export function barchartFuturesProvider(options: BarchartOptions): FuturesProvider {
  const base = options.baseUrl.replace(/\/+$/, "");

  async function call(api: string, params: Record<string, string>, timeoutMs: number): Promise<unknown[]> {
    const url = new URL(`${base}/${api}`);
    url.searchParams.set("apikey", options.apiKey);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const where = `barchart ${api}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const e = error as Error;
      throw new Error(
        `${where}: ${e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : e.message}`,
      );
    }
    if (response.status === 204) throw new Error(`${where}: no content (HTTP 204)`);
    if (!response.ok) throw new Error(`${where}: HTTP ${response.status}`);
    let body: Envelope;
    try {
      body = (await response.json()) as Envelope;
    } catch {
      throw new Error(`${where}: the answer is not JSON`);
    }
    const code = body.status?.code;
    if (code !== 200)
      throw new Error(
        `${where}: status ${code ?? "(none)"}${body.status?.message ? ` (${body.status.message})` : ""}`,
      );
    if (!Array.isArray(body.results)) throw new Error(`${where}: no results array`);
    return body.results;
  }

  return {
    name: "Barchart OnDemand",
    async fetchDay(date, { timeoutMs, roots }): Promise<FuturesDay> {
      const quotes = (await call(
        "getQuote.json",
        { symbols: roots.map((r) => `${r}^F`).join(","), mode: "D", fields: BARCHART_QUOTE_FIELDS },
        timeoutMs,
      )) as QuoteResult[];
      const rows: FuturesCsvRow[] = [];
      const settles = new Map<string, number>();
      for (const q of quotes) {
        const parsed = q.symbol ? parseBarchartSymbol(q.symbol, date) : null;
        if (!parsed || !roots.includes(parsed.root as FuturesRoot)) continue;
        const settle = q.settlement ?? (q.flag === "s" ? q.lastPrice : null);
        if (settle == null || !(settle > 0) || !q.tradeDate) continue; // not settled: left out
        const price = CENTS.has(parsed.root) ? new Decimal(settle).div(100) : new Decimal(settle);
        settles.set(q.symbol as string, settle);
        rows.push({
          tradeDate: q.tradeDate.slice(0, 10),
          root: parsed.root as FuturesRoot,
          contractMonth: parsed.contractMonth,
          settle: price.toString(),
        });
      }
      if (rows.length === 0)
        throw new Error(`barchart getQuote.json: no settled contract of ${roots.join(", ")}`);
      for (const root of roots) {
        const options = (await call("getFuturesOptionsEOD.json", { root }, timeoutMs)) as OptionResult[];
        const bySymbol = new Map<string, OptionResult[]>();
        for (const o of options) {
          if (!o.underlyingFuture || o.strike == null || o.impliedVolatility == null) continue;
          if (o.type !== "Call" && o.type !== "Put") continue;
          // Another day's options (a stale answer) say nothing about today's settlement.
          const tradeDate = rows.find((r) => r.root === root)?.tradeDate;
          if (o.date && tradeDate && o.date.slice(0, 10) !== tradeDate) continue;
          const list = bySymbol.get(o.underlyingFuture) ?? [];
          list.push(o);
          bySymbol.set(o.underlyingFuture, list);
        }
        for (const [symbol, list] of bySymbol) {
          const settle = settles.get(symbol);
          const parsed = parseBarchartSymbol(symbol, date);
          const row = rows.find(
            (r) => parsed && r.root === parsed.root && r.contractMonth === parsed.contractMonth,
          );
          if (settle === undefined || !row) continue;
          const nearest = list.reduce((best, o) =>
            Math.abs((o.strike as number) - settle) < Math.abs((best.strike as number) - settle) ? o : best,
          );
          const atm = list.filter((o) => o.strike === nearest.strike);
          const mean = atm
            .reduce((sum, o) => sum.plus(o.impliedVolatility as number), new Decimal(0))
            .div(atm.length)
            .div(100);
          row.impliedVolatility = mean.toDecimalPlaces(6).toString();
        }
      }
      return {
        text: futuresCsv(rows),
        file: "barchart getQuote.json",
        url: `${base}/getQuote.json`,
        name: "Barchart OnDemand",
      };
    },
  };
}
