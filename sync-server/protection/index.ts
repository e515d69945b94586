import type { Extension, Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import { syncRefusal } from "../../shared/documents/sync-reasons";
import type { Config } from "../config";
import { createDocumentHistory } from "../history";
import { identityProviderSessionsFrom } from "../identity/auth0-management";
import { SessionRevocations } from "../session/revocation";
import { mountSessionApi } from "../session/routes";
import { budgetOf } from "../settings/document-budget";
import type { SessionRevocation, Storage } from "../storage/types";
import type { AccessControl } from "../sync/access";
import { isSyncContext, type VerifyToken } from "../sync/context";
import { mountCspReports } from "../web/csp-report";
import { securityHeaders } from "../web/headers";
import { type HardeningBus, localBus, redisBus } from "./bus";
import { bodyLimits, httpRateLimits } from "./http-limits";
import { orgDocumentBudget } from "./org-documents";
import { PenaltyBox } from "./penalty-box";
import { Presence, UserNames } from "./presence";
import { MemoryRateStore, type RateStore, RedisRateStore } from "./rate-limit";
import { documentBudget, limitUpgrades, SyncLimits } from "./sync-limits";

// The hardening (docs/hardening.md), put together for server.ts: headers, body and rate limits on every HTTP route,
// limits on the sync socket, session revocation and read-only presence. docs/hardening.md.

export interface HardeningOptions {
  config: Config;
  storage: Storage;
  instanceId: string;
  /** Redis key prefix, shared by instances that share documents. */
  redisPrefix?: string;
  log: (message: string) => void;
}

/** The parts of the sync service the hardening acts on. */
export interface SyncHandle {
  hocuspocus: Hocuspocus;
  access: AccessControl;
}

export async function createHardening(options: HardeningOptions) {
  const { config, storage, log } = options;
  const prefix = options.redisPrefix ?? "rangeline";
  const store: RateStore = config.REDIS_URL
    ? new RedisRateStore(config.REDIS_URL, prefix, log)
    : new MemoryRateStore();
  if (store instanceof RedisRateStore) await store.ready();
  const bus: HardeningBus = config.REDIS_URL
    ? await redisBus(config.REDIS_URL, prefix, options.instanceId, log)
    : localBus();
  const revocations = new SessionRevocations(storage);
  // "Sign out on all devices" also at Auth0, when its Management API client is configured.
  const provider = identityProviderSessionsFrom(config);
  await revocations.load();
  const syncLimits = new SyncLimits({ config, store });
  const orgDocuments = orgDocumentBudget({ config, store, limitOf: budgetOf(storage) });
  const penalties = new PenaltyBox(config.TRUST_PROXY_HOPS === 0);
  let sync: SyncHandle | undefined;
  // Document history and restore (§4, sync-server/history): authors of writes, the API, pruning.
  const history = createDocumentHistory({ storage, log, redisUrl: config.REDIS_URL, redisPrefix: prefix });
  // Another instance may miss a message (Redis restarting): the table is read again once a minute.
  const catchUp = config.REDIS_URL
    ? setInterval(() => void revocations.load().catch((e) => log(`revocations: ${e}`)), 60_000)
    : undefined;
  catchUp?.unref();

  const connections = () =>
    sync ? [...sync.hocuspocus.documents.values()].flatMap((document) => document.getConnections()) : [];

  /** Closes the live connections a revocation covers (this instance's). */
  const closeRevoked = (revocation: SessionRevocation) => {
    for (const connection of connections()) {
      const context = connection.context;
      if (isSyncContext(context) && revocations.covers(revocation, context.identity)) {
        connection.close(syncRefusal("session-expired"));
      }
    }
  };

  /** After a membership change elsewhere: this instance's connections of the user whose access changed close. */
  const closeChanged = async (userId: string) => {
    if (!sync) return;
    for (const connection of connections()) {
      const context = connection.context;
      if (!isSyncContext(context) || context.identity.sub !== userId) continue;
      const fresh = await sync.access.decide(context.identity, context.ref);
      if (JSON.stringify(fresh.grant) !== JSON.stringify(context.grant)) {
        connection.close(syncRefusal("forbidden"));
      }
    }
  };

  revocations.onRevoked(closeRevoked);
  bus.subscribe((event) => {
    if (event.type === "revocation") revocations.apply(event.revocation);
    else void closeChanged(event.userId).catch((e) => log(`membership change: ${e}`));
  });

  const revoke = async (revocation: SessionRevocation) => {
    await revocations.revoke(revocation);
    await bus.publish({ type: "revocation", revocation });
  };

  return {
    revocations,
    syncLimits,
    store,
    history,
    /** LIMIT6 and IMPORT3: spends one of a user's and its organisation's new documents, or throws `too-many-documents`. */
    createDocument: documentBudget({
      config,
      store,
      orgBudget: orgDocuments,
      campaigns: async (orgId) => (await storage.listDocuments(`org/${orgId}/campaign/`)).length,
    }),
    /** IMPORT3: spends an organisation's new documents (the book import, API routes that create one). */
    orgDocuments,
    /** Hocuspocus extensions: the socket caps and presence (SESSION3, SESSION4). */
    extensions: [
      syncLimits,
      new Presence(new UserNames((orgId) => storage.members.listMembers(orgId))),
    ] as Extension[],
    /** The token verifier with the revocation check. */
    guardVerify: (verify: VerifyToken) => revocations.guard(verify),
    /** Headers, body limits and rate limits: first on the HTTP app, so they cover every route. */
    mountHttp(app: Hono, verify: VerifyToken) {
      app.use(
        "*",
        securityHeaders({
          production: config.NODE_ENV === "production",
          auth0Domain: config.AUTH0_DOMAIN,
          publicUrl: config.PUBLIC_URL,
        }),
      );
      app.use("*", bodyLimits(config));
      app.use("*", httpRateLimits({ config, store, verify, penalties }));
    },
    /** POST /api/session/sign-out and /api/session/sign-out-everywhere. */
    mountApi(app: Hono, verify: VerifyToken) {
      mountSessionApi(app, { verify, revocations, revoke, provider, log });
      mountCspReports(app, { production: config.NODE_ENV === "production", log });
      history.mountApi(app, verify);
    },
    limitUpgrades: (handle: Parameters<typeof limitUpgrades>[0]) =>
      limitUpgrades(handle, { config, store, penalties }),
    /** The HTTP server's `connection` listener: closes connections of an address that must wait. */
    screenConnection: penalties.screen,
    /** The sync service whose connections revocations and membership changes close. */
    attach(handle: SyncHandle) {
      sync = handle;
      history.attach(handle.hocuspocus);
    },
    /** After a membership change on this instance: the other instances close what it covers. */
    async membershipChanged(orgId: string, userId: string) {
      await bus.publish({ type: "membership", orgId, userId });
    },
    /** Whether the embedded provider's sign-in session was revoked (sign out on all devices). */
    isSignInRevoked: (userId: string, authTime: number, sessionId: string) =>
      revocations.isSignInRevoked(userId, authTime, sessionId),
    async close() {
      if (catchUp) clearInterval(catchUp);
      await history.close();
      await bus.close();
      await store.close();
    },
  };
}
