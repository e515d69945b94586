import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Redis as RedisExtension } from "@hocuspocus/extension-redis";
import { type Extension, Hocuspocus, type WebSocketLike } from "@hocuspocus/server";
import crossws from "crossws/adapters/node";
import * as decoding from "lib0/decoding";
import { documentName, parseDocumentName } from "../../shared/documents/names";
import { SYNC_REASONS } from "../../shared/documents/sync-reasons";
import { lostAccessReason } from "../admin/disabled-orgs";
import type { RemovalHold } from "../history/removal-hold";
import { publishedSection } from "../market/encoded";
import { registerFigureLoader } from "../market/figure-markets";
import {
  PRE_AUTH_CLOSE_CODE,
  PreAuthBudget,
  type PreAuthGate,
  type PreAuthLimits,
} from "../protection/pre-auth";
import type { Storage } from "../storage/types";
import { AccessControl } from "./access";
import type { SyncContext, VerifyToken } from "./context";
import { writeSections } from "./doc-json";
import { type FigureMarketLoader, WriteGuard } from "./guard";
import { RecordHistory } from "./history";
import { Persistence } from "./persistence";
import { type MarketSeed, serverSections } from "./seed";
import { WritePath } from "./write-path";

/** The WebSocket path of the sync server. */
export const SYNC_PATH = "/sync";

export interface SyncServiceOptions {
  storage: Storage;
  /** Rule SCE1's market: coverages' priced figures are judged against their sales days (guard.ts). */
  figures?: FigureMarketLoader;
  verify: VerifyToken;
  instanceId: string;
  /** Largest accepted WebSocket message, bytes (INPUT2). */
  maxMessageBytes: number;
  /** What a socket may send before it signs in, and by when (INPUT3); Hocuspocus's caps stay behind. */
  preAuth?: PreAuthLimits;
  /** Largest stored size of a document, bytes (LIMIT5). */
  maxDocumentBytes?: number;
  /** Spends one of a user's (LIMIT6) and its organisation's (IMPORT3) new documents or throws `too-many-documents`. */
  createDocument?: (userId: string, documentName: string) => Promise<void>;
  /** With Redis, several instances share documents (SCALE1). */
  redisUrl?: string;
  /** Redis key prefix; instances that share documents use the same one. */
  redisPrefix?: string;
  marketSeed?: MarketSeed;
  /** Debounce of the compaction of a changed document, ms. */
  compactAfterMs?: number;
  /** The hold of writes that remove too many records at once (sync-server/history). */
  hold?: RemovalHold;
  /** Further Hocuspocus extensions (tests observe hooks with these). */
  extensions?: Extension[];
  log?: (message: string) => void;
}

/** INPUT3's defaults (config.ts has the same): 192 KiB per socket, 32 MiB in all, 30 s to sign in. */
const DEFAULT_PRE_AUTH: PreAuthLimits = {
  perSocketBytes: 192 * 1024,
  totalBytes: 32 * 1024 * 1024,
  deadlineMs: 30_000,
};

type Peer = { websocket: unknown; request: unknown; close(code?: number, reason?: string): void };

/**
 * Hocuspocus on the path /sync of an existing HTTP server: access control, the write guard, durable
 * persistence and, with REDIS_URL, fan-out to other instances. Pre-authentication limits stay on
 * (Hocuspocus's queue size, queue length and pending-document caps, and its connection timeout).
 */
