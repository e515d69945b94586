import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configSchema } from "../../config";
import { DEMO_USERS } from "../demo-users";
import { mountIdentity } from "../index";
import { loadOrCreateSigningKeys, type SigningKeys } from "../keys";
import { createAccessTokenVerifier } from "../verify";
import { createEmbeddedProvider } from "./provider";

const ORIGIN = "http://localhost:8181";
const ISSUER = `${ORIGIN}/`;
const CALLBACK = `${ORIGIN}/auth-callback`;

let dataDir: string;
let keys: SigningKeys;
let clock = 1_800_000_000;
let app: Hono;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rangeline-idp-"));
  keys = await loadOrCreateSigningKeys(dataDir);
  app = createEmbeddedProvider({ environment: "test", keys, now: () => clock });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

function authorizeUrl(params: Record<string, string | undefined>) {
  const url = new URL(`${ORIGIN}/authorize`);
  const defaults = {
    client_id: "rangeline-dev",
    redirect_uri: CALLBACK,
    response_type: "code",
    response_mode: "query",
    scope: "openid profile email",
    audience: "rangeline-api",
    state: "state-123",
    nonce: "nonce-456",
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries({ ...defaults, ...params })) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

const sessionCookie = (response: Response) => {
  const header = response.headers.get("set-cookie") ?? "";
  const match = /rangeline_idp_session=([^;]*)/.exec(header);
  return match ? `rangeline_idp_session=${match[1]}` : undefined;
};

async function signIn(email: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const response = await app.request(
    authorizeUrl({ code_challenge: challenge, login_hint: email, ...extra }),
  );
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "");
  return { response, location, verifier, cookie: sessionCookie(response) };
}

const exchange = (body: Record<string, string>, json = false) =>
  app.request(`${ORIGIN}/oauth/token`, {
    method: "POST",
    headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
    body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });

