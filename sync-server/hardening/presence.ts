import type { beforeHandleAwarenessPayload, Connection, Extension } from "@hocuspocus/server";
import { isSyncContext } from "../sync/context";

// Presence on a read-only connection (issue 16 §3): it says who is there and nothing else. The
// awareness state a reader sends is cut down to `{ user: { id, name, color } }` — the id is the verified
// subject, whatever the client wrote — and only for the one awareness client the connection first
// said something for (a reader cannot speak for, or overwrite, anyone else). Writers' presence passes
// untouched.

const MAX_NAME = 100;
const COLOR = /^#[0-9A-Fa-f]{3,8}$/;

export type ReaderPresence = { user: { id: string; name: string; color?: string } };

/** What a reader's awareness state may carry. */
export function readerPresence(state: Record<string, unknown>, userId: string): ReaderPresence {
  const user = (typeof state.user === "object" && state.user !== null ? state.user : {}) as Record<
    string,
    unknown
  >;
  const name = typeof user.name === "string" ? user.name.slice(0, MAX_NAME) : "";
  const color = typeof user.color === "string" && COLOR.test(user.color) ? user.color : undefined;
  return { user: { id: userId, name, ...(color ? { color } : {}) } };
}

export class ReadOnlyPresence implements Extension {
  readonly extensionName = "rangeline-read-only-presence";
  /** The awareness client id each read-only connection speaks for. */
  readonly #clientOf = new WeakMap<Connection, number>();

  async beforeHandleAwareness({ connection, states, document }: beforeHandleAwarenessPayload): Promise<void> {
    if (!connection?.readOnly) return;
    const context = connection.context;
    const userId = isSyncContext(context) ? context.identity.sub : "";
    for (const [clientId, state] of states) {
      let own = this.#clientOf.get(connection);
      if (own === undefined) {
        // Never someone already present; an empty state (also Hocuspocus's own scratch entry) carries
        // nothing and adopts nothing; the first client id with something to say is the reader's own.
        if (document.awareness.getStates().has(clientId)) {
          states.delete(clientId);
          continue;
        }
        if (!state || Object.keys(state).length === 0) continue;
        own = clientId;
        this.#clientOf.set(connection, clientId);
      }
      if (clientId !== own) {
        states.delete(clientId);
        continue;
      }
      states.set(clientId, readerPresence(state, userId));
    }
  }
}
