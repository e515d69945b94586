import type { beforeSyncPayload } from "@hocuspocus/server";
import { maySection } from "../../shared/access/documents";
import {
  coverageIssues,
  type FigureMarkets,
  isPricedField,
  NO_MARKET,
  pricedChanged,
  salesDatesOf,
} from "../../shared/book/sce-record";
import type { DocumentKind } from "../../shared/documents/names";
import {
  type DocumentIssue,
  isRecordSection,
  validateDocument,
  validateEntry,
} from "../../shared/documents/shapes";
import { syncRefusal, VIOLATION_MESSAGE_TYPE } from "../../shared/documents/sync-reasons";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { applyToCopy, sharedTypeIssues } from "./candidate";
import type { SyncContext } from "./context";
import { touchedJson } from "./doc-json";
import { patchIsValid } from "./entry-patch";
import { type EntryScan, scanEntries } from "./entry-scan";
import { changesFromCopy, changesFromEntries, keepsHistory, type RecordChange } from "./history";
import { isServerSeed } from "./seed";
import { changesFromTexts, scanTexts } from "./text-scan";

// y-protocols sync message types.
const SYNC_STEP_2 = 1;
const UPDATE = 2;

/** How many client writes took each path of the guard (read by the sync benchmark). */
export const guardPaths = { entries: 0, texts: 0, copy: 0 };

/**
 * A client write the guard accepted, to be logged (write-path.ts): with the records it changes when the
 * document keeps a record history (rule AUDIT1); null when it changes no record of such a document.
 */
export interface AcceptedWrite {
  changes: RecordChange[] | null;
}

/** The market days rule SCE1 judges coverages against, loaded for the sales dates a write prices. */
export interface FigureMarketLoader {
  load(salesDates: readonly string[]): FigureMarkets | Promise<FigureMarkets>;
}

/** A customer document's coverages whose priced figures the write changes, as `coverages` JSON. */
function pricedCoverages(
  kind: DocumentKind,
  after: Record<string, unknown>,
  earlier: Record<string, unknown>,
): Record<string, unknown> | null {
  if (kind !== "customer" || typeof after.coverages !== "object" || after.coverages === null) return null;
  const before = (earlier.coverages ?? {}) as Record<string, unknown>;
  const changed = Object.entries(after.coverages).filter(([key, value]) => pricedChanged(before[key], value));
  return changed.length > 0 ? Object.fromEntries(changed) : null;
}

const issueKey = (issue: DocumentIssue) => `${issue.path.join("/")}: ${issue.message}`;

/** Whether the user may write this section and it is a record section (the entry scan's writes). */
const writableRecords = (grant: SyncContext["grant"], kind: DocumentKind, section: string): boolean =>
  maySection(grant, section) && isRecordSection(kind, section);

/**
 * True when a write that sets (or deletes) these entries is allowed as it is: the connection writes,
 * every section is one the user may write and a record section, and every value set is a valid entry.
 * False means "not certain": the guard then applies the update to a copy and decides there.
 */
function acceptsEntries(
  { sections, patches }: Extract<EntryScan, { kind: "entries" }>,
  kind: DocumentKind,
  grant: SyncContext["grant"],
  readOnly: boolean,
): boolean {
  if (readOnly || grant.access !== "write") return false;
  for (const [section, entries] of sections) {
    if (!writableRecords(grant, kind, section)) return false;
    for (const [key, values] of entries) {
      for (const value of values) {
        if (validateEntry(kind, section, key, value).length > 0) return false;
        // A coverage written whole is judged by SCE1 against its sales day's market (the copy path).
        if (section === "coverages") return false;
      }
    }
  }
  for (const [section, entries] of patches) {
    if (!writableRecords(grant, kind, section)) return false;
    for (const [key, patch] of entries) {
      if (!patchIsValid(kind, section, key, patch)) return false;
      // An edit of a coverage's priced field (or its provenance, `figuresFrom`) is judged by SCE1.
      if (section === "coverages" && [...patch.fields.keys()].some(isPricedField)) return false;
    }
  }
  return true;
}

/**
 * The write guard (rules SYNC1-SYNC3): checks a client's update before Hocuspocus applies it (the write
 * path's first step). An update that only sets plain values on entries of record sections, or on fields
 * of map entries, is accepted from its encoding when every entry it makes is valid (entry-scan.ts). Any
 * other update, and any it cannot accept there, it applies to a copy of the document and refuses —
 * closing that document's connection with a reason code, never dropping it silently — when the
 * connection is read-only, when it touches a section the user may not write, or when it would make the
 * document fail its shared zod schema (the violation is recorded and sent to the client), and when part
 * of it would wait in Yjs's pending store for updates the server does not have (SYNC7). An accepted
 * write that changes something is returned for the log, with the records it changes for the history.
 */
export class WriteGuard {
  constructor(
    private readonly options: {
      storage: Storage;
      now?: () => number;
      /** Rule SCE1's market (the server's current snapshot and history); absent, no day is held. */
      figures?: FigureMarketLoader;
    },
  ) {}

