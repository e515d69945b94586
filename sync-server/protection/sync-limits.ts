import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Extension, onAuthenticatePayload, onDisconnectPayload } from "@hocuspocus/server";
import { decodeJwt } from "jose";
import { parseDocumentName } from "../../shared/documents/names";
import { syncRefusal } from "../../shared/documents/sync-reasons";
import type { Config } from "../config";
import { countRefusal } from "../routes/limits";
import { rawResponseHeaders } from "../web/headers";
import { clientAddress } from "./client-address";
import type { orgDocumentBudget } from "./org-documents";
import type { PenaltyBox } from "./penalty-box";
import { perMinute, type RateStore, retryAfterSeconds } from "./rate-limit";

// Limits of the sync socket (docs/hardening.md). Nothing here runs per message: a socket is counted when it
// is upgraded, a document connection when it authenticates and when it ends.

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The per-address budget of new sockets, checked before the upgrade: over it, `429 Too Many Requests`
 * with Retry-After and no socket. The 101 answer gains the raw-response headers.
 */
export function limitUpgrades(
  handle: UpgradeHandler,
  options: { config: Config; store: RateStore; penalties: PenaltyBox },
): UpgradeHandler {
  const { config, store, penalties } = options;
  // Half the minute's budget at once: a whole office (one address) opening the app together.
  const rule = perMinute(config.RATE_LIMIT_SOCKETS_PER_ADDRESS, 0.5);
  const extra = rawResponseHeaders(config.NODE_ENV === "production");
  return (request, socket, head) => {
    const forwarded = request.headers["x-forwarded-for"];
    const address = clientAddress(
      request.socket.remoteAddress,
      Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
      config.TRUST_PROXY_HOPS,
    );
    const ignore = () => {};
    socket.on("error", ignore);
    void store.take(`socket:addr:${address}`, rule).then((decision) => {
      if (socket.destroyed) return;
      if (!decision.allowed) {
        penalties.hold(address, decision.retryAfterMs);
        const seconds = retryAfterSeconds(decision);
        const body = `Too many connections from this address; try again in ${seconds} s.`;
        socket.end(
          [
            "HTTP/1.1 429 Too Many Requests",
            "Connection: close",
            "Content-Type: text/plain; charset=utf-8",
            `Content-Length: ${Buffer.byteLength(body)}`,
            `Retry-After: ${seconds}`,
            ...extra,
            "",
            body,
          ].join("\r\n"),
        );
        return;
      }
      socket.off("error", ignore);
      addHeadersToFirstResponse(socket, extra);
      handle(request, socket, head);
    });
  };
}

/** Inserts header lines into the first HTTP response written to `socket` (the 101 or a refusal). */
function addHeadersToFirstResponse(socket: Duplex, lines: string[]) {
  const { write, end } = socket;
  const withHeaders = (chunk: unknown) => {
    socket.write = write;
    socket.end = end;
    if (typeof chunk !== "string" || !chunk.startsWith("HTTP/1.1 ")) return chunk;
    const at = chunk.indexOf("\r\n\r\n");
    return at > 0 ? `${chunk.slice(0, at)}\r\n${lines.join("\r\n")}${chunk.slice(at)}` : chunk;
  };
  socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]) {
    return (write as (...args: unknown[]) => boolean).call(this, withHeaders(chunk), ...rest);
  } as typeof socket.write;
  socket.end = function (this: Duplex, chunk?: unknown, ...rest: unknown[]) {
    return (end as (...args: unknown[]) => Duplex).call(this, withHeaders(chunk), ...rest);
  } as typeof socket.end;
}

/**
 * Caps on what one socket and one user hold (documents per socket, sockets per user) and the per-user
 * rate of document connections. Runs after access control (priority 500): the token it reads was just
 * verified in the same hook chain, and a refused token never reaches it. A refusal is `rate-limited`
 * (4429): the client tries again later.
 */
export class SyncLimits implements Extension {
  readonly extensionName = "rangeline-sync-limits";
  priority = 400;
  /** socket id → its user and open documents. */
  readonly #sockets = new Map<string, { userId: string; documents: Set<string> }>();
  /** user id → their sockets with at least one document. */
  readonly #users = new Map<string, Set<string>>();

