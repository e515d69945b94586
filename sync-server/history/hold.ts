import type * as Y from "yjs";
import type { DocumentKind } from "../../shared/documents/names";
import { isRecordSection, sectionsOf } from "../../shared/documents/shapes";
import type { RecordChange } from "../sync/history";

// The hold-for-confirmation rule (issue 16 §4, HIST3): one client update that removes more than a set
// share of a document's records (at least a few) is not applied; the writer is told how many and may
// confirm, after which their next such write to that document is applied. It catches a mistaken or
// malicious "delete everything"; removing a record or two never asks. It reads what the write guard
// already noted about the update (the records it changes), so ordinary edits cost nothing more.

/**
 * The documents whose writes may be held: a customer's and a claim's. Not the internal document, where
 * the app removes an entity's tax ids together (an entity with a spouse and SBIs: several keys), which
 * would ask the agent about an ordinary edit (docs/hardening.md "Held for confirmation").
 */
export const HOLD_KINDS: ReadonlySet<DocumentKind> = new Set(["customer", "claim"]);
/** More than this share of the records removed in one update is held. */
export const HOLD_SHARE = 0.5;
/** Fewer removed records than this are never held, whatever the share. */
export const HOLD_MIN_RECORDS = 3;
/** How long a confirmation waits for the write it allows, ms. */
export const CONFIRMATION_TTL_MS = 2 * 60 * 1000;

/** Records of record sections the update removes whole (they existed before, and not after). */
export const removedRecords = (kind: DocumentKind, changes: readonly RecordChange[]): number =>
  changes.filter(
    (c) => isRecordSection(kind, c.section) && !c.fields && c.before !== undefined && c.after === undefined,
  ).length;

/** The document's records now: the entries of its record sections. */
export function recordCount(doc: Y.Doc, kind: DocumentKind): number {
  let count = 0;
  for (const section of sectionsOf(kind)) {
    if (isRecordSection(kind, section) && doc.share.has(section)) count += doc.getMap(section).size;
  }
  return count;
}

/** Whether removing `removed` of `total` records in one update is held. */
export const isHeld = (removed: number, total: number): boolean =>
  removed >= HOLD_MIN_RECORDS && total > 0 && removed / total > HOLD_SHARE;

/** Confirmations given (per user and document, this instance), each for one held write. */
export class Confirmations {
  private readonly given = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  confirm(userId: string, document: string): number {
    const expiresAt = this.now() + CONFIRMATION_TTL_MS;
    this.given.set(`${userId}\u0000${document}`, expiresAt);
    return expiresAt;
  }

  /** Uses up the user's confirmation for the document; false when there is none (or it expired). */
  take(userId: string, document: string): boolean {
    const key = `${userId}\u0000${document}`;
    const expiresAt = this.given.get(key);
    this.given.delete(key);
    return expiresAt !== undefined && expiresAt > this.now();
  }
}
