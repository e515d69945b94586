import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFuturesCsv } from "../../../shared/market/importers/futures-csv";
import { barchartFuturesProvider, parseBarchartSymbol } from "../../../sync-server/market/barchart";
import { fetchMarketDay } from "../../../sync-server/market/fetch-day";

// The Barchart OnDemand adapter against a stand-in on 127.0.0.1 that answers getQuote.json and
// getFuturesOptionsEOD.json as Barchart's published OpenAPI description says (docs/market-data.md):
// every result carries the schema's required fields; getQuote's tradeDate and settlement only when
// asked for with `fields`; the {status: {code, message}, results} envelope; 204 No Content; 401 status
// for a refused key; HTTP 500.

const KEY = "test-key-123";
let server: Server;
let base: string;
let mode: "ok" | "badkey" | "http500" | "notjson" | "nocontent" = "ok";
const seen: string[] = [];

/** A getQuote result: the schema's required fields, and the requested optional ones. */
const quote = (
  symbol: string,
  lastPrice: number,
  flag: string | null,
  optional: { tradeDate: string; settlement: number | null },
) => ({
  required: {
    symbol,
    name: `${symbol} future`,
    dayCode: "K",
    serverTimestamp: "2026-11-20T16:06:30-06:00",
    mode: "d",
    lastPrice,
    tradeTimestamp: "2026-11-20T13:05:00-06:00",
    netChange: 0.5,
    percentChange: 0.22,
    unitCode: "2",
    open: lastPrice - 1,
    high: lastPrice + 1,
    low: lastPrice - 2,
    close: lastPrice,
    numTrades: 1200,
    dollarVolume: 1e6,
    flag,
    volume: 5000,
    previousVolume: 4800,
  },
  optional,
});
const quotes = [
  quote("LEZ26", 229.45, "s", { tradeDate: "2026-11-20", settlement: 229.45 }),
  quote("LEG27", 231.1, "s", { tradeDate: "2026-11-20", settlement: null }),
  quote("LEJ27", 230, null, { tradeDate: "2026-11-20", settlement: null }),
  quote("ZCH27", 452.25, "s", { tradeDate: "2026-11-20", settlement: 452.25 }),
  quote("XXZ26", 1, "s", { tradeDate: "2026-11-20", settlement: 1 }),
];
/** A getFuturesOptionsEOD result with every field the schema requires. */
const option = (underlyingFuture: string, type: string, strike: number, iv: number, date = "2026-11-20") => ({
  symbol: `${underlyingFuture}${strike}${type[0]}`,
  root: underlyingFuture.slice(0, 2),
  contract: underlyingFuture,
  underlyingFuture,
  contractName: "Live Cattle",
  contractMonth: underlyingFuture[2],
  exchange: "CME",
  type,
  strike,
  expirationDate: "2026-12-04",
  date,
  impliedVolatility: iv,
  delta: 0.5,
  gamma: 0.01,
  theta: -0.02,
  vega: 0.3,
  open: 3,
  high: 3.5,
  low: 2.5,
  last: 3.1,
  previousClose: 3,
  change: 0.1,
  percentChange: 3.3,
  volume: 10,
});
const options: Record<string, unknown[]> = {
  LE: [
    option("LEZ26", "Call", 228, 20),
    option("LEZ26", "Call", 230, 15.5),
    option("LEZ26", "Put", 230, 16.5),
    // yesterday's price date: left out (else the mean at 230 would move)
    option("LEZ26", "Put", 230, 99, "2026-11-19"),
    option("LEG27", "Put", 232, 14),
  ],
  ZC: [option("ZCH27", "Call", 450, 22.25)],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(url.pathname + url.search);
    if (mode === "http500") {
      res.writeHead(500).end();
      return;
    }
    res.setHeader("content-type", "application/json");
    if (mode === "notjson") {
      res.end("<html>");
      return;
    }
    if (url.searchParams.get("apikey") !== KEY || mode === "badkey") {
      res.end(JSON.stringify({ status: { code: 401, message: "Unauthorized" }, results: null }));
      return;
    }
    if (mode === "nocontent") {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === "/getQuote.json") {
      const roots = (url.searchParams.get("symbols") ?? "").split(",").map((s) => s.replace("^F", ""));
      const fields = new Set((url.searchParams.get("fields") ?? "").split(","));
      res.end(
        JSON.stringify({
          status: { code: 200, message: "Success." },
          results: quotes
            .filter((q) => roots.includes(q.required.symbol.slice(0, 2)))
            .map((q) => ({
              ...q.required,
              ...Object.fromEntries(Object.entries(q.optional).filter(([k]) => fields.has(k))),
            })),
        }),
      );
    } else if (url.pathname === "/getFuturesOptionsEOD.json") {
      const root = url.searchParams.get("root") ?? "";
      res.end(JSON.stringify({ status: { code: 200, message: "Success." }, results: options[root] ?? [] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("Barchart OnDemand futures provider", () => {
  it("reads contract symbols (two- and one-digit years)", () => {
    expect(parseBarchartSymbol("LEZ26", "2026-11-20")).toEqual({ root: "LE", contractMonth: "2026-12" });
    expect(parseBarchartSymbol("HEG7", "2026-11-20")).toEqual({ root: "HE", contractMonth: "2027-02" });
    expect(parseBarchartSymbol("LE*0", "2026-11-20")).toBeNull();
  });

  it("turns settlements and at-the-money option volatilities into the futures CSV the importer accepts", async () => {
    mode = "ok";
    seen.length = 0;
    const provider = barchartFuturesProvider({ apiKey: KEY, baseUrl: base });
    const day = await provider.fetchDay("2026-11-20", { timeoutMs: 2000, roots: ["LE", "ZC"] });
    expect(seen[0]).toBe(
      "/getQuote.json?apikey=test-key-123&symbols=LE%5EF%2CZC%5EF&mode=D&fields=tradeDate%2Csettlement",
    );
    expect(seen.slice(1)).toEqual([
      "/getFuturesOptionsEOD.json?apikey=test-key-123&root=LE",
      "/getFuturesOptionsEOD.json?apikey=test-key-123&root=ZC",
    ]);
    const imported = importFuturesCsv(day.text, day.file);
    expect(imported.asOf).toBe("2026-11-20");
    expect(imported.futures).toEqual([
      // strike 230 is nearest 229.45: mean of call 15.5 % and put 16.5 %
      { root: "LE", contractMonth: "2026-12", settle: 229.45, impliedVolatility: 0.16 },
      // settlement null but flagged settled: the last price is the settlement
      { root: "LE", contractMonth: "2027-02", settle: 231.1, impliedVolatility: 0.14 },
      // corn in cents → dollars
      { root: "ZC", contractMonth: "2027-03", settle: 4.5225, impliedVolatility: 0.2225 },
    ]);
    expect(day.url).toBe(`${base}/getQuote.json`);
    expect(JSON.stringify(day)).not.toContain(KEY);
  });

  it("says what is wrong, without the key: refused key, HTTP error, not JSON, no content", async () => {
    const provider = barchartFuturesProvider({ apiKey: KEY, baseUrl: base });
    const fail = async () => {
      try {
        await provider.fetchDay("2026-11-20", { timeoutMs: 2000, roots: ["LE"] });
      } catch (e) {
        return (e as Error).message;
      }
      return "no error";
    };
    mode = "badkey";
    expect(await fail()).toBe("barchart getQuote.json: status 401 (Unauthorized)");
    mode = "http500";
    expect(await fail()).toBe("barchart getQuote.json: HTTP 500");
    mode = "notjson";
    expect(await fail()).toBe("barchart getQuote.json: the answer is not JSON");
    mode = "nocontent";
    expect(await fail()).toBe("barchart getQuote.json: no content (HTTP 204)");
    mode = "ok";
  });

  it("feeds a market day: the snapshot's futures and its source come from the provider", async () => {
    mode = "ok";
    const snapshot = await fetchMarketDay({
      urls: {},
      date: "2026-11-20",
      timeoutMs: 2000,
      fetchedAt: "2026-11-20T21:45:00.000Z",
      futuresProvider: barchartFuturesProvider({ apiKey: KEY, baseUrl: base }),
    });
    expect(snapshot.futures.find((f) => f.root === "LE" && f.contractMonth === "2026-12")?.settle).toBe(
      229.45,
    );
    expect(snapshot.sources).toEqual([
      {
        part: "futures",
        name: "Barchart OnDemand",
        date: "2026-11-20",
        url: `${base}/getQuote.json`,
        fetchedAt: "2026-11-20T21:45:00.000Z",
      },
    ]);
  });
});
