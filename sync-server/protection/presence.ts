import type { beforeHandleAwarenessPayload, Connection, Document, Extension } from "@hocuspocus/server";
import { nowMs } from "../clock";
import type { Identity } from "../identity/verify";
import { isSyncContext } from "../sync/context";

// Presence (docs/hardening.md; SESSION3; SESSION4). A connection speaks only for the awareness
// client id it introduced itself, first come (a provider has one: its Y.Doc's): the first id it sends
// something for that no live connection owns and that is not already present from elsewhere (another
// instance). Every other id is dropped from its updates, a removal (a null state) or an empty state too. Who a state says is there is the server's: the verified subject and
// the name the server has for that user (the organisation's users table, else the token's e-mail),
// never the client's claim. A reader's state carries who is there and nothing else; a writer's also the
// field it is in. The check runs per awareness message (a map lookup per state), never per edit.

const MAX_FIELD = 200;
const COLOR = /^#[0-9A-Fa-f]{3,8}$/;

export type PresenceState = {
  user: { id: string; name: string; color?: string };
  field?: string | null;
};

/** What a connection's awareness state may carry: the server's user, the colour and (writers) the field. */
export function presenceOf(
  state: Record<string, unknown>,
  user: { id: string; name: string },
  writer: boolean,
): PresenceState {
  const claimed = (typeof state.user === "object" && state.user !== null ? state.user : {}) as Record<
    string,
    unknown
  >;
  const color = typeof claimed.color === "string" && COLOR.test(claimed.color) ? claimed.color : undefined;
  const presence: PresenceState = { user: { ...user, ...(color ? { color } : {}) } };
  if (writer && "field" in state) {
    presence.field = typeof state.field === "string" ? state.field.slice(0, MAX_FIELD) : null;
  }
  return presence;
}

/** The name the server shows for a user: from the organisation's users table, cached for a minute. */
export class UserNames {
  readonly #orgs = new Map<string, { at: number; names: Map<string, string> }>();

  constructor(
    private readonly listMembers: (
      orgId: string,
    ) => Promise<readonly { id: string; name: string | null; email: string | null }[]>,
    private readonly now: () => number = nowMs,
  ) {}

  async of(identity: Identity, orgId: string | null): Promise<string> {
    const fallback = identity.email ?? identity.sub;
    if (!orgId) return fallback;
    let entry = this.#orgs.get(orgId);
    if (!entry || this.now() - entry.at > 60_000) {
      const members = await this.listMembers(orgId);
      entry = { at: this.now(), names: new Map(members.map((m) => [m.id, m.name ?? m.email ?? m.id])) };
      this.#orgs.set(orgId, entry);
    }
    return entry.names.get(identity.sub) ?? fallback;
  }
}

export class Presence implements Extension {
  readonly extensionName = "rangeline-presence";
  /** Per document: awareness client id → the connection that introduced it. */
  readonly #owners = new WeakMap<Document, Map<number, Connection>>();
  /** Per connection: the awareness client id it speaks for. */
  readonly #clientOf = new WeakMap<Connection, number>();
  /** Per connection: the user its states show. */
  readonly #users = new WeakMap<Connection, { id: string; name: string }>();

  constructor(private readonly names: UserNames) {}

  async beforeHandleAwareness({ connection, states, document }: beforeHandleAwarenessPayload): Promise<void> {
    if (!connection) return; // another instance's update (it judged it) or the server's own
    const context = connection.context;
    if (!isSyncContext(context)) {
      states.clear();
      return;
    }
    let owners = this.#owners.get(document);
    if (!owners) {
      owners = new Map();
      this.#owners.set(document, owners);
    }
    for (const [clientId, state] of states) {
      const empty = !state || Object.keys(state).length === 0;
      if (!this.#owns(owners, document, connection, clientId, empty)) {
        states.delete(clientId);
        continue;
      }
      if (!state) continue; // its own client leaving
      states.set(clientId, presenceOf(state, await this.#userOf(connection), !connection.readOnly));
    }
  }

  /** Whether `connection` speaks for `clientId`: it introduced it, or does now (first come). */
  #owns(
    owners: Map<number, Connection>,
    document: Document,
    connection: Connection,
    clientId: number,
    empty: boolean,
  ) {
    const own = this.#clientOf.get(connection);
    if (own !== undefined) return own === clientId;
    // Nothing to say adopts nothing; an id a live connection owns, or one already present without a
    // live owner here (another instance's client), is never taken over.
    if (empty) return false;
    const owner = owners.get(clientId);
    if (owner ? document.getConnections().includes(owner) : document.awareness.getStates().has(clientId)) {
      return false;
    }
    owners.set(clientId, connection);
    this.#clientOf.set(connection, clientId);
    return true;
  }

  async #userOf(connection: Connection) {
    let user = this.#users.get(connection);
    if (!user) {
      const context = connection.context;
      if (!isSyncContext(context)) throw new Error("presence of a connection without a sync context");
      const orgId = "orgId" in context.ref ? context.ref.orgId : context.identity.orgId;
      user = { id: context.identity.sub, name: await this.names.of(context.identity, orgId) };
      this.#users.set(connection, user);
    }
    return user;
  }
}