export function createSyncService(options: SyncServiceOptions) {
  const { storage, log } = options;
  const access = new AccessControl({ storage, verify: options.verify, log });
  const persistence = new Persistence({
    storage,
    instanceId: options.instanceId,
    marketSeed: options.marketSeed,
    log,
  });
  const history = new RecordHistory({ storage, log });
  const write = new WritePath({
    guard: new WriteGuard({ storage, ...(options.figures ? { figures: options.figures } : {}) }),
    hold: options.hold,
    persistence,
    history,
    access,
    maxDocumentBytes: options.maxDocumentBytes,
    createDocument: options.createDocument,
  });
  // INPUT3: each socket's pre-authentication allowance, released when one of its documents signs in.
  const preAuth = new PreAuthBudget(options.preAuth ?? DEFAULT_PRE_AUTH);
  const gates = new WeakMap<object, PreAuthGate>();
  const signedIn: Extension = {
    extensionName: "rangeline-pre-auth",
    // Last of the onAuthenticate chain: reached only when every check before it passed.
    priority: 1,
    async onAuthenticate({ request }) {
      gates.get(request)?.release();
    },
  };
  const extensions: Extension[] = [
    access,
    write,
    persistence,
    history,
    signedIn,
    ...(options.extensions ?? []),
  ];
  if (options.redisUrl) {
    // The extension brings its own ioredis; it gets the connection settings, not a client.
    const url = new URL(options.redisUrl);
    extensions.push(
      new RedisExtension({
        identifier: options.instanceId,
        prefix: options.redisPrefix ?? "rangeline",
        host: url.hostname,
        port: Number(url.port || 6379),
        options: {
          username: url.username ? decodeURIComponent(url.username) : undefined,
          password: url.password ? decodeURIComponent(url.password) : undefined,
          db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
          ...(url.protocol === "rediss:" ? { tls: {} } : {}),
          maxRetriesPerRequest: 3,
        },
      }),
    );
  }

  const hocuspocus = new Hocuspocus({
    name: options.instanceId,
    quiet: true,
    extensions,
    // A document compacts 2 s after its last edit, and at least every 30 s while edits keep coming: each
    // compaction encodes the whole document, so under steady editing it is paid per 30 s, not per edit.
    debounce: options.compactAfterMs ?? 2000,
    maxDebounce: Math.max(30_000, options.compactAfterMs ?? 0),
    timeout: 30_000,
    // Hocuspocus's pre-authentication limits, stated so they stay on (INPUT3).
    maxUnauthenticatedQueueSize: 5 * 1024 * 1024,
    maxUnauthenticatedQueueMessages: 1000,
    maxPendingDocuments: 100,
  });

  const ws = crossws({
    serverOptions: { maxPayload: options.maxMessageBytes },
    hooks: {
      open: (peer) => {
        const socket = (peer.context as { socket?: Duplex }).socket;
        if (socket) {
          const close = (breach: string) => (peer as unknown as Peer).close(PRE_AUTH_CLOSE_CODE, breach);
          gates.set(peer.request, preAuth.open(socket, close));
        }
        const connection = hocuspocus.handleConnection(
          peer.websocket as unknown as WebSocketLike,
          peer.request as Request,
        );
        (peer as unknown as { _sync: typeof connection })._sync = connection;
      },
      message: (peer, message) => {
        const connection = (peer as unknown as { _sync?: ReturnType<typeof hocuspocus.handleConnection> })
          ._sync;
        const problem = malformed(message.rawData);
        if (problem) {
          log?.(`closing a socket: ${problem}`);
          (peer as unknown as Peer).close(SYNC_REASONS["malformed-message"], "malformed-message");
          return;
        }
        connection?.handleMessage(message.uint8Array());
      },
      close: (peer, event) => {
        const connection = (peer as unknown as { _sync?: ReturnType<typeof hocuspocus.handleConnection> })
          ._sync;
        connection?.handleClose({ code: event.code ?? 1000, reason: event.reason ?? "" });
      },
      error: (_peer, error) => log?.(`WebSocket error: ${error.message}`),
    },
  });

  /** The HTTP server's upgrade listener: /sync becomes a sync socket; any other path is refused. */
  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== SYNC_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    // The raw socket reaches the open hook through the peer's context: its bytes are counted (INPUT3).
    const upgrade = Object.assign(new Request(`http://localhost${SYNC_PATH}`), { context: { socket } });
    void ws.handleUpgrade(request, socket, head, upgrade);
  };

  /** Every live document connection of a user (a revoked session loses them all). */
  const connectionsOf = (userId: string) =>
    [...hocuspocus.documents.values()].flatMap((document) =>
      document
        .getConnections()
        .filter((c) => (c.context as SyncContext | undefined)?.identity?.sub === userId),
    );

  if (options.figures) registerFigureLoader(hocuspocus, options.figures);
  return {
    hocuspocus,
    handleUpgrade,
    access,
    /** Bytes held by sockets that have not signed in yet (INPUT3), for tests and the benchmark. */
    preAuthHeld: () => preAuth.held,

    /** Closes every document connection of `userId` with `session-expired` (SYNC4). */
    disconnectUser(userId: string): number {
      const connections = connectionsOf(userId);
      for (const connection of connections) {
        connection.close({ code: SYNC_REASONS["session-expired"], reason: "session-expired" });
      }
      return connections.length;
    },

    /**
     * After a membership change: the org document's member directory follows the table, and the user's
     * live connections whose access changed are closed with `forbidden` (they reconnect with the new
     * access).
     */
    async membershipChanged(orgId: string, userId: string): Promise<void> {
      for (const connection of connectionsOf(userId)) {
        const context = connection.context as SyncContext;
        const fresh = await access.decide(context.identity, context.ref);
        if (JSON.stringify(fresh.grant) !== JSON.stringify(context.grant)) {
          // Lost because the organisation was disabled: the client says so (docs/administration.md).
          const reason = fresh.grant.access === "none" ? lostAccessReason(storage, context.ref) : "forbidden";
          connection.close({ code: SYNC_REASONS[reason], reason });
        }
      }
      const name = documentName.org(orgId);
      if (!hocuspocus.documents.has(name)) return; // loaded next time with the fresh directory
      const ref = parseDocumentName(name);
      if (!ref) return;
      const sections = await serverSections(ref, storage, false);
      const direct = await hocuspocus.openDirectConnection(name, { server: true });
      try {
        await direct.transact((document) => writeSections(document, sections));
      } finally {
        await direct.disconnect({ unloadImmediately: false });
      }
    },

    /**
     * Publishes a market snapshot into `market/current`, which only the server writes (ACL9): a small
     * notice (as-of, label, sources, version); devices fetch the snapshot itself once per version from
     * GET /api/market/snapshots/{version} (sync-server/market/encoded.ts, docs/market-data.md).
     */
    async publishMarketSnapshot(snapshot: Record<string, unknown>): Promise<void> {
      const section = publishedSection(snapshot);
      const direct = await hocuspocus.openDirectConnection(documentName.market(), { server: true });
      try {
        await direct.transact((document) => writeSections(document, { snapshot: section }));
      } finally {
        await direct.disconnect();
      }
    },

    /** Stores every open document, closes every connection and stops the extensions. */
    async close(): Promise<void> {
      hocuspocus.closeConnections();
      hocuspocus.flushPendingStores();
      const deadline = Date.now() + 5000;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await ws.closeAll(1001, "server-shutdown", true);
      await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
    },
  };
}

/** Why a frame cannot be a Hocuspocus message, or null: binary, a document name, a message type (INPUT1). */
function malformed(data: unknown): string | null {
  if (typeof data === "string") return "a text frame (the sync protocol is binary)";
  const bytes = data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : null;
  if (!bytes) return "an unreadable frame";
  try {
    // The document name's bytes and the message type (Hocuspocus reads the name as text itself).
    const decoder = decoding.createDecoder(bytes);
    decoding.readVarUint8Array(decoder);
    decoding.readVarUint(decoder);
    return null;
  } catch {
    return "a frame that is not a sync message";
  }
}
