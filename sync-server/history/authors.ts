import type { beforeSyncPayload, Extension } from "@hocuspocus/server";
import { setUpdateAuthor } from "../storage/authors";
import type { SyncContext } from "../sync/context";
import { acceptedWrites } from "../sync/guard";

/**
 * Notes the author of each accepted client write for the document's history (issue 16 §4): the
 * verified user of the connection (the server's context), never anything the client wrote. Runs after
 * the write guard (200), which decides what is accepted, and before the persistence (100), which logs
 * it: a WeakMap entry per edit, no other work on the edit's path.
 */
export class HistoryAuthors implements Extension {
  readonly extensionName = "rangeline-history-authors";
  priority = 150;

  async beforeSync({ payload, context }: beforeSyncPayload): Promise<void> {
    if (acceptedWrites.has(payload)) setUpdateAuthor(payload, (context as SyncContext).identity.sub);
  }
}
