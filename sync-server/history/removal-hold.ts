import type { beforeSyncPayload } from "@hocuspocus/server";
import { HOLD_MESSAGE_TYPE, syncRefusal } from "../../shared/documents/sync-reasons";
import { logEntry } from "../log-line";
import type { SyncContext } from "../sync/context";
import { keepsHistory, type RecordChange } from "../sync/history";
import type { ConfirmationStore } from "./confirmations";
import { isHeld, removal } from "./hold";

/**
 * The write path's step after the write guard and before the log (write-path.ts): holds a write that
 * removes too many of the document's records at once (hold.ts, HIST3) unless its writer confirmed it —
 * not logged, not applied; the client is told how many and why. Per edit: a look at the records the
 * guard found changed, nothing else.
 */
export class RemovalHold {
  constructor(
    private readonly confirmations: ConfirmationStore,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Uses up the writer's confirmation; when the store cannot answer, the write stays held. */
  private async confirmed(userId: string, document: string): Promise<boolean> {
    try {
      return await this.confirmations.take(userId, document);
    } catch (error) {
      this.log(
        logEntry("held write: confirmation not readable", { document, error: (error as Error).message }),
      );
      return false;
    }
  }

  /**
   * Null when the write may go on; otherwise a promise that settles once the writer's confirmation is
   * used up, or rejects with the refusal (held-for-confirmation).
   */
  check({ context, document, connection }: beforeSyncPayload, changes: RecordChange[]): Promise<void> | null {
    const { identity, ref } = context as SyncContext;
    // Writes may be held where records keep a history (the guard notes removals there only).
    if (!keepsHistory(ref)) return null;
    const { removed, total } = removal(document, ref.kind, changes);
    if (!isHeld(removed, total)) return null;
    return this.confirmed(identity.sub, ref.name).then((confirmed) => {
      if (confirmed) return;
      connection.sendStateless(
        JSON.stringify({ type: HOLD_MESSAGE_TYPE, document: ref.name, removed, total }),
      );
      throw syncRefusal(
        "held-for-confirmation",
        `${identity.sub} would remove ${removed} of ${total} records of ${ref.name} at once`,
      );
    });
  }
}
