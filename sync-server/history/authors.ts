import type { beforeSyncPayload, Extension } from "@hocuspocus/server";
import { HOLD_MESSAGE_TYPE, syncRefusal } from "../../shared/documents/sync-reasons";
import { setUpdateAuthor } from "../storage/authors";
import type { SyncContext } from "../sync/context";
import { acceptedWrites } from "../sync/guard";
import { pendingHistory } from "../sync/history";
import type { ConfirmationStore } from "./confirmations";
import { HOLD_KINDS, isHeld, removal } from "./hold";

/**
 * Runs after the write guard (200), which decides what is accepted and notes the records a write
 * changes, and before the persistence (100), which logs it:
 * - notes the author of each accepted client write for the document's history (issue 16 §4): the
 *   verified user of the connection (the server's context), never anything the client wrote;
 * - holds a write that removes too many of the document's records at once (hold.ts, HIST3) unless
 *   its writer confirmed it: not logged, not applied; the client is told how many and why.
 * Per edit: a WeakMap entry and a look at what the guard noted, nothing else.
 */
export class HistoryAuthors implements Extension {
  readonly extensionName = "rangeline-history-authors";
  priority = 150;

  constructor(
    private readonly confirmations: ConfirmationStore,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Uses up the writer's confirmation; when the store cannot answer, the write stays held. */
  private async confirmed(userId: string, document: string): Promise<boolean> {
    try {
      return await this.confirmations.take(userId, document);
    } catch (error) {
      this.log(`held write of ${document}: confirmation not readable (${(error as Error).message})`);
      return false;
    }
  }

  async beforeSync({ payload, context, document, connection }: beforeSyncPayload): Promise<void> {
    if (!acceptedWrites.has(payload)) return;
    const { identity, ref } = context as SyncContext;
    const noted = HOLD_KINDS.has(ref.kind) ? pendingHistory.get(payload) : undefined;
    if (noted) {
      const { removed, total } = removal(document, ref.kind, noted.changes);
      if (isHeld(removed, total) && !(await this.confirmed(identity.sub, ref.name))) {
        acceptedWrites.delete(payload);
        pendingHistory.delete(payload);
        connection.sendStateless(
          JSON.stringify({ type: HOLD_MESSAGE_TYPE, document: ref.name, removed, total }),
        );
        throw syncRefusal(
          "held-for-confirmation",
          `${identity.sub} would remove ${removed} of ${total} records of ${ref.name} at once`,
        );
      }
    }
    setUpdateAuthor(payload, identity.sub);
  }
}
