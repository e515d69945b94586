import type {
  Connection,
  Document,
  Extension,
  onChangePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from "@hocuspocus/server";
import { isTransactionOrigin } from "@hocuspocus/server";
import * as Y from "yjs";
import { migrateDocument, movesOutOf } from "../../shared/documents/migrations";
import { type DocumentRef, parseDocumentName } from "../../shared/documents/names";
import { validateDocument } from "../../shared/documents/shapes";
import { syncRefusal } from "../../shared/documents/sync-reasons";
import { nowMs } from "../clock";
import { mergeStates } from "../storage/rows";
import type { Storage } from "../storage/types";
import { changedSections, documentJson, writeSections } from "./doc-json";
import { writeMoves } from "./migration-moves";
import { type MarketSeed, serverSections } from "./seed";
import { upgradeTexts } from "./text-upgrade";

export interface PersistenceOptions {
  storage: Storage;
  /** Tells this instance's log entries apart from other instances' (they compact their own). */
  instanceId: string;
  marketSeed?: MarketSeed;
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * Kinds whose ids a client picks (STORE6): a fresh name of one is stored only once it receives content.
 * The others are one per organisation or user (organisation, book, watchlist, market): their seed is
 * stored when first loaded, as readers outside a connection find organisations by their stored
 * documents (claim proposals).
 */
const CLIENT_NAMED = new Set<DocumentRef["kind"]>(["customer", "customerInternal", "campaign", "claim"]);

/** The origin of the server's own writes while loading a document. */
const SERVER_ORIGIN = { source: "local", context: { server: true } } as const;

/**
 * Durable persistence (rules STORE1-STORE3, SYNC5): every update a client sends is appended to the
 * document's log before Hocuspocus applies and acknowledges it (the write path's beforeSync, awaited),
 * so no acknowledged edit is lost in a crash. Hocuspocus's debounced onStoreDocument compacts: it
 * stores the full state and deletes the log entries that state contains. Loading reads the state,
 * replays the log, migrates an older schema, and writes the server's own sections.
 */
export class Persistence implements Extension {
  readonly extensionName = "rangeline-persistence";
  priority = 100;
  /** Highest log sequence of this instance whose update is applied, per document. */
  private readonly appliedSeq = new Map<string, number>();
  /** Highest log sequence present when each document was loaded (all of them applied at load). */
  private readonly loadedThroughSeq = new Map<string, number>();
  /**
   * The log sequence of a connection's accepted write between its append and its apply. Hocuspocus
   * handles a connection's messages one at a time, so there is at most one; a write that changes
   * nothing when applied keeps it until the connection's next change (or the connection is gone).
   */
  private readonly pendingSeq = new WeakMap<Connection, number>();
  /**
   * Documents of a client-named kind loaded with nothing stored (docs/hardening.mdc), with the server's seed
   * of them (schema version …) or null: nothing is stored until they receive content — a client's accepted
   * write or a server write after loading — and then the seed is stored first. A name opened and never
   * written leaves no row.
   */
  private readonly unstored = new Map<string, Uint8Array | null>();
  /**
   * The stored size of each open document, bytes (LIMIT5): what was loaded, plus every update logged
   * since, set to the state's size at each compaction. An upper bound (the log repeats what a state
   * merges), kept in O(1) per write.
   */
  private readonly sizes = new Map<string, number>();
  /**
   * The state stored for each open document as this instance last read or wrote it, when the document
   * holds all of it (loaded without a problem, or compacted from it). A compaction that finds exactly
   * these bytes stored — no other instance compacted since — stores the document's state as it is:
   * it contains them, so merging the two (a decode of both, 0.5 ms for a customer document; the only
   * way when another instance's state is stored) would give the same content.
   */
  private readonly heldState = new Map<string, Uint8Array | null>();

  constructor(private readonly options: PersistenceOptions) {}

  private markApplied(name: string, seq: number) {
    if (seq > (this.appliedSeq.get(name) ?? 0)) this.appliedSeq.set(name, seq);
  }

  async onLoadDocument({ document, documentName, instance, context }: onLoadDocumentPayload): Promise<void> {
    const ref = parseDocumentName(documentName);
    if (!ref) throw new Error(`Refusing to load unknown document "${documentName}".`);
    const { storage, instanceId } = this.options;
    let stored: Awaited<ReturnType<Storage["loadDocument"]>>;
    try {
      stored = await storage.loadDocument(documentName);
    } catch (error) {
      // E.g. a document encrypted under another key (DataKeyError): said loudly, nothing written.
      this.options.log?.(`cannot load ${documentName}: ${(error as Error).message}`);
      throw error;
    }
    const nothingStored = CLIENT_NAMED.has(ref.kind) && stored.state === null && stored.updates.length === 0;
    let size = stored.state?.byteLength ?? 0;
    for (const update of stored.updates) size += update.update.byteLength;
    const unreadable: string[] = [];
    for (const [index, update] of [stored.state, ...stored.updates.map((u) => u.update)].entries()) {
      if (!update) continue;
      try {
        Y.applyUpdate(document, update);
      } catch (error) {
        unreadable.push(`stored update ${index}: ${(error as Error).message}`);
      }
    }
    this.loadedThroughSeq.set(documentName, stored.updates.at(-1)?.seq ?? 0);
    // SYNC7: content stored before that rule and still waiting in Yjs's pending store was never judged;
    // it is dropped (reported below), so no later write releases it and compaction stores without it.
    if (document.store.pendingStructs !== null || document.store.pendingDs !== null) {
      unreadable.push("content waiting for updates the server never received was dropped (SYNC7)");
      document.store.pendingStructs = null;
      document.store.pendingDs = null;
    }

    // The server's own writes: migrations, the schema version of a new document, the member directory.
    const json = documentJson(document);
    const isNew = json.meta === undefined;
    const migration = {
      now: new Date(this.now()).toISOString(),
      recordId: ref.kind === "customer" ? ref.customerId : "",
    };
    let migrated: typeof json;
    try {
      migrated = isNew ? json : migrateDocument(ref.kind, json, migration);
    } catch (error) {
      // SYNC9: content that keeps the document from opening (a schema version this server does not
      // know) is reported and refused to the client as damaged; only a restore (HIST2) opens it as it is.
      const problem = (error as Error).message;
      this.options.log?.(`${documentName} is damaged and cannot be opened: ${problem}`);
      const issues = [{ path: ["meta"], message: `damaged, cannot be opened: ${problem}` }];
      await storage.violations.recordViolation({ documentName, userId: null, at: this.now(), issues });
      if (typeof (context as { restoredBy?: unknown } | undefined)?.restoredBy !== "string") {
        throw syncRefusal("document-damaged", `${documentName}: ${problem}; restore it from its history`);
      }
      migrated = json;
    }
    // What the migration moves to another document is written there first (migration-moves.ts).
    if (migrated !== json) await writeMoves(instance, movesOutOf(ref, json, migration));
    const sections = await serverSections(ref, storage, isNew, this.options.marketSeed);
    let own: Uint8Array | null = null;
    const capture = (update: Uint8Array) => {
      own = own ? Y.mergeUpdates([own, update]) : update;
    };
    document.on("update", capture);
    document.transact(() => {
      // A migration may move entries to another section or drop a section: what it no longer has is
      // deleted from the Y.Doc too (changedSections empties a section it removed).
      if (migrated !== json) writeSections(document, changedSections(json, migrated));
      writeSections(document, sections);
      // Version 4: free text as Y.Text (text-upgrade.ts), once, when a stored document is migrated to it.
      if (migrated !== json) upgradeTexts(document, ref.kind);
    }, SERVER_ORIGIN);
    document.off("update", capture);
    const seed = own as Uint8Array | null;
    if (nothingStored) this.unstored.set(documentName, seed);
    else if (seed) {
      this.markApplied(documentName, await storage.appendUpdate(documentName, seed, instanceId));
      size += seed.byteLength;
    }
    this.sizes.set(documentName, size);
    // The stored state is in the document, unless some of it could not be applied (or waits, SYNC7).
    if (unreadable.length === 0) this.heldState.set(documentName, stored.state);

    // A stored document that fails its schema is reported, not rewritten (rule SYNC3).
    const issues = [
      ...validateDocument(ref.kind, documentJson(document)),
      ...unreadable.map((message) => ({ path: [], message })),
    ];
    if (issues.length > 0) {
      this.options.log?.(`${documentName} fails its schema on load: ${issues.length} issue(s) recorded`);
      await storage.violations.recordViolation({ documentName, userId: null, at: this.now(), issues });
    }
  }

  private now() {
    return this.options.now?.() ?? nowMs();
  }

  /** Whether nothing of `name` is stored yet: its first content creates it (LIMIT6 counts that). */
  isUnstored(name: string): boolean {
    return this.unstored.has(name);
  }

  /** The stored size of an open document, bytes (an upper bound; LIMIT5). */
  sizeOf(name: string): number {
    return this.sizes.get(name) ?? 0;
  }

  /**
   * Appends an update to the log (after the seed, for a document receiving its first content). The
   * common case is the storage's own promise: no further promise per write.
   */
  private append(name: string, update: Uint8Array, author?: string): Promise<number> {
    const { storage, instanceId } = this.options;
    const seed = this.unstored.get(name);
    this.sizes.set(name, this.sizeOf(name) + (seed?.byteLength ?? 0) + update.byteLength);
    if (seed === undefined) return storage.appendUpdate(name, update, instanceId, author);
    this.unstored.delete(name);
    if (seed === null) return storage.appendUpdate(name, update, instanceId, author);
    return storage.appendUpdate(name, seed, instanceId).then((seq) => {
      this.markApplied(name, seq);
      return storage.appendUpdate(name, update, instanceId, author);
    });
  }

  /**
   * Appends an accepted client write, with its author (the connection's verified user), to the log
   * before it is applied and acknowledged (the write path's last step before Hocuspocus applies it).
   */
  logWrite(document: Document, connection: Connection, payload: Uint8Array, author: string): Promise<void> {
    return this.append(document.name, payload, author).then((seq) => {
      this.pendingSeq.set(connection, seq);
    });
  }

  /**
   * A change applied to the document (the write path's onChange, write-path.ts). A client's logged
   * write is now applied: compaction may drop it from the log (its seq is marked here, once the
   * document holds it, rather than after Hocuspocus has handled the message: one hook fewer per
   * message). Server-side changes (direct connections) are logged here; client writes were logged in
   * beforeSync. Not a Hocuspocus hook of its own: the write path calls it. Null when there is nothing
   * to wait for (a client's write: the common case costs no promise).
   */
  changed({ document, update, transactionOrigin, connection }: onChangePayload): Promise<void> | null {
    if (connection) {
      const seq = this.pendingSeq.get(connection);
      if (seq === undefined) return null;
      this.pendingSeq.delete(connection);
      this.markApplied(document.name, seq);
      return null;
    }
    if (!isTransactionOrigin(transactionOrigin) || transactionOrigin.source !== "local") return null;
    return this.logServerChange(document.name, update);
  }

  private async logServerChange(name: string, update: Uint8Array): Promise<void> {
    this.markApplied(name, await this.append(name, update));
  }

  /** Compaction: the full state replaces the log entries it contains. */
  async onStoreDocument({ document, documentName }: onStoreDocumentPayload): Promise<void> {
    if (this.unstored.has(documentName)) return; // never received content: nothing to keep
    const covered = {
      instanceId: this.options.instanceId,
      throughSeq: this.appliedSeq.get(documentName) ?? 0,
      loadedThroughSeq: this.loadedThroughSeq.get(documentName) ?? 0,
    };
    const state = Y.encodeStateAsUpdate(document);
    const before = this.sizeOf(documentName);
    const held = this.heldState.get(documentName);
    let written: Uint8Array | null = null;
    const merge = (stored: Uint8Array | null): Uint8Array => {
      written =
        stored === null || (held !== undefined && held !== null && sameBytes(stored, held))
          ? state
          : mergeStates(stored, state);
      return written;
    };
    await this.options.storage.compactDocument(documentName, state, covered, merge);
    // What is stored now is in the document only when it is the document's state (no other state merged).
    if (written === state && this.sizes.has(documentName)) this.heldState.set(documentName, state);
    else this.heldState.delete(documentName);
    // The state is the whole document; what was logged while it was written still counts.
    if (this.sizes.has(documentName)) {
      this.sizes.set(documentName, state.byteLength + this.sizeOf(documentName) - before);
    }
  }

  async afterUnloadDocument({ documentName }: { documentName: string }): Promise<void> {
    this.appliedSeq.delete(documentName);
    this.loadedThroughSeq.delete(documentName);
    this.unstored.delete(documentName);
    this.sizes.delete(documentName);
    this.heldState.delete(documentName);
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
