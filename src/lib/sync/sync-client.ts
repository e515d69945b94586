import { HocuspocusProviderWebsocket, WebSocketStatus } from "@hocuspocus/provider";
import { type DocumentKind, type DocumentRef, parseDocumentName } from "../../../shared/documents/names";
import { RECONNECT } from "./config";
import { readStoredValue } from "./device-snapshot";
import { deleteStoredDocuments, storedDocuments } from "./device-store";
import { type RefusedRecord, recordLabel } from "./refused-copy";
import { PENDING_KEY, type PresenceUser, SyncedDocument } from "./synced-document";

// The registry of open documents of one signed-in user. Every document shares ONE
// HocuspocusProviderWebsocket (providers attach to it); it reconnects with back-off, and at once when
// the browser says the network is back. Documents stay open while the app runs, so the ones the user
// needs offline keep syncing in the background; the ones already on the device are reopened at start.

export type SocketStatus = "connected" | "connecting" | "disconnected";

export interface SyncStatus {
  socket: SocketStatus;
  /** Local changes, over every open document, the server has not confirmed yet. */
  pending: number;
  /** Some open document is still exchanging its state with the server. */
  syncing: boolean;
  /** Documents open on this device. */
  documents: number;
  /** Organisations whose documents were removed because the platform disabled them (docs/administration.md). */
  disabledOrgs: readonly string[];
  /** Documents whose copy on this device the server refused to take (kept here, docs/hardening.md). */
  refused: readonly RefusedRecord[];
}

export interface SyncClientOptions {
  url: string;
  userId: string;
  user: PresenceUser;
  token: () => Promise<string>;
  /** Start without connecting (tests, or a device known to be offline). */
  connect?: boolean;
}

export class SyncClient {
  readonly socket: HocuspocusProviderWebsocket;
  private readonly documents = new Map<string, SyncedDocument>();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers: (() => void)[] = [];
  private status: SyncStatus;
  private socketStatus: SocketStatus = "connecting";
  private closed = false;
  private readonly disabledOrgs = new Set<string>();

  constructor(readonly options: SyncClientOptions) {
    this.socket = new HocuspocusProviderWebsocket({
      url: options.url,
      autoConnect: options.connect ?? true,
      ...RECONNECT,
      onStatus: ({ status }) =>
        this.setSocketStatus(
          status === WebSocketStatus.Connected
            ? "connected"
            : status === WebSocketStatus.Connecting
              ? "connecting"
              : "disconnected",
        ),
    });
    if (options.connect === false) this.socketStatus = "disconnected";
    this.status = {
      socket: this.socketStatus,
      pending: 0,
      syncing: false,
      documents: 0,
      disabledOrgs: [],
      refused: [],
    };
    if (typeof window !== "undefined") {
      const online = () => {
        if (this.socket.shouldConnect) void this.socket.connect();
      };
      window.addEventListener("online", online);
      this.unsubscribers.push(() => window.removeEventListener("online", online));
    }
  }

  /** The open document named `name`, opening it (device first, then the server) if needed. */
  open<K extends DocumentKind>(name: string): SyncedDocument<K> {
    const existing = this.documents.get(name);
    if (existing) return existing as unknown as SyncedDocument<K>;
    if (this.closed) throw new Error("The sync client is closed (signed out).");
    const ref = parseDocumentName(name);
    if (!ref) throw new Error(`No document is named "${name}".`);
    const document = new SyncedDocument<K>({
      name,
      kind: ref.kind as K,
      userId: this.options.userId,
      user: this.options.user,
      socket: this.socket,
      token: this.options.token,
      socketStatus: () => this.socketStatus,
      onRemoved: (removed, reason) => {
        this.documents.delete(removed);
        if (reason === "org-disabled" && ref.kind !== "market" && ref.kind !== "watchlist")
          this.disabledOrgs.add(ref.orgId);
        this.recompute();
      },
    });
    this.documents.set(name, document as unknown as SyncedDocument);
    this.unsubscribers.push(document.observe(() => this.recompute()));
    this.recompute();
    return document;
  }

