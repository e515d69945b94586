import { FUTURES_ROOTS } from "../../shared/market/contracts";
import { importFuturesCsv } from "../../shared/market/importers/futures-csv";
import { importMarketFiles, type MarketFiles } from "../../shared/market/importers/snapshot-builder";
import type { MarketSnapshot, SnapshotSource } from "../../shared/market/snapshot";
import type { FuturesProvider } from "./futures-provider";
import { isZip, readZip } from "./zip";

// One trading day's market files, fetched from the configured addresses and imported into one
// snapshot — or an error that says which file and what is wrong. Nothing is kept from a failed fetch.
//
// An address is a template: {yyyymmdd} and {date} (YYYY-MM-DD) are the trading day, {ry} its
// reinsurance year (RMA's year starts July 1). RMA's own daily files are zip archives
// ({ry}_ADMLivestockLrp_Daily_{yyyymmdd}.zip holds A00630_LrpRate — RMA's real zip of 2023-12-14 holds
// nothing else — and, some days, A00620_LrpActualEndingValue; …Lgm_Daily… holds A00600 and A00610): the member whose name carries the code is read. A plain text
// address is read as the member itself.

export interface MarketSourceUrls {
  lrpRate?: string;
  lrpActualEndingValue?: string;
  lgmGrossMargin?: string;
  lgmDraw?: string;
  /** The futures/options settlement CSV of README "Market data files". */
  futures?: string;
}

const PARTS = [
  { key: "lrpRate", member: "A00630", name: "RMA A00630_LrpRate", part: "lrpRates" },
  {
    key: "lrpActualEndingValue",
    member: "A00620",
    name: "RMA A00620_LrpActualEndingValue",
    part: "lrpActualEndingValues",
  },
  { key: "lgmGrossMargin", member: "A00600", name: "RMA A00600_LgmGrossMargin", part: "lgm" },
  { key: "lgmDraw", member: "A00610", name: "RMA A00610_LgmDraw", part: "lgm" },
  { key: "futures", member: "", name: "futures settlements", part: "futures" },
] as const;

/** RMA's reinsurance year of a date: July 1 starts the next one. */
export const reinsuranceYear = (date: string) =>
  Number(date.slice(0, 4)) + (Number(date.slice(5, 7)) >= 7 ? 1 : 0);

export function expandUrl(template: string, date: string): string {
  return template
    .replaceAll("{yyyymmdd}", date.replaceAll("-", ""))
    .replaceAll("{date}", date)
    .replaceAll("{ry}", String(reinsuranceYear(date)));
}

/** The address without its query (a provider key may be in it): what a failure or a snapshot shows. */
export const safeUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(an invalid address)";
  }
};

async function download(url: string, timeoutMs: number): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
  } catch (error) {
    const e = error as Error;
    const why = e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : e.message;
    throw new Error(`GET ${safeUrl(url)}: ${why}`);
  }
  if (!response.ok) throw new Error(`GET ${safeUrl(url)}: HTTP ${response.status}`);
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const e = error as Error;
    const why =
      e.name === "TimeoutError"
        ? `no complete answer within ${timeoutMs} ms`
        : `the download broke off (${e.message})`;
    throw new Error(`GET ${safeUrl(url)}: ${why}`);
  }
}

/**
 * Members a daily zip holds only on some days: RMA's real LRP zip of 2023-12-14 holds A00630 alone, so an
 * A00620 (or A00610) address that names the same archive as its partner's finds nothing on most days.
 * Absent there, the part is left out of the day rather than failing it.
 */
const OCCASIONAL_MEMBERS = new Set(["A00620", "A00610"]);

function memberText(
  bytes: Uint8Array,
  url: string,
  member: string,
  occasional = false,
): { text: string; file: string } | null {
  const base = safeUrl(url).split("/").pop() || "download";
  if (!isZip(bytes)) return { text: new TextDecoder().decode(bytes), file: base };
  const entries = readZip(bytes, base);
  const found = [...entries.keys()].find(
    (n) => member !== "" && n.includes(member) && n.toLowerCase().endsWith(".txt"),
  );
  if (!found && occasional) return null;
  if (!found)
    throw new Error(
      `${base}: no ${member} member in the archive (has ${[...entries.keys()].join(", ") || "nothing"})`,
    );
  return { text: new TextDecoder().decode(entries.get(found)), file: `${base}:${found}` };
}

export interface FetchDayOptions {
  urls: MarketSourceUrls;
  /** The trading day, YYYY-MM-DD (Central). */
  date: string;
  timeoutMs: number;
  /** ISO timestamp of the fetch, for the snapshot's sources. */
  fetchedAt: string;
  riskFreeRate?: number;
  /** Futures from a provider (./barchart.ts) instead of the futures CSV address. */
  futuresProvider?: FuturesProvider;
}

export async function fetchMarketDay(options: FetchDayOptions): Promise<MarketSnapshot> {
  const { urls, date } = options;
  const provider = options.futuresProvider;
  const configured = PARTS.filter((p) => urls[p.key] && !(provider && p.key === "futures"));
  if (configured.length === 0 && !provider) throw new Error("no market data source is configured");
  const downloads = new Map<string, Promise<Uint8Array>>();
  const files: MarketFiles = {};
  const sources: SnapshotSource[] = [];
  for (const p of configured) {
    const url = expandUrl(urls[p.key] as string, date);
    let bytes = downloads.get(url);
    const shared = bytes !== undefined;
    if (!bytes) {
      bytes = download(url, options.timeoutMs);
      downloads.set(url, bytes);
    }
    const member = memberText(await bytes, url, p.member, shared && OCCASIONAL_MEMBERS.has(p.member));
    if (!member) continue;
    files[p.key] = member;
    sources.push({ part: p.part, name: p.name, date, url: safeUrl(url), fetchedAt: options.fetchedAt });
  }
  if (provider) {
    const day = await provider.fetchDay(date, { timeoutMs: options.timeoutMs, roots: FUTURES_ROOTS });
    files.futures = { text: day.text, file: day.file };
    sources.push({ part: "futures", name: day.name, date, url: day.url, fetchedAt: options.fetchedAt });
  }
  const snapshot = importMarketFiles(files, {
    label: "RMA livestock data",
    asOf: date,
    ...(options.riskFreeRate !== undefined ? { riskFreeRate: options.riskFreeRate } : {}),
  });
  // Today's files, not yesterday's: a server that still has the last day's file is a failure to retry.
  const latest = (dates: string[]) => dates.sort().at(-1) ?? "(none)";
  if (files.lrpRate && !snapshot.lrpRates.some((r) => r.salesEffectiveDate === date))
    throw new Error(
      `${files.lrpRate.file}: no offers for ${date} (latest Sales Effective Date ${latest(snapshot.lrpRates.map((r) => r.salesEffectiveDate))}): not this day's file yet`,
    );
  if (files.lgmGrossMargin && !snapshot.lgm.some((s) => s.salesEffectiveDate === date))
    throw new Error(
      `${files.lgmGrossMargin.file}: no margins for ${date} (latest Sales Effective Date ${latest(snapshot.lgm.map((s) => s.salesEffectiveDate))}): not this day's file yet`,
    );
  if (files.futures) {
    const tradeDate = importFuturesCsv(files.futures.text, files.futures.file).asOf;
    if (tradeDate !== date)
      throw new Error(
        `${files.futures.file}: settlements of ${tradeDate}, not of ${date}: not this day's file yet`,
      );
  }
  return { ...snapshot, sources };
}
