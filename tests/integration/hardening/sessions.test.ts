import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import { revokeServerSession } from "../../../src/lib/auth/server-sign-out";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";
import {
  dropSchema,
  POSTGRES_URL,
  postgresAvailable,
  REDIS_URL,
  redisAvailable,
  uniqueSchema,
} from "../sync/services";
import { send } from "./helpers";

// docs/hardening.md: sign-out and "sign out on all devices" revoke the user's server sessions at once —
// every live connection they cover closes, and a token issued before is refused by the socket and the
// API, also after a restart and on every instance; removing a member closes that organisation's
// documents on every instance; presence on a read-only connection carries only who is there.

const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.stop().catch(() => {});
});

const now = () => Math.floor(Date.now() / 1000);
const open = (server: TestServer, name: string, token: string) => {
  const client = connect(server.syncUrl, name, token);
  clients.push(client);
  return client;
};
const post = (server: TestServer, path: string, token: string) =>
  send(server.port, path, { method: "POST", headers: { authorization: `Bearer ${token}` } });
const members = (server: TestServer, token: string) =>
  send(server.port, "/api/orgs/demo/members", { headers: { authorization: `Bearer ${token}` } });

describe("[SESSION1] sign-out and sign-out on all devices (one instance, SQLite)", () => {
  it("sign-out closes this device's connections at once and refuses its token; the user's other device goes on", async () => {
    const server = await startTestServer();
    servers.push(server);
    const phone = await server.token(agent, { now: now() - 20 });
    const laptop = await server.token(agent, { now: now() - 10 });
    const a = open(server, "org/demo", phone);
    const b = open(server, "org/demo/customer/c-demo", phone);
    const c = open(server, "org/demo", laptop);
    for (const client of [a, b, c]) expect(await client.ready).toBe(true);

    const response = await post(server, "/api/session/sign-out", phone);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ revoked: "session" });
    await expect.poll(() => a.closeReasons).toContain("session-expired");
    await expect.poll(() => b.closeReasons).toContain("session-expired");
    expect(c.closeReasons).toEqual([]);
    expect(server.hocuspocus.documents.get("org/demo")?.getConnections()).toHaveLength(1);

    const again = open(server, "org/demo/customer/c-demo", phone);
    expect(await again.ready).toBe(false);
    expect(again.authFailure).toBe("unauthorized");
    const api = await members(server, phone);
    expect(api.status).toBe(401);
    expect(api.body).toContain("session-revoked");
    expect((await members(server, laptop)).status).toBe(200);
  });

  it("sign out on all devices closes every connection of the user and refuses every earlier token; a later sign-in works", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-sessions-"));
    try {
      // One public URL for both runs: the tokens' issuer stays the same across the restart.
      const env = { PUBLIC_URL: "http://rangeline.test/" };
      const server = await startTestServer(env, { dataDir });
      servers.push(server);
      const phone = await server.token(agent, { now: now() - 20 });
      const laptop = await server.token(agent, { now: now() - 10 });
      const bystander = await server.token(agent2);
      const a = open(server, "org/demo", phone);
      const b = open(server, "org/demo/customer/c-demo", laptop);
      const other = open(server, "org/demo", bystander);
      for (const client of [a, b, other]) expect(await client.ready).toBe(true);

      const response = await post(server, "/api/session/sign-out-everywhere", laptop);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).revoked).toBe("all-sessions");
      await expect.poll(() => a.closeReasons).toContain("session-expired");
      await expect.poll(() => b.closeReasons).toContain("session-expired");
      expect(other.closeReasons).toEqual([]);
      for (const token of [phone, laptop]) {
        const retry = open(server, "org/demo", token);
        expect(await retry.ready).toBe(false);
        expect((await members(server, token)).status).toBe(401);
      }
      expect((await members(server, bystander)).status).toBe(200);
      const later = await server.token(agent, { now: now() + 2 });
      expect((await members(server, later)).status).toBe(200);

      // A restart keeps the revocation (the server's table).
      for (const client of clients.splice(0)) client.destroy();
      await servers.pop()?.stop();
      const restarted = await startTestServer(env, { dataDir });
      servers.push(restarted);
      expect((await members(restarted, phone)).status).toBe(401);
      const afterRestart = open(restarted, "org/demo", phone);
      expect(await afterRestart.ready).toBe(false);
      expect((await members(restarted, later)).status).toBe(200);
    } finally {
      // The server stops before its folder goes (its WAL checkpointer would find the file gone).
      for (const client of clients.splice(0)) client.destroy();
      for (const server of servers.splice(0)) await server.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sign out on all devices also ends the embedded provider's sign-in, so no silent sign-in follows", async () => {
    const server = await startTestServer();
    servers.push(server);
    const origin = `http://127.0.0.1:${server.port}`;
    const authorize = (extra: Record<string, string>, cookie?: string) =>
      send(
        server.port,
        `/authorize?${new URLSearchParams({
          client_id: "rangeline-dev",
          redirect_uri: `${origin}/auth-callback`,
          response_type: "code",
          code_challenge: "x".repeat(43),
          code_challenge_method: "S256",
          ...extra,
        })}`,
        { headers: cookie ? { cookie } : {} },
      );
    const signIn = await authorize({ login_hint: agent.email });
    expect(signIn.status).toBe(302);
    const cookie = String(signIn.headers["set-cookie"]?.[0]).split(";")[0] as string;
    const silent = await authorize({ prompt: "none" }, cookie);
    expect(new URL(String(silent.headers.location)).searchParams.get("code")).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 5)); // a revocation strictly after the sign-in's second
    expect((await post(server, "/api/session/sign-out-everywhere", await server.token(agent))).status).toBe(
      200,
    );
    const refused = await authorize({ prompt: "none" }, cookie);
    expect(new URL(String(refused.headers.location)).searchParams.get("error")).toBe("login_required");
  });

  it("the app's sign-out call (src/lib/auth) reaches the server; offline it gives up quietly", async () => {
    const server = await startTestServer();
    servers.push(server);
    const origin = `http://127.0.0.1:${server.port}`;
    const phone = await server.token(agent, { now: now() - 20 });
    const laptop = await server.token(agent, { now: now() - 10 });
    expect(await revokeServerSession(phone, "device", origin)).toBe(true);
    expect((await members(server, phone)).status).toBe(401);
    expect((await members(server, laptop)).status).toBe(200);
    expect(await revokeServerSession(laptop, "everywhere", origin)).toBe(true);
    expect((await members(server, laptop)).status).toBe(401);
    expect(await revokeServerSession(undefined, "device", origin)).toBe(false);
    expect(await revokeServerSession(laptop, "device", "http://127.0.0.1:9", 500)).toBe(false);
  });

  it("the sign-out endpoints refuse a missing or forged token", async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await send(server.port, "/api/session/sign-out", { method: "POST" })).status).toBe(401);
    const token = await server.token(agent);
    const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(40)}`;
    expect((await post(server, "/api/session/sign-out-everywhere", forged)).status).toBe(401);
    expect((await members(server, token)).status).toBe(200);
  });
});

describe.runIf(postgresAvailable && redisAvailable)(
  "[SESSION2] across instances (PostgreSQL and Redis)",
  () => {
    const schema = uniqueSchema("sessions");
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-sessions-redis-"));
    const redisPrefix = `rangeline-sessions-${randomBytes(4).toString("hex")}`;
    const env = { DATABASE_URL: POSTGRES_URL, REDIS_URL, PUBLIC_URL: "http://rangeline.test/" };
    const start = async () => {
      const server = await startTestServer(env, {
        dataDir,
        redisPrefix,
        storage: await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
      });
      servers.push(server);
      return server;
    };
    afterAll(async () => {
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("a sign-out everywhere through one instance closes the user's connections on the other at once", async () => {
      const one = await start();
      const two = await start();
      const token = await two.token(agent, { now: now() - 5 });
      const live = open(two, "org/demo/customer/c-demo", token);
      expect(await live.ready).toBe(true);
      expect(
        (await post(one, "/api/session/sign-out-everywhere", await one.token(agent, { now: now() - 1 })))
          .status,
      ).toBe(200);
      await expect.poll(() => live.closeReasons, { timeout: 5000 }).toContain("session-expired");
      expect((await members(two, token)).status).toBe(401);
      const again = open(two, "org/demo", token);
      expect(await again.ready).toBe(false);
    });

    it("[ACL11] removing a member through one instance closes that organisation's documents on the other", async () => {
      const one = await start();
      const two = await start();
      const live = open(two, "org/demo/customer/c-demo", await two.token(agent2));
      const internal = open(two, "org/demo/customer/c-demo/internal", await two.token(agent2));
      const bystander = open(two, "org/demo/customer/c-demo", await two.token(agent));
      for (const client of [live, internal, bystander]) expect(await client.ready).toBe(true);
      const removed = await send(
        one.port,
        `/api/orgs/demo/members/${encodeURIComponent(agent2.sub)}/roles/agent`,
        {
          method: "DELETE",
          headers: { authorization: `Bearer ${await one.token(admin)}` },
        },
      );
      expect(removed.status).toBe(200);
      await expect.poll(() => live.closeReasons, { timeout: 5000 }).toContain("forbidden");
      await expect.poll(() => internal.closeReasons, { timeout: 5000 }).toContain("forbidden");
      expect(bystander.closeReasons).toEqual([]);
      const again = open(two, "org/demo/customer/c-demo", await two.token(agent2));
      expect(await again.ready).toBe(false);
      expect(again.authFailure).toBe("forbidden");
    });
  },
);

describe("[SESSION3] presence on a read-only connection", () => {
  it("carries only who is there: the verified id, a name and a colour; never a field, never another client", async () => {
    const server = await startTestServer();
    servers.push(server);
    const name = "org/demo/customer/c-demo";
    const writer = open(server, name, await server.token(agent));
    const reader = open(server, name, await server.token(customer));
    expect(await writer.ready).toBe(true);
    expect(await reader.ready).toBe(true);
    expect(
      server.hocuspocus.documents
        .get(name)
        ?.getConnections()
        .some((c) => c.readOnly),
    ).toBe(true);

    writer.provider.setAwarenessField("user", { id: agent.sub, name: "Alex", color: "#336699" });
    writer.provider.setAwarenessField("field", "profile.name");
    reader.provider.setAwarenessField("user", { id: agent.sub, name: "Casey", color: "red; x" });
    reader.provider.setAwarenessField("field", "profile.name");
    reader.provider.setAwarenessField("note", "x".repeat(2000));

    const seenByWriter = () => writer.provider.awareness?.getStates().get(reader.doc.clientID);
    // The names are the server's (SESSION4), never the client's claim.
    await expect.poll(seenByWriter).toEqual({ user: { id: customer.sub, name: customer.name } });
    await expect
      .poll(() => reader.provider.awareness?.getStates().get(writer.doc.clientID))
      .toEqual({
        user: { id: agent.sub, name: agent.name, color: "#336699" },
        field: "profile.name",
      });

    // The reader relays a state of the writer's client id, and of a made-up one: neither reaches anyone.
    const forger = new Awareness(new Y.Doc());
    forger.setLocalState({ user: { id: "ghost", name: "Ghost" }, field: "profile.name" });
    const forged = encodeAwarenessUpdate(forger, [forger.clientID]);
    applyAwarenessUpdate(reader.provider.awareness as Awareness, forged, "test");
    const hijack = new Awareness(new Y.Doc());
    hijack.clientID = writer.doc.clientID;
    hijack.setLocalState({ user: { id: "ghost", name: "Ghost" } });
    for (let i = 0; i < 5; i++) hijack.setLocalState({ user: { id: "ghost", name: `Ghost ${i}` } });
    applyAwarenessUpdate(
      reader.provider.awareness as Awareness,
      encodeAwarenessUpdate(hijack, [writer.doc.clientID]),
      "test",
    );
    // A marker the reader may send, to know the relays above were handled before it.
    reader.provider.setAwarenessField("user", { name: "Casey again", color: "#123456" });
    await expect
      .poll(seenByWriter)
      .toEqual({ user: { id: customer.sub, name: customer.name, color: "#123456" } });
    expect(writer.provider.awareness?.getStates().has(forger.clientID)).toBe(false);
    expect(server.hocuspocus.documents.get(name)?.awareness.getStates().get(writer.doc.clientID)).toEqual({
      user: { id: agent.sub, name: agent.name, color: "#336699" },
      field: "profile.name",
    });
  });
});
