import type { beforeSyncPayload, Extension, onChangePayload } from "@hocuspocus/server";
import { syncRefusal } from "../../shared/documents/sync-reasons";
import { nowMs } from "../clock";
import type { RemovalHold } from "../history/removal-hold";
import type { AccessControl } from "./access";
import type { SyncContext } from "./context";
import type { AcceptedWrite, WriteGuard } from "./guard";
import type { RecordChange, RecordHistory } from "./history";
import type { Persistence } from "./persistence";

export interface WriteSteps {
  guard: WriteGuard;
  /** The hold of mass removals (docs/hardening.md); absent, nothing is held. */
  hold?: RemovalHold;
  persistence: Persistence;
  history: RecordHistory;
  /** Access control: a writer's change of a claim's customer moves the claim's link (ACL7). */
  access?: Pick<AccessControl, "followClaimCustomer">;
  /** Largest stored size of a document, bytes (LIMIT5); absent, no cap. */
  maxDocumentBytes?: number;
  /** Spends one of the user's new documents, or throws `too-many-documents` (LIMIT6); absent, no budget. */
  createDocument?: (userId: string, documentName: string) => Promise<void>;
  now?: () => number;
}

const SYNC_STEP_2 = 1;
const UPDATE = 2;

/**
 * The sync server's per-message pipeline, one Hocuspocus extension for every step that runs per edit
 * (each hook of each extension costs Hocuspocus a link of its promise chain per message, and the steps
 * hand the write on directly rather than by the update's bytes).
 *
 * beforeSync — what happens to a client's write before Hocuspocus applies and acknowledges it, in this
 * order: the write guard checks it (SYNC1-SYNC3) and finds the records it changes; the removal hold
 * keeps back a write that removes too many records at once until its writer confirms it (HIST3); the
 * persistence appends it to the log with its author, the connection's verified user (STORE1, docs/hardening.md
 * §4); once it is logged, the record history queues its records (AUDIT1). A step that throws refuses
 * the write, and nothing after it runs. A new check of a write belongs in the guard (guard.ts), which
 * returns the accepted write; a new step after acceptance goes here, in its place in the order.
 *
 * onChange — after a change is applied: the persistence marks the client's logged write applied (or
 * logs a server-side change), then a writer's change of a claim's customer moves the claim's link
 * (ACL7). A step added here runs for every applied change, the server's own included.
 */
export class WritePath implements Extension {
  readonly extensionName = "rangeline-write-path";
  priority = 200;

  constructor(private readonly steps: WriteSteps) {}

  beforeSync(data: beforeSyncPayload): Promise<void> {
    const { guard, persistence, maxDocumentBytes } = this.steps;
    const name = data.document.name;
    // LIMIT5, before any work on the update: the tracked size plus the update's bytes (O(1)).
    if (
      maxDocumentBytes !== undefined &&
      (data.type === SYNC_STEP_2 || data.type === UPDATE) &&
      persistence.sizeOf(name) + data.payload.byteLength > maxDocumentBytes
    ) {
      throw syncRefusal("document-too-large", `the server keeps documents up to ${maxDocumentBytes} bytes`);
    }
    // The common write runs its steps in this turn and makes one promise: the log's append. A step
    // that has to wait (a violation being recorded, a held removal, a new document's budget) is
    // waited for, and the steps after it run once it is done.
    const write = guard.check(data);
    if (write instanceof Promise) return write.then((w) => (w ? this.accepted(data, w) : undefined));
    if (!write) return DONE;
    return this.accepted(data, write);
  }

  /** An accepted write's steps after the guard: the hold, then the store. */
  private accepted(data: beforeSyncPayload, write: AcceptedWrite): Promise<void> {
    const changes = write.changes && write.changes.length > 0 ? write.changes : null;
    const held = changes && this.steps.hold ? this.steps.hold.check(data, changes) : null;
    return held ? held.then(() => this.store(data, changes)) : this.store(data, changes);
  }

  /** LIMIT6, then the log (STORE1), then the history (AUDIT1): an accepted write's steps after the hold. */
  private store(data: beforeSyncPayload, changes: RecordChange[] | null): Promise<void> {
    const { persistence, createDocument } = this.steps;
    const { identity } = data.context as SyncContext;
    // LIMIT6 and IMPORT3: the first content of a document nothing of which is stored creates it.
    if (createDocument && persistence.isUnstored(data.document.name)) {
      return createDocument(identity.sub, data.document.name).then(() =>
        this.log(data, identity.sub, changes),
      );
    }
    return this.log(data, identity.sub, changes);
  }

  private log(data: beforeSyncPayload, userId: string, changes: RecordChange[] | null): Promise<void> {
    const { persistence, history, now = nowMs } = this.steps;
    const logged = persistence.logWrite(data.document, data.connection, data.payload, userId);
    if (!changes) return logged;
    // Queued once the write is logged (not at all when that fails), with the server's time of the write.
    return logged.then(() => history.add(data.document.name, { userId, at: now(), changes }));
  }

  onChange(data: onChangePayload): Promise<void> {
    const logged = this.steps.persistence.changed(data);
    const linked = this.steps.access?.followClaimCustomer(data) ?? null;
    if (logged && linked) return Promise.all([logged, linked]).then(ignore);
    return logged ?? linked ?? DONE;
  }
}

const DONE: Promise<void> = Promise.resolve();
const ignore = () => {};
