import { HocuspocusProvider, type HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { IndexeddbPersistence, storeState } from "y-indexeddb";
import * as Y from "yjs";
import { queryRetryDelayMs } from "../../../shared/catalogue/app-defaults";
import type { DocumentKind } from "../../../shared/documents/names";
import {
  HOLD_MESSAGE_TYPE,
  type SyncReason,
  VIOLATION_MESSAGE_TYPE,
} from "../../../shared/documents/sync-reasons";
import { DomainError } from "../../../shared/errors";
import { reportTokenRefused } from "../auth/token-refusals";
import { databaseName } from "./config";
import { debouncedSaver, readSnapshot, SNAPSHOT_KEY, SNAPSHOT_KINDS, snapshotText } from "./device-snapshot";
import { afterNextPaint } from "./frames";
import { presenceName } from "./presence-name";
import { type DocumentRefusal, parseRefusal, REFUSED_KEY } from "./refused-copy";
import { changedFields, fieldKey } from "./typed/field-changes";
import {
  applyTransaction,
  type DocumentData,
  DocumentTransaction,
  readDocument,
  sharedTextOf,
} from "./typed/typed-document";

/**
 * The key of the count of local changes not yet on the server (edited fields and records, docs/sync-rules.md TEXT1),
 * in the document's `custom` store; PENDING_FIELDS_KEY keeps which they are (a JSON list of keys).
 */
export const PENDING_KEY = "pending";
export const PENDING_FIELDS_KEY = "pendingFields";

// One document on the device and on the server: a Y.Doc that first loads from IndexedDB (y-indexeddb,
// a database per user and document) and only then attaches a HocuspocusProvider to the shared socket.
// It keeps what the UI shows about it: loaded, connection, read-only scope, changes not yet on the
// server, and the last refusal. A document the server refuses to open for this user is removed from
// the device. A copy the server refused to take is kept as it is and stops syncing until the user sends
// it again or chooses the server's copy (docs/hardening.md, refused-copy.ts); it is never dropped on its own.

export type DocumentConnection = "offline" | "connecting" | "syncing" | "synced" | "refused";
export type Scope = "read-write" | "readonly";

export interface DocumentProblem {
  reason: SyncReason | "token-unavailable";
  detail?: string;
}

/** A write of this device the server held for confirmation (docs/hardening.md, HIST3): how many records it removes. */
export interface HeldWrite {
  removed: number;
  total: number;
}

export interface DocumentState<K extends DocumentKind = DocumentKind> {
  name: string;
  kind: K;
  /** The device copy is loaded (the content below is usable). */
  loaded: boolean;
  /**
   * Until `loaded`: `data` is the device's snapshot of the last read (device-snapshot.ts, large
   * documents only), shown while the document loads; it cannot be written.
   */
  cached: boolean;
  connection: DocumentConnection;
  /** From the server (`authorizedScope`), remembered on the device for offline use; null until known. */
  scope: Scope | null;
  /**
   * Local changes the server has not confirmed yet, in a person's terms: the fields (and records
   * created or removed) edited since the server last had everything, not Yjs transactions — one word
   * typed into a name is one. Derived writes (writeDerived: the book's summaries of a record) are not
   * counted here: the person did not make them; `unsent` counts them too.
   */
  pending: number;
  /** Everything not yet on the server: `pending` and the derived writes (what must not be dropped). */
  unsent: number;
  /** A write the server held until this user confirms it (settleHeld); absent or null: none. */
  held?: HeldWrite | null;
  /** Why the server last closed or refused this document, if it did. */
  problem: DocumentProblem | null;
  /**
   * The server refused this device's copy (it holds content the server does not have): kept on the
   * device, not sent again until `sendAgain` (or the next start); null when none.
   */
  refusal: DocumentRefusal | null;
  /** The user may no longer open this document: it was removed from the device. */
  removed: boolean;
  data: DocumentData<K>;
  /** Sections stored in a shape the schema refuses (shown, never silently rewritten). */
  issues: { section: string; message: string }[];
}

export interface PresenceUser {
  id: string;
  name: string;
  color: string;
}

export interface Presence {
  clientId: number;
  user: PresenceUser;
  /** The field the person is in, e.g. "profile.name"; null when none. */
  field: string | null;
}

/** The origin of this device's own writes (counted as changes not yet on the server). */
export const LOCAL_ORIGIN = Symbol("rangeline-local-write");

/**
 * The origin of writes the device derives from other writes (the book's summary of a customer after
 * a name change): sent like the device's own, kept until the server has them, but not counted as the
 * person's edits (docs/sync-rules.md TEXT1: one field typed offline is "1 edit not yet on the server").
 */
export const DERIVED_ORIGIN = Symbol("rangeline-derived-write");
/** How a derived field is kept among the pending fields (so both survive a reload in one list). */
const DERIVED_MARK = "derived:";
/** The person's own edits among the pending fields. */
const ownEdits = (fields: ReadonlySet<string>): number => {
  let count = 0;
  for (const key of fields) if (!key.startsWith(DERIVED_MARK)) count++;
  return count;
};

/** Whether a transaction's origin is this device's own write: LOCAL_ORIGIN, or an undo of a text field. */
export const isLocalOrigin = (origin: unknown): boolean =>
  origin === LOCAL_ORIGIN || origin instanceof Y.UndoManager;

/** Who last changed a field from elsewhere (another person or device), for "changed by …". */
export interface LastChange {
  /** The person, from presence; null when they are not (or no longer) present. */
  user: PresenceUser | null;
  /** The Yjs client that made the change (-1 when the change only removed something). */
  clientId: number;
  /** When this device received it (ms since the epoch). */
  at: number;
}

/** Kinds whose device copy is compacted once per session after the first sync (compactOnce). */
const COMPACTED_KINDS: ReadonlySet<DocumentKind> = new Set<DocumentKind>(["org"]);

/**
 * Close reasons after which the local copy is replaced by the server's — when the device has nothing
 * the server lacks (a grant that changed); a copy with unsent content is kept instead (KEEP_REASONS).
 */
const RESET_REASONS = new Set<string>(["forbidden", "org-disabled", "invalid-document", "malformed-message"]);
/** Refusals of this device's own write: its copy is kept (docs/hardening.md), never dropped. */
const KEEP_REASONS = new Set<string>([
  "forbidden",
  "invalid-document",
  "malformed-message",
  "document-too-large",
  "too-many-documents",
]);
/** Refusals of the connection itself that mean the user may not open the document. */
const GONE_REASONS = new Set<string>(["forbidden", "org-disabled", "unknown-document"]);
/** Token problems: try again later with a fresh token. */
const RETRY_REASONS = new Set<string>(["unauthorized", "session-expired"]);

export interface SyncedDocumentOptions<K extends DocumentKind> {
  name: string;
  kind: K;
  userId: string;
  user: PresenceUser;
  socket: HocuspocusProviderWebsocket;
  token: () => Promise<string>;
  /** Whether the shared socket is up; the document asks when it recomputes its state. */
  socketStatus: () => "connected" | "connecting" | "disconnected";
  /** Called once the document was removed from the device (lost access), with the server's reason. */
  onRemoved: (name: string, reason: SyncReason) => void;
}

export class SyncedDocument<K extends DocumentKind = DocumentKind> {
  private doc = new Y.Doc();
  private persistence!: IndexeddbPersistence;
  /** The last save of the pending count (savePending); never rejects. */
  private pendingSave: Promise<void> = Promise.resolve();
  private persistenceClosed = false;
  /** Keeps a snapshot of the parsed content on the device (SNAPSHOT_KINDS), after changes. */
  private readonly snapshot: ReturnType<typeof debouncedSaver> | null;
  private snapshotData: unknown = null;
  private compacted = false;
  private provider: HocuspocusProvider | null = null;
  private readonly listeners = new Set<() => void>();
  /** Listeners of screens (subscribe), as opposed to the client's own (observe). */
  private viewers = 0;
  private onViewer: (() => void) | null = null;
  private readonly presenceListeners = new Set<() => void>();
  /** Fields (and records) edited here and not yet on the server, by fieldKey (field-changes.ts). */
  private pendingFields = new Set<string>();
  /** Per field key, the last change made elsewhere. */
  private readonly remoteChanges = new Map<string, { clientId: number; at: number }>();
  private readonly changeListeners = new Set<() => void>();
  private state: DocumentState<K>;
  private presence: Presence[] = [];
  private authenticated = false;
  private synced = false;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private field: string | null = null;
  private closed = false;
  /** This device's writes (own and derived) so far, and how many of them whenStored saw stored. */
  private localWrites = 0;
  private storedWrites = 0;
  /** Resolves once the device copy is loaded. */
  ready: Promise<void>;

  constructor(private readonly options: SyncedDocumentOptions<K>) {
    this.state = {
      name: options.name,
      kind: options.kind,
      loaded: false,
      cached: false,
      connection: "connecting",
      scope: null,
      pending: 0,
      unsent: 0,
      problem: null,
      refusal: null,
      removed: false,
      data: {},
      issues: [],
    };
    this.snapshot = SNAPSHOT_KINDS.has(options.kind) ? debouncedSaver(() => this.saveSnapshot()) : null;
    // A document with a snapshot opens its database once the snapshot is shown.
    if (!this.snapshot)
      this.persistence = new IndexeddbPersistence(databaseName(options.userId, options.name), this.doc);
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    if (this.snapshot) {
      await this.showSnapshot();
      if (this.closed) return;
      this.persistence = new IndexeddbPersistence(
        databaseName(this.options.userId, this.options.name),
        this.doc,
      );
    }
    await this.loadFromDevice();
    if (!this.closed) this.attach();
  }

  /**
   * Shows the device's snapshot of the last read, if there is one, and lets the page paint it before
   * Yjs reads the document (which holds the main thread for a large one).
   */
  private async showSnapshot(): Promise<void> {
    const data = await readSnapshot(databaseName(this.options.userId, this.options.name));
    if (!data || this.closed || this.state.loaded) return;
    this.update({ data: data as DocumentData<K>, cached: true });
    // A screen that opened the document may not be on the page yet (its render can wait for a lazy
    // chunk, seconds on a loaded device): wait until one listens (it then shows the snapshot), or
    // 10 s (a document nobody shows), then for a paint.
    if (this.viewers === 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        this.onViewer = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    this.onViewer = null;
    await afterNextPaint();
  }

  /**
   * Once per session, after the first sync, replaces the organisation document's stored updates on the
   * device with its state: a device that held it at schema version 2 stored the whole book index in it
   * (several MB, read on every screen); once the server has moved the index to the book document, the
   * state is small but the old updates would stay until y-indexeddb's own trim (500 updates).
   */
  private compactOnce() {
    if (this.compacted || !COMPACTED_KINDS.has(this.options.kind)) return;
    this.compacted = true;
    if (this.persistence._dbsize > 2) void storeState(this.persistence, true).catch(() => {});
  }

  /** Keeps the parsed content as the device's snapshot (when it changed since the last one). */
  private saveSnapshot() {
    if (this.closed || !this.state.loaded || this.state.removed) return;
    const { data } = this.state;
    if (data === this.snapshotData) return;
    this.snapshotData = data;
    void this.persistence.set(SNAPSHOT_KEY, snapshotText(data)).catch(() => {});
  }

  private async loadFromDevice(): Promise<void> {
    const persistence = this.persistence;
    this.doc.on("update", this.onUpdate);
    await persistence.whenSynced;
    const [pending, fields, scope, refused] = await Promise.all([
      persistence.get(PENDING_KEY),
      persistence.get(PENDING_FIELDS_KEY),
      persistence.get("scope"),
      persistence.get(REFUSED_KEY),
    ]);
    this.pendingFields = restoredFields(pending, fields);
    this.update({
      loaded: true,
      cached: false,
      pending: ownEdits(this.pendingFields),
      unsent: this.pendingFields.size,
      scope: scope === "readonly" || scope === "read-write" ? scope : null,
      refusal: parseRefusal(refused),
      ...this.content(),
    });
  }

  private content() {
    const { data, issues } = readDocument(this.options.kind, this.doc);
    return { data, issues };
  }

  private readonly onUpdate = (
    _update: Uint8Array,
    origin: unknown,
    _doc: Y.Doc,
    transaction: Y.Transaction,
  ) => {
    const patch: Partial<DocumentState<K>> = this.content();
    const derived = origin === DERIVED_ORIGIN;
    if (derived || isLocalOrigin(origin)) {
      for (const change of changedFields(this.doc, transaction)) {
        const key = fieldKey(change);
        // A field the person edited stays theirs when a derived write touches it too.
        if (!derived) this.pendingFields.delete(`${DERIVED_MARK}${key}`);
        if (!derived || !this.pendingFields.has(key))
          this.pendingFields.add(derived ? `${DERIVED_MARK}${key}` : key);
      }
      this.localWrites += 1;
      patch.unsent = Math.max(this.pendingFields.size, 1);
      patch.pending = derived ? ownEdits(this.pendingFields) : Math.max(ownEdits(this.pendingFields), 1);
      if (this.state.problem && RESET_REASONS.has(this.state.problem.reason)) patch.problem = null;
      void this.savePending(patch.unsent);
    } else if (this.provider && origin === this.provider) this.noteRemote(transaction);
    this.update(patch);
  };

  /**
   * Keeps the pending count and its fields on the device. Saves run one after another (the newest
   * count is the last written), and close() waits for the last one before it closes the database.
   */
  private savePending(count: number): Promise<void> {
    const fields = JSON.stringify([...this.pendingFields]);
    this.pendingSave = this.pendingSave
      .then(async () => {
        if (this.persistenceClosed) return;
        await this.persistence.set(PENDING_KEY, count);
        await this.persistence.set(PENDING_FIELDS_KEY, fields);
      })
      // A count the device could not keep is written again with the next change; the edits
      // themselves are in y-indexeddb's own store either way.
      .catch(() => {});
    return this.pendingSave;
  }

  /** The server has everything this device wrote: nothing is pending. */
  private clearPending() {
    this.pendingFields.clear();
    void this.savePending(0);
  }

  /** Notes who changed which fields in a change from the server (for lastChange). */
  private noteRemote(transaction: Y.Transaction) {
    const changes = changedFields(this.doc, transaction);
    if (changes.length === 0) return;
    let clientId = -1;
    for (const [client, clock] of transaction.afterState)
      if (clock > (transaction.beforeState.get(client) ?? 0)) {
        clientId = client;
        break;
      }
    const at = Date.now();
    for (const change of changes) this.remoteChanges.set(fieldKey(change), { clientId, at });
    for (const listener of this.changeListeners) listener();
  }

  private attach() {
    const provider = new HocuspocusProvider({
      name: this.options.name,
      document: this.doc,
      websocketProvider: this.options.socket,
      token: this.options.token,
      onAuthenticated: ({ scope }) => {
        this.authenticated = true;
        this.retries = 0;
        void this.persistence.set("scope", scope);
        // A refusal that reset the copy stays shown until the user writes again; token trouble is over.
        const kept =
          this.state.problem && RESET_REASONS.has(this.state.problem.reason) ? this.state.problem : null;
        this.update({ scope, problem: kept });
        // Presence said again on every authentication: the server forgets a connection's presence
        // when it resets it, and the provider only sends presence when it changes.
        provider.setAwarenessField("user", this.options.user);
      },
      onAuthenticationFailed: ({ reason }) => this.refused(reason),
      onSynced: ({ state }) => {
        this.synced = state;
        if (state) this.compactOnce();
        this.refresh();
      },
      onUnsyncedChanges: ({ number }) => {
        // The server took everything this device sent since it attached: a refusal is over.
        if (number === 0 && provider.isSynced && this.state.refusal) {
          void this.persistence.del(REFUSED_KEY);
          this.update({ refusal: null, problem: null });
        }
        if (number === 0 && provider.isSynced && this.state.unsent !== 0) {
          this.clearPending();
          this.update({ pending: 0, unsent: 0 });
        } else this.refresh();
      },
      onStatus: () => this.refresh(),
      onClose: ({ event }) => this.closedByServer(event.reason),
      onDisconnect: () => {
        this.authenticated = false;
        this.synced = false;
        this.refresh();
      },
      onStateless: ({ payload }) => this.stateless(payload),
      onAwarenessChange: () => this.readPresence(),
    });
    provider.setAwarenessField("user", this.options.user);
    provider.setAwarenessField("field", this.field);
    this.provider = provider;
    provider.attach();
    this.refresh();
  }

  /**
   * Destroys the provider. When the server has already closed or refused this document's connection,
   * no close message may follow: the server would queue it until the next authentication and then
   * close the new connection with it.
   */
  private detach(serverClosed = false) {
    if (!this.provider) return;
    const provider = this.provider;
    this.provider = null;
    if (serverClosed && this.options.socket.configuration.providerMap.get(this.options.name) === provider)
      this.options.socket.configuration.providerMap.delete(this.options.name);
    this.authenticated = false;
    this.synced = false;
    provider.destroy();
  }

  /** The server refused to open the document for this user. */
  private refused(reason: string) {
    this.authenticated = false;
    if (GONE_REASONS.has(reason)) {
      void this.removeFromDevice(reason as SyncReason);
      return;
    }
    // SYNC9: the server cannot open the document until an administrator restores it; try again later.
    const problem: DocumentProblem =
      RETRY_REASONS.has(reason) || reason === "document-damaged"
        ? { reason: reason as SyncReason }
        : { reason: "token-unavailable", detail: reason };
    if (RETRY_REASONS.has(reason)) reportTokenRefused(); // the retry asks for a fresh token
    this.update({ problem });
    this.retryLater();
  }

  /** Attaches again with a fresh token, with the spec's back-off (1 s doubling to 30 s). */
  private retryLater() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        if (this.closed) return;
        this.detach(true);
        this.attach();
      },
      queryRetryDelayMs(this.retries++),
    );
  }

  /** The server closed this document's connection (a close message, or the socket closing). */
  private closedByServer(reason: string | undefined) {
    this.authenticated = false;
    this.synced = false;
    if (reason === "held-for-confirmation") {
      // Kept on the device, not sent again until the user answers (settleHeld).
      this.detach(true);
      this.update({ problem: { reason } });
      return;
    }
    if (reason && KEEP_REASONS.has(reason) && this.holdsUnsent()) {
      this.keepRefused(reason as SyncReason);
      return;
    }
    if (reason && RESET_REASONS.has(reason)) {
      this.update({ problem: { reason: reason as SyncReason } });
      void this.resetToServer();
      return;
    }
    if (reason === "missing-updates") {
      // SYNC7: an update reached the server before one it depends on; connecting again syncs them in order.
      // What this copy itself holds back (received from a server before SYNC7) is not this user's edit,
      // and would be refused again in that sync: it is dropped.
      this.doc.store.pendingStructs = null;
      this.doc.store.pendingDs = null;
      this.retryLater();
      return;
    }
    if (reason && RETRY_REASONS.has(reason)) {
      reportTokenRefused();
      this.update({ problem: { reason: reason as SyncReason } });
      this.retryLater();
      return;
    }
    this.refresh();
  }

  private stateless(payload: string) {
    try {
      const message = JSON.parse(payload) as {
        type?: string;
        issues?: { path: unknown[]; message: string }[];
        removed?: number;
        total?: number;
      };
      if (message.type === HOLD_MESSAGE_TYPE) {
        this.update({ held: { removed: Number(message.removed), total: Number(message.total) } });
        return;
      }
      if (message.type !== VIOLATION_MESSAGE_TYPE) return;
      const detail = (message.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      this.update({ problem: { reason: "invalid-document", detail } });
    } catch {
      // Not ours.
    }
  }

  /**
   * Answers a held write (HIST3): `apply` once the server has the user's confirmation — the document
   * connects again and sends it; otherwise the change is dropped and the server's copy loaded.
   */
  async settleHeld(apply: boolean): Promise<void> {
    if (!this.state.held && this.state.problem?.reason !== "held-for-confirmation") return;
    this.update({ held: null, problem: null });
    if (!apply) await this.resetToServer();
    else if (!this.closed && !this.provider) this.attach();
  }

  /** Whether this device sent, or holds, changes the server has not confirmed. */
  private holdsUnsent(): boolean {
    return this.state.unsent > 0 || (this.provider?.hasUnsyncedChanges ?? false);
  }

  /**
   * The server refused this device's copy: it stays on the device as it is (docs/hardening.md), stops syncing,
   * and the refusal is kept beside it so it survives a reload; the user sends it again, exports it, or
   * takes the server's copy.
   */
  private keepRefused(reason: SyncReason) {
    this.detach(true);
    const detail = this.state.problem?.reason === reason ? this.state.problem.detail : undefined;
    const refusal: DocumentRefusal = {
      reason,
      at: new Date().toISOString(),
      ...(detail ? { detail } : {}),
    };
    void this.persistence.set(REFUSED_KEY, JSON.stringify(refusal));
    this.update({ problem: { reason, ...(detail ? { detail } : {}) }, refusal });
  }

  /** Sends the kept copy to the server again ("Send again"): the refusal stays until the server takes it. */
  sendAgain(): void {
    if (this.closed || this.state.removed) return;
    this.update({ problem: null });
    if (!this.provider) this.attach();
  }

  /** Gives up this device's copy, refused content included, for the server's (the user's choice). */
  async useServerCopy(): Promise<void> {
    if (this.closed || this.state.removed) return;
    this.update({ problem: null, refusal: null });
    await this.resetToServer();
  }

  /** Drops the local copy (its refused change included) and loads the server's. */
  private async resetToServer() {
    this.detach(true);
    this.doc.off("update", this.onUpdate);
    await this.persistence.clearData();
    this.doc.destroy();
    this.doc = new Y.Doc();
    this.persistence = new IndexeddbPersistence(
      databaseName(this.options.userId, this.options.name),
      this.doc,
    );
    this.pendingFields.clear();
    await this.persistence.set(PENDING_KEY, 0);
    await this.persistence.set(PENDING_FIELDS_KEY, "[]");
    this.state = { ...this.state, pending: 0, unsent: 0 };
    await this.loadFromDevice();
    if (!this.closed) this.attach();
  }

  /** Lost access: the document leaves the device. */
  private async removeFromDevice(reason: SyncReason) {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.snapshot?.cancel();
    this.detach(true);
    this.doc.off("update", this.onUpdate);
    await this.persistence.clearData();
    this.update({ removed: true, problem: { reason }, data: {}, issues: [], pending: 0, unsent: 0 });
    this.options.onRemoved(this.options.name, reason);
  }

  private readPresence() {
    const awareness = this.provider?.awareness;
    if (!awareness) return;
    const own = this.doc.clientID;
    const others: Presence[] = [];
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === own || !state?.user) continue;
      const user = state.user as PresenceUser;
      others.push({
        clientId,
        // PRES1: this user's other device says "you, on another device".
        user: { ...user, name: presenceName(user, this.options.user.id) },
        field: (state.field as string | null) ?? null,
      });
    }
    this.presence = others;
    for (const listener of this.presenceListeners) listener();
  }

  private connection(): DocumentConnection {
    const socket = this.options.socketStatus();
    if (socket === "disconnected") return "offline";
    if (this.state.refusal && !this.provider) return "refused";
    if (socket === "connecting" || !this.authenticated) return "connecting";
    return !this.synced || this.state.pending > 0 ? "syncing" : "synced";
  }

  /** Recomputes the connection from the socket and the provider (the client calls it on socket changes). */
  refresh() {
    if (this.connection() !== this.state.connection) this.update({});
  }

  private update(patch: Partial<DocumentState<K>>) {
    this.state = { ...this.state, ...patch };
    this.state.connection = this.connection();
    if (this.snapshot && this.state.loaded && this.state.data !== this.snapshotData) this.snapshot.schedule();
    for (const listener of this.listeners) listener();
  }

  // ---- what hooks use -------------------------------------------------------------------------

  getState = (): DocumentState<K> => this.state;

  /** A screen's listener (React hooks): called on every change of the state. */
  subscribe = (listener: () => void): (() => void) => {
    const remove = this.observe(listener);
    this.viewers += 1;
    this.onViewer?.();
    return () => {
      this.viewers -= 1;
      return remove();
    };
  };

  /** The client's own listener (not a screen showing the document). */
  observe = (listener: () => void): (() => boolean) => {
    const wrapped = () => listener();
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  };

  getPresence = (): Presence[] => this.presence;

  subscribePresence = (listener: () => void): (() => void) => {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  };

  /** Says which field this user is in (null: none), for the others' presence. */
  setField(field: string | null) {
    this.field = field;
    this.provider?.setAwarenessField("field", field);
  }

  /**
   * Changes the document in one validated transaction. Throws DomainError `forbidden` when the
   * document is read-only for this user, and the validation errors of applyTransaction.
   */
  write(change: (transaction: DocumentTransaction<K>) => void): void {
    this.assertWritable();
    const transaction = new DocumentTransaction(this.options.kind);
    change(transaction);
    if (transaction.edits.length > 0) applyTransaction(this.doc, transaction, LOCAL_ORIGIN);
  }

  /** Why this document cannot be written now (DomainError), or nothing. */
  private assertWritable() {
    if (this.state.removed)
      throw new DomainError("forbidden", `${this.options.name} is no longer available to you.`);
    if (this.state.scope === "readonly")
      throw new DomainError("forbidden", `${this.options.name} is read-only for you.`);
    if (!this.state.loaded) throw new DomainError("invalid-input", `${this.options.name} is still loading.`);
  }

  /**
   * The shared text (Y.Text) of a free-text field (shared/documents/text-fields.ts), for an input
   * bound to it (src/components/shared-text): e.g. sharedText("profile", ["address", "city"]). A
   * version-3 string there becomes a Y.Text first (a local write). Null while the document loads, when
   * it is read-only or gone, or when the path is no text field.
   */
  sharedText(section: string, path: readonly string[]): Y.Text | null {
    if (this.state.removed || this.state.scope === "readonly" || !this.state.loaded) return null;
    return sharedTextOf(this.doc, this.options.kind, section, path, LOCAL_ORIGIN);
  }

  /**
   * Runs `write` (edits of shared texts got from sharedText) as one transaction of this device's own
   * writes: counted as pending and sent. Throws DomainError when the document cannot be written.
   */
  transactLocal(write: () => void): void {
    this.assertWritable();
    this.doc.transact(write, LOCAL_ORIGIN);
  }

  /**
   * Who last changed the value at `path` of `section` from elsewhere, while this document was open
   * here (null: nobody did): for "changed by …" next to a field.
   */
  lastChange(section: string, path: readonly string[]): LastChange | null {
    const change = this.remoteChanges.get(fieldKey({ section, path }));
    if (!change) return null;
    const state = this.provider?.awareness?.getStates().get(change.clientId);
    const user = (state?.user as PresenceUser | undefined) ?? null;
    const named = user ? { ...user, name: presenceName(user, this.options.user.id) } : null;
    return { user: named, clientId: change.clientId, at: change.at };
  }

  /** Called after each change from elsewhere (lastChange may answer differently). */
  subscribeChanges = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /**
   * Writes what the device derives from other writes (the book's summaries): like write, but not
   * counted as the person's edits (DERIVED_ORIGIN).
   */
  writeDerived(change: (transaction: DocumentTransaction<K>) => void): void {
    this.assertWritable();
    const transaction = new DocumentTransaction(this.options.kind);
    change(transaction);
    if (transaction.edits.length > 0) applyTransaction(this.doc, transaction, DERIVED_ORIGIN);
  }

  /** Writes without the read-only check: only for tests of the server's refusal (debug hook). */
  forceWriteForTest(change: (transaction: DocumentTransaction<K>) => void): void {
    const transaction = new DocumentTransaction(this.options.kind);
    change(transaction);
    applyTransaction(this.doc, transaction, LOCAL_ORIGIN);
  }

  /**
   * Resolves once every write this device made to the document so far is stored in IndexedDB, with
   * its pending count: a reload, a closed tab or a killed browser from then on keeps it, and the next
   * start sends it (docs/local-first.md, "Created records are on the device before the screen says
   * so"). y-indexeddb stores each update in a write transaction of its own that nobody waits for;
   * IndexedDB runs write transactions over the same stores in the order they were made, so one more,
   * made now and committed with strict durability, completes only after those. Rejects when the
   * device cannot store (the database is closed or refuses the write).
   */
  async whenStored(): Promise<void> {
    // Writes need the loaded document: one without any since the last check waits for nothing.
    const writes = this.localWrites;
    if (writes === this.storedWrites || this.state.removed) return;
    await this.pendingSave;
    const database = await this.persistence._db;
    await committedAfterEarlierWrites(database);
    this.storedWrites = Math.max(this.storedWrites, writes);
  }

  /** A value kept on the device beside the document (never synced); undefined when absent. */
  async getLocal(key: string): Promise<unknown> {
    await this.ready;
    return this.persistence.get(key);
  }

  /** Keeps a value on the device beside the document (never synced); strings and numbers. */
  async setLocal(key: string, value: string | number): Promise<void> {
    await this.ready;
    await this.persistence.set(key, value);
  }

  /** Closes the document (sign-out); the caller deletes the databases. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.snapshot?.cancel();
    this.detach();
    this.doc.off("update", this.onUpdate);
    // A write just before closing (sign-out) still keeps its pending count on the device.
    await this.pendingSave;
    this.persistenceClosed = true;
    await this.persistence?.destroy();
    this.doc.destroy();
  }
}

/**
 * Resolves when a write transaction over y-indexeddb's two stores, made now, has committed: after
 * every write transaction made before it over those stores (IndexedDB's order for overlapping
 * scopes). Strict durability: committed means flushed to the disk, not only handed to the system.
 */
function committedAfterEarlierWrites(database: IDBDatabase): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(["updates", "custom"], "readwrite", { durability: "strict" });
    transaction.objectStore("updates").count();
    transaction.oncomplete = () => resolve();
    transaction.onabort = () =>
      reject(transaction.error ?? new DOMException("The device did not store the change.", "AbortError"));
  });
}

/** The pending fields kept on the device (a count of an older version: that many unnamed changes). */
function restoredFields(count: unknown, fields: unknown): Set<string> {
  if (typeof fields === "string") {
    try {
      const list = JSON.parse(fields) as unknown;
      if (Array.isArray(list)) return new Set(list.filter((key): key is string => typeof key === "string"));
    } catch {
      // Unreadable: fall back on the count.
    }
  }
  const n = typeof count === "number" && Number.isInteger(count) && count > 0 ? count : 0;
  return new Set(Array.from({ length: n }, (_, i) => `(earlier change ${i + 1})`));
}
