import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../sync-server/config";
import { DEMO_USERS } from "../../../sync-server/identity/demo-users";
import { loadOrCreateSigningKeys } from "../../../sync-server/identity/keys";
import { issueTestToken } from "../../../sync-server/identity/testing";
import { MAX_PUSH_DEVICES } from "../../../sync-server/push/routes";
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
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
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
    const bad = await call("POST", {
      endpoint: "ftp://x",
      keys: { p256dh: "no spaces!", auth: sub.keys.auth },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "endpoint: a push endpoint uses https; keys.p256dh: expected base64url text; keys.p256dh: expected the browser's public key of 65 bytes",
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

describe("[PUSH1][PUSH2][PUSH3] /api/push/subscriptions takes only push services' endpoints", () => {
  it("[PUSH1] refuses internal addresses, IP literals, other ports, http and unknown hosts, with the reason", async () => {
    const refused: [string, string][] = [
      ["http://169.254.169.254/latest/meta-data", "a push endpoint uses https"],
      ["https://169.254.169.254/latest", "a push endpoint names its push service's host, not an IP address"],
      ["https://127.0.0.1/x", "a push endpoint names its push service's host, not an IP address"],
      ["https://[::1]/x", "a push endpoint names its push service's host, not an IP address"],
      ["https://fcm.googleapis.com:6379/fcm/send/x", "a push endpoint is on port 443"],
      ["https://user:pw@fcm.googleapis.com/fcm/send/x", "a push endpoint carries no user name or password"],
      [
        "https://fcm.googleapis.com.attacker.test/fcm/send/x",
        "fcm.googleapis.com.attacker.test is not a known push service",
      ],
      ["https://localhost/x", "localhost is not a known push service"],
    ];
    for (const [endpoint, reason] of refused) {
      const answer = await call("POST", { ...sub, endpoint });
      expect(answer.status, endpoint).toBe(400);
      expect(((await answer.json()) as { message: string }).message, endpoint).toContain(
        `endpoint: ${reason}`,
      );
    }
    for (const endpoint of [
      "https://fcm.googleapis.com/wp/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx0abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
      "https://fcm.googleapis.com:443/fcm/send/def",
    ]) {
      expect((await call("POST", { ...sub, endpoint })).status, endpoint).toBe(201);
      expect((await call("DELETE", { endpoint })).status, endpoint).toBe(204);
    }
  });

  it("[PUSH1] the tests' loopback push service (PUSH_TEST_ORIGINS) is refused in production", () => {
    const config = readConfig({ NODE_ENV: "production", PUSH_TEST_ORIGINS: "http://127.0.0.1:4100" });
    expect("errors" in config && config.errors.join("; ")).toContain(
      "PUSH_TEST_ORIGINS: is for tests only: production posts only to the known push services (unset it)",
    );
  });

  it("[PUSH2] another user's registration of an endpoint is refused until its owner removes it", async () => {
    const keys = await loadOrCreateSigningKeys(dir);
    const other = await issueTestToken(keys, agent as NonNullable<typeof agent>, {
      issuer: `http://localhost:${server.port}/`,
    });
    const endpoint = "https://fcm.googleapis.com/fcm/send/shared-device";
    expect((await call("POST", { ...sub, endpoint })).status).toBe(201);
    const taken = await call("POST", { ...sub, endpoint }, other);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: "endpoint-taken",
      message:
        "This device's notifications are registered to another account: it stays theirs until that account turns price alerts off here.",
    });
    const stored = SqlitePushStore.inDataDir(dir);
    try {
      expect((await stored.listFor(agent?.sub ?? "")).map((s) => s.endpoint)).toEqual([]);
      expect((await stored.listFor(customer?.sub ?? "")).map((s) => s.endpoint)).toContain(endpoint);
      expect((await call("DELETE", { endpoint })).status).toBe(204);
      expect((await call("POST", { ...sub, endpoint }, other)).status).toBe(201);
      expect((await stored.listFor(agent?.sub ?? "")).map((s) => s.endpoint)).toEqual([endpoint]);
    } finally {
      await stored.close();
    }
    expect((await call("DELETE", { endpoint }, other)).status).toBe(204);
  });

  it(`[PUSH3] a user registers at most ${MAX_PUSH_DEVICES} devices; one of them again renews it`, async () => {
    const endpoints = Array.from(
      { length: MAX_PUSH_DEVICES + 1 },
      (_, i) => `https://updates.push.services.mozilla.com/wpush/v2/device-${i}`,
    );
    for (const endpoint of endpoints.slice(0, MAX_PUSH_DEVICES))
      expect((await call("POST", { ...sub, endpoint })).status).toBe(201);
    const full = await call("POST", { ...sub, endpoint: endpoints[MAX_PUSH_DEVICES] });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string; message: string }).message).toMatch(
      /^An account gets price alerts on at most 10 devices: turn them off on one you no longer use/,
    );
    expect((await call("POST", { ...sub, endpoint: endpoints[0] })).status).toBe(201);
    for (const endpoint of endpoints.slice(0, MAX_PUSH_DEVICES))
      expect((await call("DELETE", { endpoint })).status).toBe(204);
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
  it("[PUSH2][PUSH3] keeps an endpoint its first user's until removed, at most N a user; removes only the owner's", async () => {
    const { store, done } = await open();
    try {
      const row = (endpoint: string, userId: string, p256dh: string, createdAt: number) =>
        ({ endpoint, userId, p256dh, auth: "b", createdAt }) as const;
      expect(await store.add(row("https://p/1", "u1", "a", 1), 2)).toBe("added");
      expect(await store.add(row("https://p/2", "u1", "a", 2), 2)).toBe("added");
      expect(await store.add(row("https://p/3", "u1", "a", 3), 2)).toBe("full");
      expect(await store.add(row("https://p/1", "u2", "c", 3), 2)).toBe("taken");
      expect(await store.add(row("https://p/1", "u1", "e", 4), 2)).toBe("renewed");
      expect(await store.listFor("u1")).toEqual([
        row("https://p/1", "u1", "e", 1),
        row("https://p/2", "u1", "a", 2),
      ]);
      expect(await store.listFor("u2")).toEqual([]);
      expect(await store.remove("https://p/1", "u2")).toBe(false);
      expect(await store.remove("https://p/1", "u1")).toBe(true);
      expect(await store.add(row("https://p/1", "u2", "c", 5), 2)).toBe("added");
      expect(await store.remove("https://p/2")).toBe(true);
      expect(await store.listFor("u1")).toEqual([]);
      // Registrations of one user at once never pass the cap.
      const many = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.add(row(`https://p/u3-${i}`, "u3", "a", 10 + i), 3)),
      );
      expect(many.filter((o) => o === "added")).toHaveLength(3);
      expect(await store.listFor("u3")).toHaveLength(3);
    } finally {
      await store.close();
      await done();
    }
  });
});
