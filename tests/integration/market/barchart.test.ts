import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFuturesCsv } from "../../../shared/market/importers/futures-csv";
import { barchartFuturesProvider, parseBarchartSymbol } from "../../../sync-server/market/barchart";
import { fetchMarketDay } from "../../../sync-server/market/fetch-day";

// The Barchart OnDemand adapter against a stand-in on 127.0.0.1 that answers getQuote.json and
// getFuturesOptionsEOD.json in the published OpenAPI's shapes, checks the key, or fails.

const KEY = "test-key-123";
let server: Server;
let base: string;
let mode: "ok" | "badkey" | "http500" | "notjson" = "ok";
const seen: string[] = [];

const quotes = [
  { symbol: "LEZ26", tradeDate: "2026-11-20", settlement: 229.45, flag: "s" },
  { symbol: "LEG27", tradeDate: "2026-11-20", settlement: null, lastPrice: 231.1, flag: "s" },
  { symbol: "LEJ27", tradeDate: "2026-11-20", settlement: null, lastPrice: 230, flag: null },
  { symbol: "ZCH27", tradeDate: "2026-11-20", settlement: 452.25, flag: "s" },
  { symbol: "XXZ26", tradeDate: "2026-11-20", settlement: 1, flag: "s" },
];
const options: Record<string, unknown[]> = {
  LE: [
    { underlyingFuture: "LEZ26", type: "Call", strike: 228, impliedVolatility: 20 },
    { underlyingFuture: "LEZ26", type: "Call", strike: 230, impliedVolatility: 15.5 },
    { underlyingFuture: "LEZ26", type: "Put", strike: 230, impliedVolatility: 16.5 },
    { underlyingFuture: "LEG27", type: "Put", strike: 232, impliedVolatility: 14 },
  ],
  ZC: [{ underlyingFuture: "ZCH27", type: "Call", strike: 450, impliedVolatility: 22.25 }],
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
    if (url.pathname === "/getQuote.json") {
      const roots = (url.searchParams.get("symbols") ?? "").split(",").map((s) => s.replace("^F", ""));
      res.end(
        JSON.stringify({
          status: { code: 200, message: "Success." },
          results: quotes.filter((q) => roots.includes(q.symbol.slice(0, 2))),
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
    expect(seen[0]).toContain("/getQuote.json?apikey=test-key-123&symbols=LE%5EF%2CZC%5EF&mode=D");
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

  it("says what is wrong, without the key: refused key, HTTP error, not JSON", async () => {
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
