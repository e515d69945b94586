import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import type { DisabledOrgs } from "../admin/disabled-orgs";
import type { UnsubscribeSigner } from "../campaigns/unsubscribe-link";
import type { Config } from "../config";
import type { DemoUser } from "../identity/demo-users";
import type { RunningMarketFeed } from "../market/start";
import type { orgDocumentBudget } from "../protection/org-documents";
import type { RateStore } from "../protection/rate-limit";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { WorkPool } from "../work/pool";

// What every resource's routes may use, made once by server.ts (docs/server-layout.md): each resource
// folder's `mount.ts` takes the parts it needs, and server.ts mounts the resources as a list.

export interface ApiContext {
  config: Config;
  storage: Storage;
  verify: VerifyToken;
  /** DATA_ENCRYPTION_KEY: organisation secrets and invitation links are sealed or signed under it. */
  dataKey: Buffer;
  /** The sync server's documents, for the routes that write one (the server's direct connection). */
  hocuspocus: Hocuspocus;
  /** Redis key prefix, shared by instances that share documents (with REDIS_URL). */
  redisPrefix: string;
  /** The rate limits' shared store (Redis when configured). */
  store: RateStore;
  market: RunningMarketFeed;
  /** Publishes a snapshot to every device and runs what follows a publish (alerts, claim proposals). */
  publishMarket: (snapshot: MarketSnapshot) => Promise<void>;
  disabled: DisabledOrgs;
  /** Tells the sync server and the presence that a user's roles in an organisation changed. */
  membershipChanged: (orgId: string, userId: string) => Promise<void>;
  /** The embedded identity provider's users (outside production). */
  embeddedUsers: DemoUser[];
  campaignSigner: UnsubscribeSigner;
  /** The app's public origin (known once the server listens). */
  publicUrl: () => string;
  log: (message: string) => void;
  /** Worker threads for work that grows with a request's input (IMPORT1). */
  work: WorkPool;
  /** Spends an organisation's new documents of the hour (IMPORT3). */
  orgDocuments: ReturnType<typeof orgDocumentBudget>;
}

/** A resource's routes; a resource that holds something open returns how to close it. */
export type MountResource = (api: Hono, ctx: ApiContext) => void | { close(): Promise<void> };