  /**
   * Reopens every document of this user stored on the device, so they sync in the background; with
   * `unsentOnly`, only those holding changes the server does not have yet.
   */
  async reopenStored(
    filter: (ref: DocumentRef) => boolean = () => true,
    { unsentOnly = false } = {},
  ): Promise<string[]> {
    const stored = (await storedDocuments()).filter((d) => {
      const ref = d.userId === this.options.userId ? parseDocumentName(d.documentName) : null;
      return ref !== null && filter(ref);
    });
    const unsent = async (database: string) =>
      Number(await readStoredValue(database, PENDING_KEY).catch(() => 0)) > 0;
    const names = unsentOnly
      ? (
          await Promise.all(stored.map(async (d) => ((await unsent(d.database)) ? [d.documentName] : [])))
        ).flat()
      : stored.map((d) => d.documentName);
    if (this.closed) return [];
    for (const name of names) this.open(name);
    return names;
  }

  getStatus = (): SyncStatus => this.status;

  /** The open document named `name`, if it is open (a held write is answered on it: settleHeld). */
  opened = (name: string): SyncedDocument | undefined => this.documents.get(name);

  /**
   * Each open document's connection, scope, changes not yet on the server and last problem (for
   * diagnostics): `pending` counts everything unsent, derived writes included; `edits` what the
   * status line counts (the person's own).
   */
  describeDocuments() {
    return [...this.documents.values()].map((d) => {
      const { name, connection, scope, pending, unsent, problem, loaded, held } = d.getState();
      return {
        name,
        loaded,
        connection,
        scope,
        pending: unsent,
        edits: pending,
        problem,
        held: held ?? null,
      };
    });
  }

  /**
   * Resolves once every write of this device to the open documents is stored on the device
   * (SyncedDocument.whenStored): a screen that creates a record says it is saved only then.
   */
  whenStored = async (): Promise<void> => {
    await Promise.all([...this.documents.values()].map((d) => d.whenStored()));
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private recompute() {
    let pending = 0;
    let syncing = false;
    const refused: RefusedRecord[] = [];
    for (const document of this.documents.values()) {
      const state = document.getState();
      pending += state.pending;
      if (state.connection === "syncing" || state.connection === "connecting") syncing = true;
      if (state.refusal)
        refused.push({
          name: state.name,
          label: recordLabel(state.name, state.data),
          refusal: state.refusal,
        });
    }
    const next: SyncStatus = {
      socket: this.socketStatus,
      pending,
      syncing: this.socketStatus === "connected" && syncing,
      documents: this.documents.size,
      disabledOrgs: [...this.disabledOrgs].sort(),
      refused,
    };
    const refusedKey = (s: SyncStatus) => s.refused.map((r) => `${r.name}|${r.label}|${r.refusal.at}`).join();
    const before = this.status;
    if (
      before.socket === next.socket &&
      before.pending === next.pending &&
      before.syncing === next.syncing &&
      before.documents === next.documents &&
      before.disabledOrgs.join() === next.disabledOrgs.join() &&
      refusedKey(before) === refusedKey(next)
    )
      return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }

  /**
   * Drops the shared socket and keeps it down (the documents keep working on the device). The device
   * is offline from this moment: nothing more is sent (a closing socket queues what it is given), so
   * the status says so now rather than when the close handshake ends, which on a dead link can take a
   * minute.
   */
  disconnect() {
    this.socket.disconnect();
    this.setSocketStatus("disconnected");
  }

  private setSocketStatus(status: SocketStatus) {
    this.socketStatus = status;
    for (const document of this.documents.values()) document.refresh();
    this.recompute();
  }

  /**
   * Connects the shared socket again. A socket dropped by disconnect() may still be closing (on a dead
   * link its close handshake can take a minute), and the provider ignores connect() until it has
   * closed: it is told to connect again once it has.
   */
  connect() {
    if (this.socket.status === WebSocketStatus.Connected) this.socket.shouldConnect = true;
    void this.socket.connect();
  }

  /** Closes every document and the socket. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    await Promise.all([...this.documents.values()].map((d) => d.close()));
    this.documents.clear();
    this.socket.destroy();
  }

  /**
   * Sign-out: closes everything and deletes every document of this user from the device, but those
   * holding changes the server does not have yet: they stay, unopened, for this user's next sign-in
   * here (docs/hardening.md; device-store.ts).
   */
  async closeAndForget(): Promise<string[]> {
    await this.close();
    return deleteStoredDocuments((d) => d.userId === this.options.userId, { keepUnsent: true });
  }

  /** Open documents whose changes are not all on the server (unsent, or a copy the server refused). */
  unsentDocuments(): string[] {
    return [...this.documents.values()]
      .map((d) => d.getState())
      .filter((s) => s.unsent > 0 || s.refusal !== null)
      .map((s) => s.name);
  }
}
