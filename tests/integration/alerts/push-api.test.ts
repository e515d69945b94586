import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../sync-server/config";
import { DEMO_USERS } from "../../../sync-server/identity/demo-users";
import { loadOrCreateSigningKeys } from "../../../sync-server/identity/keys";
import { issueTestToken } from "../../../sync-server/identity/testing";
import { PostgresPushStore, type PushStore, SqlitePushStore } from "../../../sync-server/push/store";
import { type RunningServer, startServer } from "../../../sync-server/server";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// /api/push on a real server (SQLite store in its DATA_DIR), and the subscription store on SQLite and
// PostgreSQL alike.

let dir: string;
let server: RunningServer;
let base: string;
let token: string;
const customer = DEMO_USERS.find((u) => u.email === "customer@demo.rangeline.test");
const agent = DEMO_USERS.find((u) => u.email === "agent@demo.rangeline.test");
const sub = {
  endpoint: "https://push.example.test/send/abc",
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rangeline-push-api-"));
  const config = readConfig({ NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dir });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  server = await startServer(config, { log: () => {} });
  base = `http://127.0.0.1:${server.port}`;
  if (!customer || !agent) throw new Error("demo users");
  token = await issueTestToken(await loadOrCreateSigningKeys(dir), customer, {
    issuer: `http://localhost:${server.port}/`,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, body: unknown, bearer: string | null = token) =>
  fetch(`${base}/api/push/subscriptions`, {
    method,
    headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });

describe("/api/push", () => {
  it("serves the VAPID public key (never the private one)", async () => {
    const answer = (await (await fetch(`${base}/api/push/vapid-public-key`)).json()) as Record<
      string,
      string
    >;
    expect(Object.keys(answer)).toEqual(["publicKey"]);
    expect(answer.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it("subscribes the signed-in user, refuses bad input and strangers, and unsubscribes", async () => {
    expect((await call("POST", sub, null)).status).toBe(401);
    const bad = await call("POST", { endpoint: "ftp://x", keys: { p256dh: "no spaces!", auth: "a" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "endpoint: expected the push service's http(s) address; keys.p256dh: expected base64url text",
    );
    expect((await call("POST", sub)).status).toBe(201);
    expect((await call("POST", sub)).status).toBe(201); // again: the same row
    const stored = await SqlitePushStore.inDataDir(dir);
    expect((await stored.listFor(customer?.sub ?? "")).map((s) => s.endpoint)).toEqual([sub.endpoint]);
    // Another user cannot remove it.
    const other = await issueTestToken(
      await loadOrCreateSigningKeys(dir),
      agent as NonNullable<typeof agent>,
      {
        issuer: `http://localhost:${server.port}/`,
      },
    );
    expect((await call("DELETE", { endpoint: sub.endpoint }, other)).status).toBe(404);
    expect((await call("DELETE", { endpoint: sub.endpoint })).status).toBe(204);
    expect((await call("DELETE", { endpoint: sub.endpoint })).status).toBe(404);
    expect(await stored.listFor(customer?.sub ?? "")).toEqual([]);
    await stored.close();
  });
});

describe.each([
  [
    "SQLite",
    async () => ({
      store: new SqlitePushStore(join(dir, "contract.sqlite")) as PushStore,
      done: async () => {},
    }),
  ],
  [
    "PostgreSQL",
    async () => {
      if (!postgresAvailable) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}`);
      const schema = uniqueSchema("push");
      return {
        store: (await PostgresPushStore.open({ connectionString: POSTGRES_URL, schema })) as PushStore,
        done: () => dropSchema(schema),
      };
    },
  ],
])("push subscription store on %s", (_name, open) => {
  it("keeps one row per endpoint, lists a user's, removes only the owner's", async () => {
    const { store, done } = await open();
    try {
      await store.save({ endpoint: "https://p/1", userId: "u1", p256dh: "a", auth: "b", createdAt: 1 });
      await store.save({ endpoint: "https://p/2", userId: "u1", p256dh: "a", auth: "b", createdAt: 2 });
      await store.save({ endpoint: "https://p/1", userId: "u2", p256dh: "c", auth: "d", createdAt: 3 });
      expect((await store.listFor("u1")).map((r) => r.endpoint)).toEqual(["https://p/2"]);
      expect(await store.listFor("u2")).toEqual([
        { endpoint: "https://p/1", userId: "u2", p256dh: "c", auth: "d", createdAt: 3 },
      ]);
      expect(await store.remove("https://p/1", "u1")).toBe(false);
      expect(await store.remove("https://p/1", "u2")).toBe(true);
      expect(await store.remove("https://p/2")).toBe(true);
      expect(await store.listFor("u1")).toEqual([]);
    } finally {
      await store.close();
      await done();
    }
  });
});
