import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configSchema } from "../../../sync-server/config";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { send } from "./helpers";

// docs/hardening.md, ORIGIN1: without PUBLIC_URL the app's origins are http://localhost:PORT and
// http://127.0.0.1:PORT, from configuration and the listening socket, never from the request's Host:
// a request naming evil.example gets no code sent there, no sign-out return there, no issuer there.
// HOST1: outside production the server listens on loopback unless HOST says otherwise. TOKEN1: a
// token issued an hour in the future is refused.

const admin = demoUser("admin@demo.rangeline.test");
const EVIL = "evil.example";

describe("[ORIGIN1] origins come from configuration, never from the Host header", () => {
  let server: TestServer;
  const authorizePath = (redirectUri: string) => {
    const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
    const query = new URLSearchParams({
      client_id: "rangeline-dev",
      redirect_uri: redirectUri,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      login_hint: admin.email,
      state: "s",
    });
    return `/authorize?${query}`;
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("/authorize with Host evil.example refuses to send a code to http://evil.example/cb", async () => {
    const answer = await send(server.port, authorizePath(`http://${EVIL}/cb`), { headers: { host: EVIL } });
    expect({ status: answer.status, location: answer.headers.location }).toEqual({
      status: 400,
      location: undefined,
    });
  });

  it("/authorize on http://127.0.0.1:PORT still sends the code to that origin's callback", async () => {
    const callback = `http://127.0.0.1:${server.port}/auth-callback`;
    const answer = await send(server.port, authorizePath(callback), {
      headers: { host: `127.0.0.1:${server.port}` },
    });
    expect(new URL(String(answer.headers.location)).origin).toBe(`http://127.0.0.1:${server.port}`);
  });

  it("/v2/logout with Host evil.example refuses to return to http://evil.example/", async () => {
    const answer = await send(server.port, `/v2/logout?returnTo=${encodeURIComponent(`http://${EVIL}/`)}`, {
      headers: { host: EVIL },
    });
    expect(answer.status).toBe(400);
  });

  it("/v2/logout with Host evil.example and no returnTo goes back to the configured origin", async () => {
    const answer = await send(server.port, "/v2/logout", { headers: { host: EVIL } });
    expect(answer.headers.location).toBe(`http://localhost:${server.port}/`);
  });

  it("discovery with Host evil.example announces the configured issuer", async () => {
    const answer = await send(server.port, "/.well-known/openid-configuration", { headers: { host: EVIL } });
    expect(JSON.parse(answer.body).issuer).toBe(`http://localhost:${server.port}/`);
  });

  it("the app's CSP with Host evil.example allows no socket on evil.example", async () => {
    const answer = await send(server.port, "/", { headers: { host: `${EVIL}:${server.port}` } });
    expect(String(answer.headers["content-security-policy"])).toContain(
      `connect-src 'self' ws://localhost:${server.port};`,
    );
  });

  it("an invitation link made through Host evil.example points at the configured origin", async () => {
    const answer = await send(server.port, "/api/orgs/demo/invitations", {
      method: "POST",
      headers: {
        host: EVIL,
        authorization: `Bearer ${await server.token(admin)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "someone@example.test", roles: ["agent"] }),
    });
    expect(new URL(JSON.parse(answer.body).developmentLink).origin).toBe(`http://localhost:${server.port}`);
  });

  it("[TOKEN1] an API call with a token issued an hour in the future gets 401", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await server.token(admin, { now: now + 3600, expiresIn: 3600 });
    const answer = await send(server.port, "/api/orgs/demo/members", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
  });
});

describe("[HOST1] the default interface", () => {
  it("outside production the server listens on loopback by default", () => {
    expect(configSchema.parse({ NODE_ENV: "development" }).HOST).toBe("127.0.0.1");
  });

  it("HOST=0.0.0.0 listens on every interface", () => {
    expect(configSchema.parse({ NODE_ENV: "development", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });
});
