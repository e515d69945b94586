import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../src/lib/auth/memory-storage";
import { revokeServerSession, takeSignOutNotice } from "../../../src/lib/auth/server-sign-out";
import { configSchema } from "../../../sync-server/config";
import { Auth0Management, IdentityProviderError } from "../../../sync-server/identity/auth0-management";
import { PROVIDER_NOT_REACHED } from "../../../sync-server/session/routes";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";
import { type FakeAuth0Management, startFakeAuth0Management } from "./fake-auth0-management";
import { send } from "./helpers";

// docs/hardening.md: "Sign out on all devices" also ends the user's Auth0 sessions and refresh tokens through
// the Management API (client credentials), so no device can get a new token from Auth0 without
// signing in again. Against a stand-in tenant on 127.0.0.1 with Auth0's requests and answers. When
// Auth0 cannot be reached the server's own revocation stands and the answer says so plainly.

const agent = demoUser("agent@demo.rangeline.test");
const now = () => Math.floor(Date.now() / 1000);

const fakes: FakeAuth0Management[] = [];
const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) await server.stop().catch(() => {});
  for (const fake of fakes.splice(0)) await fake.close();
});

const tenant = async () => {
  const fake = await startFakeAuth0Management();
  fakes.push(fake);
  return fake;
};

describe("[SESSION1] the Auth0 Management adapter", () => {
  it("ends a user's sessions and refresh tokens with one Management token, fetched again when Auth0 no longer takes it", async () => {
    const fake = await tenant();
    const auth0 = new Auth0Management({
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    fake.signIn("auth0|u1");
    fake.signIn("auth0|u2");
    await auth0.endAllSessions("auth0|u1");
    expect([fake.sessions("auth0|u1"), fake.refreshTokens("auth0|u1")]).toEqual([0, 0]);
    expect(fake.sessions("auth0|u2")).toBe(1);
    await auth0.endAllSessions("auth0|u2");
    expect(fake.calls.filter((c) => c === "POST /oauth/token")).toHaveLength(1);
    expect(fake.calls).toContain("DELETE /api/v2/users/auth0%7Cu2/refresh-tokens");
    fake.expireTokens();
    fake.signIn("auth0|u1");
    await auth0.endAllSessions("auth0|u1");
    expect(fake.sessions("auth0|u1")).toBe(0);
    expect(fake.calls.filter((c) => c === "POST /oauth/token")).toHaveLength(2);
  });

  it("says what Auth0 answered or that it did not, never the client secret", async () => {
    const fake = await tenant();
    const wrong = new Auth0Management({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: "not-it" });
    const refused = await wrong.endAllSessions("auth0|u1").catch((e: IdentityProviderError) => e);
    expect(refused).toBeInstanceOf(IdentityProviderError);
    expect((refused as IdentityProviderError).kind).toBe("refused");
    expect((refused as Error).message).toMatch(/401 access_denied/);

    const auth0 = new Auth0Management({
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      timeoutMs: 300,
    });
    fake.mode("stall");
    const stalled = await auth0.endAllSessions("auth0|u1").catch((e: IdentityProviderError) => e);
    expect((stalled as IdentityProviderError).kind).toBe("unreachable");
    expect((stalled as Error).message).toContain("no answer within 300 ms");
    fake.mode({ status: 503 });
    expect(((await auth0.endAllSessions("auth0|u1").catch((e) => e)) as IdentityProviderError).kind).toBe(
      "unreachable",
    );
    await fake.close();
    fakes.splice(fakes.indexOf(fake), 1);
    const closed = await auth0.endAllSessions("auth0|u1").catch((e: IdentityProviderError) => e);
    expect((closed as IdentityProviderError).kind).toBe("unreachable");
    for (const error of [refused, stalled, closed])
      expect((error as Error).message).not.toContain(fake.clientSecret);
  });

  it("is configured by its client id and secret together", () => {
    const base = { NODE_ENV: "test", AUTH0_MANAGEMENT_URL: "http://127.0.0.1:9/" };
    expect(configSchema.safeParse({ ...base, AUTH0_MANAGEMENT_CLIENT_ID: "id" }).success).toBe(false);
    expect(
      configSchema.safeParse({
        ...base,
        AUTH0_MANAGEMENT_CLIENT_ID: "id",
        AUTH0_MANAGEMENT_CLIENT_SECRET: "s",
      }).success,
    ).toBe(true);
  });
});

describe("[SESSION1] sign out on all devices with Auth0's Management API", () => {
  const start = async (fake: FakeAuth0Management, log: string[]) => {
    const server = await startTestServer(
      {
        AUTH0_MANAGEMENT_URL: fake.url,
        AUTH0_MANAGEMENT_CLIENT_ID: fake.clientId,
        AUTH0_MANAGEMENT_CLIENT_SECRET: fake.clientSecret,
      },
      { log: (line) => log.push(line) },
    );
    servers.push(server);
    return server;
  };
  const signOutEverywhere = async (server: TestServer, token: string) => {
    const response = await send(server.port, "/api/session/sign-out-everywhere", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    return { ...response, json: JSON.parse(response.body) };
  };
  const members = (server: TestServer, token: string) =>
    send(server.port, "/api/orgs/demo/members", { headers: { authorization: `Bearer ${token}` } });

  it("ends the user's Auth0 sessions and refresh tokens as well as the server's", async () => {
    const fake = await tenant();
    const server = await start(fake, []);
    fake.signIn(agent.sub);
    fake.signIn(agent.sub);
    const phone = await server.token(agent, { now: now() - 5 });
    const live = connect(server.syncUrl, "org/demo", phone);
    clients.push(live);
    expect(await live.ready).toBe(true);
    const answer = await signOutEverywhere(server, await server.token(agent, { now: now() - 1 }));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ revoked: "all-sessions", identityProvider: "signed-out" });
    expect([fake.sessions(agent.sub), fake.refreshTokens(agent.sub)]).toEqual([0, 0]);
    await expect.poll(() => live.closeReasons).toContain("session-expired");
    expect((await members(server, phone)).status).toBe(401);
  });

  it("when Auth0 does not answer or refuses, the server's revocation stands and the user is told plainly", async () => {
    const fake = await tenant();
    const log: string[] = [];
    const server = await start(fake, log);
    fake.signIn(agent.sub);
    for (const mode of ["stall", { status: 500 }, { status: 403 }] as const) {
      fake.mode(mode);
      // Issued after the previous round's revocation (a second later), so valid until this round's.
      const phone = await server.token(agent);
      const live = connect(server.syncUrl, "org/demo", phone);
      clients.push(live);
      expect(await live.ready).toBe(true);
      const answer = await signOutEverywhere(server, await server.token(agent));
      expect(answer.status, JSON.stringify(mode)).toBe(200);
      expect(answer.json).toMatchObject({
        revoked: "all-sessions",
        identityProvider: "not-reached",
        message: PROVIDER_NOT_REACHED,
      });
      await expect.poll(() => live.closeReasons).toContain("session-expired");
      expect((await members(server, phone)).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the next tokens are issued later
    }
    expect(fake.sessions(agent.sub)).toBe(1);
    // The app's own call keeps the server's sentence for the page the sign-out lands on, once.
    const storage = new MemoryStorage();
    vi.stubGlobal("sessionStorage", storage);
    // The app's own wait for this call (src/lib/auth/server-sign-out.ts): the first time-out it sets.
    const timeouts = vi.spyOn(AbortSignal, "timeout");
    let appWait: number | undefined;
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const revoked = revokeServerSession(await server.token(agent), "everywhere", origin);
      appWait = timeouts.mock.calls[0]?.[0];
      expect(await revoked).toBe(true);
      expect(takeSignOutNotice()).toBe(PROVIDER_NOT_REACHED);
      expect(storage.length).toBe(0); // the next page load does not show it again
    } finally {
      timeouts.mockRestore();
      vi.unstubAllGlobals();
    }
    // A hung tenant: the server stops waiting for Auth0 before the app stops waiting for the server, so
    // the app gets the answer above rather than a time-out (the server's wait, as its log names it).
    const serverWait = Number(/no answer within (\d+) ms/.exec(log.join("\n"))?.[1]);
    expect(serverWait).toBeGreaterThan(0);
    expect(serverWait).toBeLessThan(appWait ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // that call revoked too: later tokens
    expect(log.some((line) => line.includes("could not be reached"))).toBe(true);
    expect(log.join("\n")).not.toContain(fake.clientSecret);
    // Auth0 back: the same call ends the sessions there.
    fake.mode("normal");
    const answer = await signOutEverywhere(server, await server.token(agent));
    expect(answer.json.identityProvider).toBe("signed-out");
    expect(fake.sessions(agent.sub)).toBe(0);
  }, 30_000);
});
