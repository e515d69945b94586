import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Extension } from "@hocuspocus/server";
import { createAdaptorServer } from "@hono/node-server";
import type { MarketSnapshot } from "../shared/market/snapshot";
import { withDisabledOrgs } from "./admin/disabled-orgs";
import { signInRecorder } from "./admin/sign-ins";
import { startAlerts } from "./alerts/start";
import { mountApplications } from "./applications/mount";
import { mountBookImport } from "./book-import/routes";
import { campaignDocuments } from "./campaigns/documents";
import { mountCampaigns } from "./campaigns/mount";
import { startScheduler } from "./campaigns/scheduler";
import { loadUnsubscribeSecret, unsubscribeSigner } from "./campaigns/unsubscribe-link";
import { startClaims } from "./claims";
import { mountClaims } from "./claims/mount";
import { mountCommissions } from "./commissions/mount";
import { type Config, publicUrl, tokenIssuer } from "./config";
import { mountRecordHistory } from "./history/record-routes";
import { DEMO_USERS, type DemoUser } from "./identity/demo-users";
import { loadEmbeddedUsers } from "./identity/invited-users";
import { loadOrCreateSigningKeys } from "./identity/keys";
import { createAccessTokenVerifier, TokenRejectedError } from "./identity/verify";
import { logEntry, oneLine } from "./log-line";
import { marketSeedOf } from "./market/api";
import { figureMarketLoader } from "./market/figure-markets";
import { type RunningMarketFeed, type StartMarketFeedOptions, startMarketFeed } from "./market/start";
import { mountMembers } from "./members/mount";
import { emailSenderFrom } from "./outbound/email";
import { smsSenderFrom } from "./outbound/sms";
import { mountPartner } from "./partner/mount";
import { mountPlatform } from "./platform/mount";
import { createHardening } from "./protection";
import type { ApiContext, MountResource } from "./routes/context";
import { mountSettings } from "./settings/mount";
import { openStorage } from "./storage";
import {
  checkDataKey,
  DocumentCipher,
  encryptedStorage,
  loadOrCreateDataKey,
  parseDataKey,
} from "./storage/encryption";
import type { Storage } from "./storage/types";
import type { VerifyToken } from "./sync/context";
import type { MarketSeed } from "./sync/seed";
import { seedDemoData } from "./sync/seed";
import { createSyncService, SYNC_PATH } from "./sync/service";
import { mountViolations } from "./violations/routes";
import { createHttpApp } from "./web/app";
import { WorkPool } from "./work/pool";

export interface StartOptions {
  /** Use this storage instead of opening one from the configuration (closed with the server). */
  storage?: Storage;
  /** Redis key prefix (instances sharing documents use the same one); tests isolate runs with it. */
  redisPrefix?: string;
  instanceId?: string;
  marketSeed?: MarketSeed;
  /** Market feed settings for tests (docs/market-data.md): tick by hand, a clock, short retries, a PG schema. */
  marketFeed?: Pick<StartMarketFeedOptions, "manual" | "clock" | "retry" | "postgresSchema">;
  compactAfterMs?: number;
  extensions?: Extension[];
  log?: (message: string) => void;
  /** The work threads' task table (tests: the real one plus a task that holds a thread; work/pool.ts). */
  workTasks?: URL;
}

/**
 * Starts the whole server on one port: the HTTP app (PWA, /api/*, the embedded identity provider
 * outside production) and the Hocuspocus sync socket on /sync. Returns once it listens.
 */