describe("embedded identity provider", () => {
  it("signs a demo user in by login_hint and round-trips state; the code buys RS256 tokens that pass the §5 checks", async () => {
    const agent = DEMO_USERS.find((u) => u.email === "agent@demo.rangeline.test");
    const { location, verifier, cookie } = await signIn("agent@demo.rangeline.test");
    expect(location.origin + location.pathname).toBe(CALLBACK);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(cookie).toBeDefined();
    const code = location.searchParams.get("code") ?? "";

    const response = await exchange({
      grant_type: "authorization_code",
      client_id: "rangeline-dev",
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const tokens = await response.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid profile email" });

    const jwks = await (await app.request(`${ORIGIN}/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: keys.kid });
    expect(jwks.keys[0].d).toBeUndefined();

    expect(decodeProtectedHeader(tokens.id_token)).toMatchObject({ alg: "RS256", kid: keys.kid });
    const { payload: id } = await jwtVerify(tokens.id_token, createLocalJWKSet(jwks), {
      issuer: ISSUER,
      audience: "rangeline-dev",
      algorithms: ["RS256"],
      currentDate: new Date(clock * 1000),
    });
    expect(id).toMatchObject({
      sub: agent?.sub,
      email: "agent@demo.rangeline.test",
      name: agent?.name,
      nonce: "nonce-456",
      auth_time: clock,
      iat: clock,
      "https://rangeline.app/roles": ["agent"],
      "https://rangeline.app/org_id": "demo",
    });

    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: "rangeline-api",
      keySet: jwks,
      now: () => clock,
    });
    await expect(verify(tokens.access_token)).resolves.toEqual({
      sub: agent?.sub,
      email: "agent@demo.rangeline.test",
      roles: ["agent"],
      orgId: "demo",
      customerId: null,
      expiresAt: clock + 3600,
    });
    const { payload: access } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      currentDate: new Date(clock * 1000),
    });
    expect(access.aud).toEqual(["rangeline-api", `${ISSUER}userinfo`]);
    expect(access.azp).toBe("rangeline-dev");
  });

  it("accepts a JSON token request as well as a form", async () => {
    const { location, verifier } = await signIn("customer@demo.rangeline.test");
    const response = await exchange(
      {
        grant_type: "authorization_code",
        client_id: "rangeline-dev",
        code: location.searchParams.get("code") ?? "",
        code_verifier: verifier,
        redirect_uri: CALLBACK,
      },
      true,
    );
    expect(response.status).toBe(200);
    const tokens = await response.json();
    const { payload } = await jwtVerify(tokens.id_token, keys.publicKey, {
      currentDate: new Date(clock * 1000),
    });
    expect(payload["https://rangeline.app/customer_id"]).toBe("c-demo");
  });

  it("refuses a code_verifier that does not match the challenge (PKCE), and the code is then spent", async () => {
    const { location, verifier } = await signIn("admin@demo.rangeline.test");
    const code = location.searchParams.get("code") ?? "";
    const wrong = await exchange({
      grant_type: "authorization_code",
      client_id: "rangeline-dev",
      code,
      code_verifier: pkce().verifier,
      redirect_uri: CALLBACK,
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      error: "invalid_grant",
      error_description: "Failed to verify code verifier",
    });
    const retry = await exchange({
      grant_type: "authorization_code",
      client_id: "rangeline-dev",
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
    });
    expect(retry.status).toBe(403);
    expect((await retry.json()).error).toBe("invalid_grant");
  });

  it("refuses a second use of a code, a different redirect_uri, an expired code and other grant types", async () => {
    const first = await signIn("admin@demo.rangeline.test");
    const body = {
      grant_type: "authorization_code",
      client_id: "rangeline-dev",
      code: first.location.searchParams.get("code") ?? "",
      code_verifier: first.verifier,
      redirect_uri: CALLBACK,
    };
    expect((await exchange(body)).status).toBe(200);
    expect((await exchange(body)).status).toBe(403);

    const second = await signIn("admin@demo.rangeline.test");
    const mismatch = await exchange({
      ...body,
      code: second.location.searchParams.get("code") ?? "",
      code_verifier: second.verifier,
      redirect_uri: `${ORIGIN}/elsewhere`,
    });
    expect(mismatch.status).toBe(403);

    const third = await signIn("admin@demo.rangeline.test");
    clock += 61;
    const late = await exchange({
      ...body,
      code: third.location.searchParams.get("code") ?? "",
      code_verifier: third.verifier,
    });
    expect(late.status).toBe(403);

    const refresh = await exchange({ grant_type: "refresh_token", client_id: "rangeline-dev" });
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe("unsupported_grant_type");
    const client = await exchange({ ...body, client_id: "someone-else" });
    expect(client.status).toBe(401);
  });

  it("requires PKCE with S256 and reports it to the redirect URI with the state", async () => {
    for (const params of [{}, { code_challenge: "abc", code_challenge_method: "plain" }]) {
      const response = await app.request(
        authorizeUrl({ login_hint: "agent@demo.rangeline.test", ...params }),
      );
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "");
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("state")).toBe("state-123");
      expect(location.searchParams.get("code")).toBeNull();
    }
  });

  it("never redirects to a callback off the app's origin, nor serves an unknown client", async () => {
    for (const redirect of [
      "https://evil.example/auth-callback",
      "http://localhost:9999/auth-callback",
      "javascript:alert(1)",
    ]) {
      const response = await app.request(
        authorizeUrl({
          code_challenge: pkce().challenge,
          redirect_uri: redirect,
          login_hint: "agent@demo.rangeline.test",
        }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("Callback URL mismatch");
    }
    const unknown = await app.request(
      authorizeUrl({ code_challenge: pkce().challenge, client_id: "other-app" }),
    );
    expect(unknown.status).toBe(400);
  });

  it("refuses an audience it does not serve", async () => {
    const response = await app.request(
      authorizeUrl({ code_challenge: pkce().challenge, audience: "https://elsewhere/api" }),
    );
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("access_denied");
  });

  it("shows the demo users when nobody is signed in, repeating the request's parameters", async () => {
    const response = await app.request(authorizeUrl({ code_challenge: "challenge-xyz" }));
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const user of DEMO_USERS) expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain('name="code_challenge" value="challenge-xyz"');
    expect(html).toContain('name="login_hint"');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const unknown = await app.request(authorizeUrl({ code_challenge: "c", login_hint: "nobody@x.test" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("No demo user has the e-mail nobody@x.test.");
  });

  it("answers prompt=none by web_message: login_required without a session, a code with one", async () => {
    const silent = (cookie?: string) =>
      app.request(
        authorizeUrl({
          code_challenge: pkce().challenge,
          response_mode: "web_message",
          prompt: "none",
          state: "s-silent",
        }),
        { headers: cookie ? { cookie } : {} },
      );
    const anonymous = await silent();
    expect(anonymous.status).toBe(200);
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).toContain('"type":"authorization_response"');
    expect(anonymousHtml).toContain('"error":"login_required"');
    expect(anonymousHtml).toContain('"state":"s-silent"');
    expect(anonymousHtml).toContain(JSON.stringify(ORIGIN));

    const { cookie } = await signIn("partner@demo.rangeline.test");
    const signedIn = await silent(cookie);
    const html = await signedIn.text();
    expect(html).toMatch(/"code":"[A-Za-z0-9_-]+"/);
    const csp = signedIn.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`);

    const queryMode = await app.request(authorizeUrl({ code_challenge: pkce().challenge, prompt: "none" }));
    expect(new URL(queryMode.headers.get("location") ?? "").searchParams.get("error")).toBe("login_required");
  });

  it("honours max_age: an older sign-in needs a new one", async () => {
    const { cookie } = await signIn("agent2@demo.rangeline.test");
    clock += 600;
    const response = await app.request(
      authorizeUrl({ code_challenge: pkce().challenge, prompt: "none", max_age: "300" }),
      { headers: cookie ? { cookie } : {} },
    );
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("login_required");
  });

  it("signs out at /v2/logout: clears the session, returns only to the app's origin", async () => {
    const { cookie } = await signIn("agent@other.rangeline.test");
    const refused = await app.request(
      `${ORIGIN}/v2/logout?client_id=rangeline-dev&returnTo=${encodeURIComponent("https://evil.example/")}`,
      {
        headers: cookie ? { cookie } : {},
      },
    );
    expect(refused.status).toBe(400);

    const response = await app.request(
      `${ORIGIN}/v2/logout?client_id=rangeline-dev&returnTo=${encodeURIComponent(`${ORIGIN}/`)}`,
      {
        headers: cookie ? { cookie } : {},
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/`);
    expect(response.headers.get("set-cookie")).toMatch(/rangeline_idp_session=;.*Max-Age=0/);

    // The old cookie no longer signs anyone in silently.
    const silent = await app.request(authorizeUrl({ code_challenge: pkce().challenge, prompt: "none" }), {
      headers: cookie ? { cookie } : {},
    });
    expect(new URL(silent.headers.get("location") ?? "").searchParams.get("error")).toBe("login_required");

    const defaultReturn = await app.request(`${ORIGIN}/v2/logout?client_id=rangeline-dev`);
    expect(defaultReturn.headers.get("location")).toBe(`${ORIGIN}/`);
  });

  it("publishes an OpenID configuration naming its endpoints", async () => {
    const config = await (await app.request(`${ORIGIN}/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}authorize`,
      token_endpoint: `${ISSUER}oauth/token`,
      jwks_uri: `${ISSUER}.well-known/jwks.json`,
      code_challenge_methods_supported: ["S256"],
    });
  });

  it("refuses to run in production", async () => {
    expect(() => createEmbeddedProvider({ environment: "production", keys })).toThrow(
      /must not run in production/,
    );
    const production = new Hono();
    mountIdentity(
      production,
      configSchema.parse({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        AUTH0_DOMAIN: "rangeline.us.auth0.com",
        DATABASE_URL: "postgres://127.0.0.1/test",
        PUBLIC_URL: "https://portal.rangeline.example",
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      }),
    );
    expect((await production.request(authorizeUrl({ code_challenge: "c" }))).status).toBe(404);
    expect((await production.request(`${ORIGIN}/.well-known/jwks.json`)).status).toBe(404);
    const development = new Hono();
    mountIdentity(
      development,
      configSchema.parse({ NODE_ENV: "development", PORT: "8181", DATA_DIR: dataDir }),
    );
    const jwks = await (await development.request(`${ORIGIN}/.well-known/jwks.json`)).json();
    expect(jwks.keys[0].kid).toBe(keys.kid);
  });

  it("as mounted on the server: ID tokens are issued by the page's origin, access tokens by the public URL", async () => {
    const server = new Hono();
    mountIdentity(server, configSchema.parse({ NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir }));
    const origin = "http://127.0.0.1:43123";
    const { verifier, challenge } = pkce();
    const authorize = await server.request(
      authorizeUrl({
        code_challenge: challenge,
        login_hint: "agent@demo.rangeline.test",
        redirect_uri: `${origin}/auth-callback`,
      }).replace(ORIGIN, origin),
    );
    const code = new URL(authorize.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const response = await server.request(`${origin}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: "rangeline-dev",
        code,
        code_verifier: verifier,
        redirect_uri: `${origin}/auth-callback`,
      }).toString(),
    });
    const tokens = await response.json();
    const { payload: id } = await jwtVerify(tokens.id_token, keys.publicKey);
    expect(id.iss).toBe(`${origin}/`);
    const verify = createAccessTokenVerifier({
      issuer: "http://localhost:43123/",
      audience: "rangeline-api",
      keySet: { keys: [keys.publicJwk] },
    });
    await expect(verify(tokens.access_token)).resolves.toMatchObject({ roles: ["agent"], orgId: "demo" });
  });
});
