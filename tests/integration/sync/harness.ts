import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HocuspocusProvider } from "@hocuspocus/provider";
import * as Y from "yjs";
import { configSchema } from "../../../sync-server/config";
import type { DemoUser } from "../../../sync-server/identity/demo-users";
import { DEMO_USERS } from "../../../sync-server/identity/demo-users";
import { loadOrCreateSigningKeys, type SigningKeys } from "../../../sync-server/identity/keys";
import { issueTestToken, type TestTokenOptions } from "../../../sync-server/identity/testing";
import { type RunningServer, type StartOptions, startServer } from "../../../sync-server/server";

// A real server on port 0 with a real SQLite file (or the PostgreSQL/Redis given in env), and real
// Hocuspocus providers over Node's WebSocket, as the browser would use them.

export const demoUser = (email: string): DemoUser => {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user;
};

/** A valid watchlist entry (shared/documents/watchlist.ts): an LRP quote setup. */
export const watchItem = (id: string) => ({
  id,
  name: `Setup ${id}`,
  plan: "lrp",
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: 13,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 5.5,
});

export interface TestServer extends RunningServer {
  dataDir: string;
  keys: SigningKeys;
  /** A valid access token for a demo user (or any subject), as the embedded provider would issue it. */
  token(user: DemoUser | { sub: string }, options?: TestTokenOptions): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: StartOptions & { dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "rangeline-sync-"));
  const config = configSchema.parse({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ...env,
  });
  const server = await startServer(config, { log: () => {}, ...options });
  const keys = await loadOrCreateSigningKeys(dataDir);
  return Object.assign(server, {
    dataDir,
    keys,
    token: (user: DemoUser | { sub: string }, tokenOptions: TestTokenOptions = {}) =>
      issueTestToken(keys, user, { issuer: server.url, ...tokenOptions }),
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export interface Client {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Why authentication failed, if it did. */
  authFailure: string | null;
  /** Reasons of close messages the server sent for this document. */
  closeReasons: string[];
  stateless: string[];
  /** Resolves when synced (true) or refused (false). */
  ready: Promise<boolean>;
  destroy(): void;
}

/** Opens `name` as a provider would; `ready` settles on sync or refusal. */
export function connect(url: string, name: string, token: string, doc = new Y.Doc()): Client {
  let settle: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const client: Client = {
    doc,
    provider: undefined as unknown as HocuspocusProvider,
    authFailure: null,
    closeReasons: [],
    stateless: [],
    ready,
    destroy: () => client.provider.destroy(),
  };
  client.provider = new HocuspocusProvider({
    url,
    name,
    token,
    document: doc,
    onSynced: () => settle(true),
    onAuthenticationFailed: ({ reason }) => {
      client.authFailure = reason;
      settle(false);
    },
    onClose: ({ event }) => {
      if (event.reason) client.closeReasons.push(event.reason);
    },
    onStateless: ({ payload }) => client.stateless.push(payload),
  });
  return client;
}
