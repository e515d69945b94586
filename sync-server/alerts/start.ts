import type { Hono } from "hono";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import type { Config } from "../config";
import type { EmailSender } from "../outbound/email/types";
import { mountPushApi } from "../push/routes";
import { createPushSender, type PushSender } from "../push/send";
import { PostgresPushStore, type PushStore, SqlitePushStore } from "../push/store";
import { loadVapidKeys, type VapidKeys } from "../push/vapid";
import type { Storage } from "../storage/types";
import { type AlertRunResult, runAlerts } from "./run";

// Wires price alerts into the server: the push subscription store (PostgreSQL with DATABASE_URL, else
// DATA_DIR/push.sqlite), the VAPID keys, the /api/push routes, and the run after each publish.

export interface RunningAlerts {
  mount(api: Hono): void;
  /** Evaluates every watchlist against the snapshot; resolves when all are told. */
  afterPublish(snapshot: MarketSnapshot): Promise<AlertRunResult>;
  close(): Promise<void>;
}

export async function startAlerts(
  config: Config,
  options: {
    storage: Storage;
    verify: (token: string) => Promise<{ sub: string }>;
    email: EmailSender | null;
    appUrl: () => string;
    log: (message: string) => void;
    postgresSchema?: string;
  },
): Promise<RunningAlerts> {
  const store: PushStore = config.DATABASE_URL
    ? await PostgresPushStore.open({ connectionString: config.DATABASE_URL, schema: options.postgresSchema })
    : SqlitePushStore.inDataDir(config.DATA_DIR);
  let keys: VapidKeys | null = null;
  if (config.NODE_ENV === "production" && !(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY))
    options.log(
      "Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)",
    );
  else
    keys = loadVapidKeys({
      dataDir: config.DATA_DIR,
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    });
  const testOrigins = config.PUSH_TEST_ORIGINS;
  // One sender per server: its pool bounds every push of every run (PUSH4).
  const sender: PushSender | null = keys ? createPushSender({ store, keys, testOrigins }) : null;
  return {
    mount(api) {
      if (keys) mountPushApi(api, { store, publicKey: keys.publicKey, verify: options.verify, testOrigins });
    },
    afterPublish: (snapshot) =>
      runAlerts(snapshot, {
        storage: options.storage,
        push: sender,
        email: options.email,
        appUrl: options.appUrl,
        log: options.log,
      }),
    close: () => store.close(),
  };
}
