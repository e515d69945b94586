import { rmSync } from "node:fs";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../../sync-server/web/headers";
import { startTestServer, type TestServer } from "../sync/harness";
import { builtApp, type RawResponse, SECURITY_HEADERS, send, upgrade } from "./helpers";

// docs/hardening.md: every kind of response carries the security headers — page, asset, API, identity
// provider, socket upgrade — with cache headers that never let the page or the service worker go
// stale. The test prints the headers of each route kind, then checks them.

describe("[HARD1] security headers on every route kind", () => {
  let server: TestServer;
  let staticDir: string;
  const seen = new Map<string, RawResponse>();

  beforeAll(async () => {
    staticDir = builtApp();
    server = await startTestServer({ STATIC_DIR: staticDir });
    const port = server.port;
    const origin = `http://127.0.0.1:${port}`;
    const authorize = new URLSearchParams({
      client_id: "rangeline-dev",
      redirect_uri: `${origin}/auth-callback`,
      response_type: "code",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    });
    const requests: [string, () => Promise<RawResponse>][] = [
      ["page /", () => send(port, "/")],
      ["page (app route) /insurance/lrp-quote", () => send(port, "/insurance/lrp-quote")],
      ["asset /assets/index-AbC123.js", () => send(port, "/assets/index-AbC123.js")],
      ["missing asset /assets/gone.js", () => send(port, "/assets/gone.js")],
      ["service worker /sw.js", () => send(port, "/sw.js")],
      ["manifest /manifest.webmanifest", () => send(port, "/manifest.webmanifest")],
      ["icon /icons/mark.svg", () => send(port, "/icons/mark.svg")],
      ["API /api/health", () => send(port, "/api/health")],
      ["API unknown /api/nope", () => send(port, "/api/nope")],
      [
        "API refused /api/orgs/demo/members",
        () => send(port, "/api/orgs/demo/members", { headers: { authorization: "Bearer nope" } }),
      ],
      ["identity /.well-known/jwks.json", () => send(port, "/.well-known/jwks.json")],
      ["identity /.well-known/openid-configuration", () => send(port, "/.well-known/openid-configuration")],
      ["identity sign-in page /authorize", () => send(port, `/authorize?${authorize}`)],
      [
        "identity hidden frame /authorize (web_message)",
        () => send(port, `/authorize?${authorize}&response_mode=web_message&prompt=none`),
      ],
      [
        "identity /oauth/token",
        () =>
          send(port, "/oauth/token", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          }),
      ],
      ["identity /v2/logout", () => send(port, "/v2/logout")],
      ["socket upgrade /sync", () => upgrade(port, "/sync")],
      ["socket upgrade elsewhere /nope", () => upgrade(port, "/nope")],
    ];
    for (const [label, request] of requests) seen.set(label, await request());
    const lines = [...seen].map(
      ([label, response]) =>
        `${label} → ${response.status}\n${SECURITY_HEADERS.map((h) => `    ${h}: ${response.headers[h] ?? "—"}`).join("\n")}`,
    );
    console.log(`Headers by route kind:\n${lines.join("\n")}`);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (label: string) => {
    const response = seen.get(label);
    if (!response) throw new Error(`no response for ${label}`);
    return response;
  };

  it("answers each route as expected (the listing covers real responses)", () => {
    expect(get("page /").status).toBe(200);
    expect(get("asset /assets/index-AbC123.js").status).toBe(200);
    expect(get("missing asset /assets/gone.js").status).toBe(404);
    expect(get("API /api/health").status).toBe(200);
    expect(get("API refused /api/orgs/demo/members").status).toBe(401);
    expect(get("identity sign-in page /authorize").status).toBe(200);
    expect(get("identity hidden frame /authorize (web_message)").status).toBe(200);
    expect(get("identity /oauth/token").status).toBe(400);
    expect(get("identity /v2/logout").status).toBe(302);
    expect(get("socket upgrade /sync").status).toBe(101);
    expect(get("socket upgrade elsewhere /nope").status).toBe(404);
  });

  it("every HTTP response has nosniff, a referrer policy, a permissions policy, COOP, CORP and a CSP with frame-ancestors", () => {
    for (const [label, response] of seen) {
      if (label.startsWith("socket upgrade")) continue;
      expect(response.headers["x-content-type-options"], label).toBe("nosniff");
      expect(response.headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"], label).toContain("camera=()");
      expect(response.headers["permissions-policy"], label).toContain("geolocation=()");
      expect(response.headers["cross-origin-opener-policy"], label).toBe("same-origin-allow-popups");
      expect(response.headers["cross-origin-resource-policy"], label).toBe("same-origin");
      expect(response.headers["content-security-policy"], label).toMatch(/frame-ancestors /);
      expect(response.headers["content-security-policy"], label).toMatch(/base-uri /);
      expect(response.headers["content-security-policy-report-only"], label).toBeUndefined();
      expect(response.headers["strict-transport-security"], label).toBeUndefined(); // not production
    }
  });

  it("the app's policy: scripts, workers and styles from 'self', the sync socket, no objects, no framing", () => {
    const policy = get("page /").headers["content-security-policy"] as string;
    const port = server.port;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("report-uri /api/csp-report");
    expect(get("page /").headers["x-frame-options"]).toBe("DENY");
  });

  it("the identity provider's pages keep their own policy; only the hidden frame may be framed, by the app", () => {
    const signIn = get("identity sign-in page /authorize").headers;
    expect(signIn["content-security-policy"]).toContain("default-src 'none'");
    expect(signIn["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(signIn["x-frame-options"]).toBe("DENY");
    const frame = get("identity hidden frame /authorize (web_message)").headers;
    expect(frame["content-security-policy"]).toContain(`frame-ancestors http://127.0.0.1:${server.port}`);
    expect(frame["content-security-policy"]).not.toContain("frame-ancestors 'none'");
    expect(frame["x-frame-options"]).toBeUndefined();
  });

  it("cache headers: hashed assets for a year, the page, service worker and manifest always revalidated, the API never stored", () => {
    expect(get("asset /assets/index-AbC123.js").headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(get("missing asset /assets/gone.js").headers["cache-control"]).toBe("no-cache");
    for (const label of [
      "page /",
      "page (app route) /insurance/lrp-quote",
      "service worker /sw.js",
      "manifest /manifest.webmanifest",
      "icon /icons/mark.svg",
    ]) {
      expect(get(label).headers["cache-control"], label).toBe("no-cache");
    }
    for (const label of ["API /api/health", "API unknown /api/nope", "API refused /api/orgs/demo/members"]) {
      expect(get(label).headers["cache-control"], label).toBe("no-store");
    }
    expect(get("identity /oauth/token").headers["cache-control"]).toBe("no-store");
  });

  it("socket upgrades, accepted or refused, carry nosniff and no-store", () => {
    for (const label of ["socket upgrade /sync", "socket upgrade elsewhere /nope"]) {
      expect(get(label).headers["x-content-type-options"], label).toBe("nosniff");
      expect(get(label).headers["cache-control"], label).toBe("no-store");
    }
  });
});

describe("[HARD1] production headers", () => {
  it("HSTS in production, and the Auth0 tenant in connect-src, frame-src and form-action", async () => {
    const app = new Hono();
    app.use(
      "*",
      securityHeaders({
        production: true,
        auth0Domain: "rangeline.us.auth0.com",
        publicUrl: "https://portal.rangeline.app/",
      }),
    );
    app.get("/", (c) => c.html("<!doctype html>"));
    const response = await app.request("https://portal.rangeline.app/");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const policy = response.headers.get("content-security-policy") as string;
    expect(policy).toContain("connect-src 'self' wss://portal.rangeline.app https://rangeline.us.auth0.com");
    expect(policy).toContain("frame-src 'self' https://rangeline.us.auth0.com");
    expect(policy).toContain("form-action 'self' https://rangeline.us.auth0.com");
  });
});
