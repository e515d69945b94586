import { randomUUID } from "node:crypto";
import { importSalesDates, planImport } from "../../shared/book/import/plan";
import { importRequestSchema } from "../../shared/book/import/request";
import type {
  DocumentWrites,
  ExistingCustomer,
  ImportCounts,
  ImportReport,
} from "../../shared/book/import/types";
import { sourceKey } from "../../shared/documents/import-log";
import { type PackedFigureMarkets, unpackFigureMarkets } from "../market/figure-markets";
import { type Issue, toIssues } from "../routes/route";
import { issuesOf, nameOf, type WriteRefusal } from "./write";

// The part of the server's book import whose work grows with the file (IMPORT1, docs/book-import.md "Off
// the event loop"): run in a work thread (sync-server/work), never on the event loop. The request body
// as bytes → JSON → the request schema → planImport over the organisation's book (read by the event
// loop, load.ts) → every document's writes checked with its schemas. The event loop gets back bytes,
// not objects: the report serialised as the answer's JSON (a 100,000-row report took the loop about a
// second to receive and stringify), and the writes as one JSON text per document, each parsed on the
// loop only when it is written (run.ts).

export interface PlanTaskInput {
  /** The request body, as received (transferred to the thread). */
  body: ArrayBuffer;
  orgId: string;
  /** The organisation's book as JSON (ExistingCustomer[], built a customer at a time: load.ts). */
  book: ArrayBuffer;
  userId: string;
  /** The server's clock when the request came in (ISO). */
  now: string;
  /**
   * Rule SCE1's market for the file's sales dates (figure-markets.ts), loaded by the event loop. Absent
   * on the first call: a file that names sales dates is answered with them (`markets`) and its body,
   * and planned on a second call with their market.
   */
  markets?: PackedFigureMarkets;
}

/** The most sales days one import judges against the market at once (each day's snapshot is loaded). */
const IMPORT_SALES_DAYS = 250;

export interface PlannedImport {
  importId: string;
  /** Whether the request named the id (the dry run's): it must not be one used before (IMPORT2). */
  namedId: boolean;
  fileName: string;
  dryRun: boolean;
  source: string;
  /** The report as the answer's JSON bytes (serialised here, not on the event loop). */
  report: Uint8Array;
  /** What the import's log entry needs of the report. */
  counts: ImportCounts;
  refusedRows: number;
  /** Empty for a dry run. */
  writes: EncodedWrites;
  /** The customers the writes touch (the log entry's `customers`). */
  customers: string[];
  /** Documents the writes would create: a customer's two for each customer not in the book (IMPORT3). */
  newDocuments: number;
}

export type PlanTaskOutput =
  | { kind: "invalid"; issues: Issue[] }
  | { kind: "markets"; dates: string[]; body: Uint8Array }
  | { kind: "refused"; report: Uint8Array; refusal: WriteRefusal }
  | ({ kind: "planned" } & PlannedImport);

/** Documents' writes as one JSON text each, end to end in `bytes`; `ends[i]`: where document i ends. */
export interface EncodedWrites {
  bytes: Uint8Array;
  ends: number[];
  /** Records (entries) in all of them. */
  records: number;
}

const encoder = new TextEncoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value));

function encodeWrites(writes: DocumentWrites[]): EncodedWrites {
  const parts = writes.map(json);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const ends: number[] = [];
  for (const part of parts) {
    const start = ends.at(-1) ?? 0;
    bytes.set(part, start);
    ends.push(start + part.length);
  }
  return { bytes, ends, records: writes.reduce((n, w) => n + w.entries.length, 0) };
}

const decoder = new TextDecoder();

/** Document `i`'s writes, parsed when it is its turn to be written. */
export const writesAt = (encoded: EncodedWrites, i: number): DocumentWrites =>
  JSON.parse(decoder.decode(encoded.bytes.subarray(encoded.ends[i - 1] ?? 0, encoded.ends[i])));

export function planImportTask(input: PlanTaskInput): PlanTaskOutput {
  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(input.body));
  } catch {
    return { kind: "invalid", issues: [{ path: [], message: "is not JSON" }] };
  }
  const parsed = importRequestSchema.safeParse(body);
  if (!parsed.success) return { kind: "invalid", issues: toIssues(parsed.error) };
  const request = parsed.data;
  // SCE1: the sales days' market is loaded before anything is planned, so the plan (and the dry run's
  // report) refuses what a write would, and a refusal leaves the book as it was.
  if (!input.markets) {
    const dates = importSalesDates(request.sheets, request.mapping);
    if (dates.length > IMPORT_SALES_DAYS)
      return {
        kind: "invalid",
        issues: [
          {
            path: ["sheets"],
            message: `names ${dates.length} sales dates; one import judges the figures of at most ${IMPORT_SALES_DAYS} sales days against the market: split the file by sales date`,
          },
        ],
      };
    if (dates.length > 0) return { kind: "markets", dates, body: new Uint8Array(input.body) };
  }
  const market = input.markets ? unpackFigureMarkets(input.markets) : undefined;
  const importId = request.importId ?? `imp-${randomUUID()}`;
  const book = JSON.parse(decoder.decode(input.book)) as ExistingCustomer[];
  const { report, writes } = planImport({
    sheets: request.sheets,
    mapping: request.mapping,
    book,
    context: {
      importId,
      fileName: request.fileName,
      userId: input.userId,
      now: new Date(input.now),
      newId: () => randomUUID(),
      ...(request.confirmedLines ? { confirmedLines: request.confirmedLines } : {}),
      ...(market ? { market } : {}),
    },
  });
  const known = new Set(book.map((c) => c.customerId));
  const planned = (): PlannedImport => ({
    importId,
    namedId: request.importId !== undefined,
    fileName: request.fileName,
    dryRun: request.dryRun,
    source: sourceKey(request.sheets[0]?.headers ?? []),
    report: json(report as ImportReport),
    counts: report.counts,
    refusedRows: report.rows.refused,
    writes: encodeWrites(request.dryRun ? [] : writes),
    customers: [...new Set(writes.flatMap((w) => (w.customerId ? [w.customerId] : [])))],
    newDocuments: writes.filter((w) => w.kind !== "book" && w.customerId && !known.has(w.customerId)).length,
  });
  if (request.dryRun) return { kind: "planned", ...planned() };
  // Every document's writes are checked before any is written: a refusal leaves the book as it was.
  const profiles = new Map(book.map((c) => [c.customerId, (c.profile ?? {}) as Record<string, unknown>]));
  for (const w of writes) {
    const issues = issuesOf(
      w,
      (section) => (section === "profile" && w.customerId ? (profiles.get(w.customerId) ?? {}) : {}),
      market,
    );
    if (issues.length > 0)
      return { kind: "refused", report: json(report), refusal: { document: nameOf(input.orgId, w), issues } };
  }
  return { kind: "planned", ...planned() };
}