  /**
   * The accepted write to log, or null when the update brings nothing new; throws a refusal. Decided
   * synchronously (no promise made per edit); only a refusal that records a violation first is a
   * promise, rejected with the refusal once the violation is stored.
   */
  check({
    type,
    payload,
    document,
    connection,
    context,
  }: beforeSyncPayload): AcceptedWrite | null | Promise<AcceptedWrite | null> {
    if (type !== SYNC_STEP_2 && type !== UPDATE) return null;
    const { ref, grant, identity } = context as SyncContext;

    // The common writes — plain values set on entries of record sections, or on fields of a map entry
    // (the app's single-field edit) — are checked from the update's encoding alone; anything else, and
    // anything refused, takes the full path below.
    let scan: EntryScan;
    try {
      scan = scanEntries(document, payload);
    } catch (error) {
      throw syncRefusal("malformed-message", `undecodable update: ${(error as Error).message}`);
    }
    if (scan.kind === "nothing") return null;
    if (scan.kind === "entries" && acceptsEntries(scan, ref.kind, grant, connection.readOnly)) {
      guardPaths.entries++;
      return { changes: keepsHistory(ref) ? changesFromEntries(document, scan) : null };
    }
    // Typing: characters inserted into or deleted from shared texts at free-text fields (text-scan.ts).
    if (scan.kind === "other" && !connection.readOnly && grant.access === "write") {
      const texts = scanTexts(document, payload, ref.kind);
      if (texts?.every(({ section }) => maySection(grant, section))) {
        guardPaths.texts++;
        return { changes: keepsHistory(ref) ? changesFromTexts(ref, texts) : null };
      }
    }

    let candidate: ReturnType<typeof applyToCopy>;
    try {
      candidate = applyToCopy(document, payload);
    } catch (error) {
      throw syncRefusal("malformed-message", `undecodable update: ${(error as Error).message}`);
    }
    const { shadow, touched, paths, waiting } = candidate;
    // SYNC7: nothing waits unjudged in the document's pending store, to be released by a later write.
    if (waiting !== null) throw syncRefusal("missing-updates", `${ref.name}: ${waiting}`);
    if (touched.size === 0) return null; // nothing new (a sync step or a repeated update)
    guardPaths.copy++;
    if (connection.readOnly || grant.access !== "write") {
      throw syncRefusal("forbidden", `${ref.name} is read-only for ${identity.sub}`);
    }
    // A device's copy of the server's own `meta`/`members` (a restore) is judged, never waved through (SYNC8).
    const denied = [...touched.keys()].filter(
      (section) => !maySection(grant, section) && !isServerSeed(section, shadow, document),
    );
    if (denied.length > 0) {
      throw syncRefusal("forbidden", `${identity.sub} may not write ${denied.join(", ")} of ${ref.name}`);
    }

    // Only what the update touches can change: the touched entries of record sections, the whole of
    // other sections; `meta` is always there to be checked against.
    const after = touchedJson(shadow, ref.kind, touched);
    let issues = [...validateDocument(ref.kind, after), ...sharedTypeIssues(shadow, ref.kind, touched)];
    const earlier = touchedJson(document, ref.kind, touched);
    if (issues.length > 0) {
      // Issues the document already had (a stored document that fails its schema) do not refuse a write.
      const before = new Set(
        [...validateDocument(ref.kind, earlier), ...sharedTypeIssues(document, ref.kind, touched)].map(
          issueKey,
        ),
      );
      issues = issues.filter((issue) => !before.has(issueKey(issue)));
    }
    const accepted = (): AcceptedWrite => ({
      changes: keepsHistory(ref) ? changesFromCopy(ref, document, shadow, paths) : null,
    });
    // SCE1: the coverages whose priced figures the write changes, judged against their sales days' market.
    const priced = pricedCoverages(ref.kind, after, earlier);
    if (!priced)
      return issues.length > 0 ? this.refuse(context as SyncContext, connection, issues) : accepted();
    const judge = (markets: FigureMarkets) => {
      const found = [...issues, ...coverageIssues(priced, () => shadow.getMap("profile").toJSON(), markets)];
      return found.length > 0 ? this.refuse(context as SyncContext, connection, found) : accepted();
    };
    const markets = this.options.figures?.load(salesDatesOf(priced)) ?? NO_MARKET;
    return markets instanceof Promise ? markets.then(judge) : judge(markets);
  }

  /** Records the violation, sends the issues to the device and refuses the write (`invalid-document`). */
  private refuse(
    { ref, identity }: SyncContext,
    connection: beforeSyncPayload["connection"],
    found: DocumentIssue[],
  ): Promise<never> {
    return this.options.storage.violations
      .recordViolation({
        documentName: ref.name,
        userId: identity.sub,
        at: this.options.now?.() ?? nowMs(),
        issues: found,
      })
      .then(() => {
        connection.sendStateless(
          JSON.stringify({ type: VIOLATION_MESSAGE_TYPE, document: ref.name, issues: found }),
        );
        throw syncRefusal("invalid-document", found.map(issueKey).join("; "));
      });
  }
}