  constructor(private readonly options: { config: Config; store: RateStore }) {}

  async onAuthenticate(data: onAuthenticatePayload): Promise<void> {
    const { config, store } = this.options;
    const userId = decodeJwt(data.token).sub as string;
    const socket = this.#sockets.get(data.socketId);
    if (socket && !socket.documents.has(data.documentName)) {
      if (socket.documents.size >= config.SYNC_MAX_DOCUMENTS_PER_SOCKET) {
        throw syncRefusal(
          "rate-limited",
          `a socket may hold ${config.SYNC_MAX_DOCUMENTS_PER_SOCKET} documents at once`,
        );
      }
    }
    const sockets = this.#users.get(userId);
    if (!socket && (sockets?.size ?? 0) >= config.SYNC_MAX_SOCKETS_PER_USER) {
      throw syncRefusal(
        "rate-limited",
        `a user may hold ${config.SYNC_MAX_SOCKETS_PER_USER} sockets at once`,
      );
    }
    const decision = await store.take(
      `socket:user:${userId}`,
      perMinute(config.RATE_LIMIT_SOCKETS_PER_USER, 0.1),
    );
    if (!decision.allowed) {
      throw syncRefusal("rate-limited", `retry after ${retryAfterSeconds(decision)} s`);
    }
    const entry = socket ?? { userId, documents: new Set<string>() };
    entry.documents.add(data.documentName);
    this.#sockets.set(data.socketId, entry);
    this.#users.set(userId, (sockets ?? new Set()).add(data.socketId));
  }

  async onDisconnect({ socketId, documentName }: onDisconnectPayload): Promise<void> {
    const socket = this.#sockets.get(socketId);
    if (!socket) return;
    socket.documents.delete(documentName);
    if (socket.documents.size > 0) return;
    this.#sockets.delete(socketId);
    const sockets = this.#users.get(socket.userId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.#users.delete(socket.userId);
  }

  /** Open documents and sockets held, for tests and the benchmark. */
  counts(userId: string): { sockets: number; documents: number } {
    const sockets = this.#users.get(userId) ?? new Set<string>();
    let documents = 0;
    for (const id of sockets) documents += this.#sockets.get(id)?.documents.size ?? 0;
    return { sockets: sockets.size, documents };
  }
}

/**
 * LIMIT6 (docs/hardening.md; §5b): the budget of documents a user creates (gives its first content), in the rate
 * store — memory, or Redis shared by every instance — with the whole hour's budget as the burst. A
 * refusal is `too-many-documents` (4429): the device keeps the write and sends it again later.
 */
export function documentBudget(options: {
  config: Config;
  store: RateStore;
  /** IMPORT3: the organisation's budget, spent too for a document of an organisation. */
  orgBudget: ReturnType<typeof orgDocumentBudget>;
  /** BOUND2: how many campaign documents an organisation holds (a new one past CAMPAIGNS_PER_ORG is refused). */
  campaigns?: (orgId: string) => Promise<number>;
}) {
  const { config, store, orgBudget } = options;
  const limit = config.SYNC_DOCUMENTS_CREATED_PER_HOUR;
  const rule = { limit, periodMs: 3_600_000, burst: limit };
  return async (userId: string, documentName: string): Promise<void> => {
    const decision = await store.take(`documents:user:${userId}`, rule);
    if (!decision.allowed) {
      throw syncRefusal(
        "too-many-documents",
        `${limit} new documents an hour; retry after ${retryAfterSeconds(decision)} s`,
      );
    }
    const ref = parseDocumentName(documentName);
    if (!ref || !("orgId" in ref)) return;
    const org = await orgBudget(ref.orgId);
    if (!org.allowed) {
      throw syncRefusal(
        "too-many-documents",
        `the agency may create ${org.limit} new documents an hour; retry after ${retryAfterSeconds(org)} s`,
      );
    }
    // BOUND2: the campaign route's count cap holds for a campaign made on a device too.
    if (ref.kind === "campaign" && options.campaigns) {
      const full = countRefusal(
        "PUT /api/orgs/:orgId/campaigns/:campaignId",
        await options.campaigns(ref.orgId),
        config,
      );
      if (full) throw syncRefusal("too-many-documents", full.message);
    }
  };
}