export async function startServer(config: Config, options: StartOptions = {}) {
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Every message is one line whatever values it quotes (LOG1, sync-server/log-line.ts).
  const sink = options.log ?? ((message: string) => console.log(`[sync] ${message}`));
  const log = (message: string) => sink(oneLine(message));
  // The embedded provider's key pair exists before anything reads it (it is generated on first start).
  if (config.NODE_ENV !== "production") await loadOrCreateSigningKeys(config.DATA_DIR);
  // Tax ids are encrypted at rest: the internal documents go through the cipher whatever the storage;
  // a key other than the one the database was written with stops the start here.
  const dataKey = config.DATA_ENCRYPTION_KEY
    ? parseDataKey(config.DATA_ENCRYPTION_KEY)
    : loadOrCreateDataKey(config.DATA_DIR);
  const cipher = new DocumentCipher(dataKey);
  const opened = options.storage ?? (await openStorage(config));
  // Members of a disabled organisation (docs/administration.md) are members of nothing there: sync-server/admin.
  const disabledOrgs = await withDisabledOrgs(encryptedStorage(opened, cipher));
  const storage = disabledOrgs.storage;
  try {
    await checkDataKey(storage, cipher);
  } catch (error) {
    await opened.close();
    throw error;
  }
  if (config.NODE_ENV !== "production" && (await seedDemoData(storage))) {
    log("seeded the demo users, memberships and customer links");
  }

  // The verifier needs the port (the embedded provider's issuer is the origin the browser used), so it
  // is built once the server listens; no socket can authenticate before that.
  let verify: VerifyToken = async () => {
    throw new TokenRejectedError("jwks-unavailable", "the server is starting");
  };
  const instanceId = options.instanceId ?? randomUUID();
  // Headers, rate and body limits, socket caps, session revocation, read-only presence (docs/hardening.md).
  const hardening = await createHardening({
    config,
    storage,
    instanceId,
    redisPrefix: options.redisPrefix,
    log,
  });
  const sync = createSyncService({
    storage,
    verify: (token) => verify(token),
    instanceId,
    maxMessageBytes: config.SYNC_MAX_MESSAGE_BYTES,
    preAuth: {
      perSocketBytes: config.SYNC_PRE_AUTH_BYTES_PER_SOCKET,
      totalBytes: config.SYNC_PRE_AUTH_BYTES_TOTAL,
      deadlineMs: config.SYNC_AUTH_DEADLINE_MS,
    },
    maxDocumentBytes: config.SYNC_MAX_DOCUMENT_BYTES,
    createDocument: hardening.createDocument,
    redisUrl: config.REDIS_URL,
    redisPrefix: options.redisPrefix,
    // The published market (docs/market-data.md): the feed's last snapshot once there is one.
    marketSeed: options.marketSeed ?? (async () => (market.feed ? marketSeedOf(market.source)() : null)),
    // SCE1: coverages' priced figures judged against their sales days (the current snapshot, the history).
    figures: figureMarketLoader(() => market),
    compactAfterMs: options.compactAfterMs,
    hold: hardening.history.hold,
    extensions: [...hardening.extensions, signInRecorder(storage, log), ...(options.extensions ?? [])],
    log,
  });
  hardening.attach(sync);
  let listeningPort = config.PORT;
  const campaignSigner = unsubscribeSigner(
    loadUnsubscribeSecret({
      production: config.NODE_ENV === "production",
      secret: config.UNSUBSCRIBE_SECRET,
      dataDir: config.DATA_DIR,
    }),
  );
  // Price alerts (docs/market-data.md): every watchlist evaluated after each publish, told by Web Push / e-mail.
  const alerts = await startAlerts(config, {
    storage,
    verify: (token) => verify(token),
    email: emailSenderFrom(config, storage),
    appUrl: () => publicUrl(config, listeningPort),
    log,
    postgresSchema: options.marketFeed?.postgresSchema,
  });
  // Claim proposals (docs/claims.md): every organisation's claims that pay, recorded after each publish.
  const claims = startClaims({
    storage,
    hocuspocus: sync.hocuspocus,
    history: () => market.feed,
    clock: options.marketFeed?.clock,
    log,
  });
  const publishMarket = async (snapshot: MarketSnapshot) => {
    await sync.publishMarketSnapshot({ ...snapshot });
    void alerts
      .afterPublish(snapshot)
      .catch((e) => log(`price alerts: ${e instanceof Error ? e.message : e}`));
    void claims
      .afterPublish(snapshot)
      .catch((e) => log(`claim proposals: ${e instanceof Error ? e.message : e}`));
  };
  const market: RunningMarketFeed = await startMarketFeed(config, {
    storage,
    verify: (token) => verify(token),
    publish: publishMarket,
    owner: instanceId,
    log,
    ...options.marketFeed,
  });

  const membershipChanged = async (orgId: string, userId: string) => {
    await sync.membershipChanged(orgId, userId);
    await hardening.membershipChanged(orgId, userId);
  };
  // The embedded provider's users (outside production): the demo users, and whoever accepts an invitation.
  // Invitees are stored (identity_users), so they still sign in after a restart.
  const embeddedUsers: DemoUser[] =
    config.NODE_ENV === "production" ? [...DEMO_USERS] : await loadEmbeddedUsers(storage);
  // IMPORT1: work that grows with a request's input, off the event loop.
  const work = new WorkPool({
    threads: config.WORK_THREADS,
    queueLimit: config.WORK_QUEUE_LIMIT,
    log,
    tasks: options.workTasks,
  });
  const api: ApiContext = {
    config,
    storage,
    verify: (token) => verify(token),
    dataKey,
    hocuspocus: sync.hocuspocus,
    redisPrefix: options.redisPrefix ?? "rangeline",
    store: hardening.store,
    market,
    publishMarket,
    disabled: disabledOrgs,
    membershipChanged,
    embeddedUsers,
    campaignSigner,
    publicUrl: () => publicUrl(config, listeningPort),
    log,
    work,
    orgDocuments: hardening.orgDocuments,
  };
  const open: { close(): Promise<void> }[] = [];
  const app = createHttpApp(config, {
    embeddedUsers,
    first: (http) => hardening.mountHttp(http, (token) => verify(token)),
    isSignInRevoked: hardening.isSignInRevoked,
    market: { source: market.source, api: market.api },
    mountApi: (http) => {
      // Limits, headers, sign-out and document history first (hardening/), then each resource's routes.
      hardening.mountApi(http, (token) => verify(token));
      const resources: MountResource[] = [
        mountClaims,
        mountSettings,
        mountPlatform,
        mountMembers,
        mountApplications,
        (routes) => alerts.mount(routes),
        mountPartner,
        mountRecordHistory,
        mountBookImport,
        mountViolations,
        mountCampaigns,
        mountCommissions,
      ];
      for (const mount of resources) {
        const running = mount(http, api);
        if (running) open.push(running);
      }
    },
  });
  const server = createAdaptorServer({ fetch: app.fetch });
  server.on("connection", hardening.screenConnection);
  server.on("upgrade", hardening.limitUpgrades(sync.handleUpgrade));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  listeningPort = port;
  verify = hardening.guardVerify(await createVerifier(config, port));

  const campaigns = startScheduler({
    storage,
    owner: instanceId,
    email: emailSenderFrom(config, storage),
    sms: smsSenderFrom(config, storage),
    signer: campaignSigner,
    baseUrl: publicUrl(config, port).replace(/\/$/, ""),
    snapshot: () => market.source.current(),
    intervalMs: config.CAMPAIGN_SCHEDULER_INTERVAL_SECONDS * 1000,
    log: (message, fields) => log(logEntry(message, fields ?? {})),
    // A provider's permanent refusal marks the recipient INVALID in the campaign document.
    markRecipients: campaignDocuments(sync.hocuspocus).markRecipients,
    // The delivery callbacks this server receives and can verify settle sends whose answer was lost.
    callbacks: {
      email: Boolean(config.SENDGRID_API_KEY && config.SENDGRID_WEBHOOK_PUBLIC_KEY),
      smsStatusUrl:
        config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
          ? `${publicUrl(config, port)}api/campaigns/sms/status`
          : undefined,
    },
  });

  return {
    port,
    url: publicUrl(config, port),
    syncUrl: `ws://127.0.0.1:${port}${SYNC_PATH}`,
    storage,
    sync,
    hocuspocus: sync.hocuspocus,
    hardening,
    /** The HTTP app (its routes are listed by the probe suite). */
    http: app,
    /** The work threads (IMPORT1; tests hold them to fill the queue). */
    work,
    market,
    /** Publishes a snapshot to `market/current` and runs the price alerts (the feed's publish). */
    publishMarket,
    alerts,
    /** Stores open documents, closes every connection, the HTTP server and the storage. */
    async close(): Promise<void> {
      await campaigns.stop();
      await sync.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      for (const running of open) await running.close();
      await work.close();
      await hardening.close();
      await market.stop();
      await alerts.close();
      await storage.close();
    },
  };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * Production: Auth0's JWKS and issuer. Elsewhere: the embedded provider's key in DATA_DIR, and its
 * access-token issuer, the server's public URL (`publicUrl(config, port)`).
 */
async function createVerifier(config: Config, port: number): Promise<VerifyToken> {
  const audience = config.AUTH0_AUDIENCE;
  const { issuer, jwksUrl } = tokenIssuer(config, port);
  if (jwksUrl) return createAccessTokenVerifier({ issuer, audience, jwksUrl });
  const keys = await loadOrCreateSigningKeys(config.DATA_DIR);
  return createAccessTokenVerifier({ issuer, audience, keySet: { keys: [keys.publicJwk] } });
}
