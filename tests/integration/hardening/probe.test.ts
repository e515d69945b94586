import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMPORT_BODY_FACTOR } from "../../../shared/book/import/request";
import { FORGED_TOKEN_KINDS, forgeTokens } from "../../../sync-server/identity/testing";
import { PROBLEM_BASE } from "../../../sync-server/partner/problem";
import { type Client, connect, demoUser, startTestServer, type TestServer, watchItem } from "../sync/harness";
import { builtApp, send } from "./helpers";

// docs/hardening.md: an outsider's probe. Path tricks on static files and document names, oversized and
// malformed bodies on every API route (listed from the running app, so routes later issues add are
// probed too), forged and expired tokens, another organisation's ids — each answered with the right
// status and nothing changed; a bystander client keeps syncing throughout.

const agent = demoUser("agent@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const outsider = demoUser("agent@other.rangeline.test");
const MAX_BODY = 4096;
const MARKER = "RANGELINE-PROBE-SECRET-7f3a";

let server: TestServer;
let parent: string;
let staticDir: string;
let outside: string;
let index: string;
let before: string;
let writer: Client;
let reader: Client;
let edits = 0;
const clients: Client[] = [];

/** What the probe must not change: memberships, stored documents, violations, revocations. */
async function snapshot() {
  const storage = server.storage;
  return JSON.stringify({
    demo: await storage.members.listMembers("demo"),
    other: await storage.members.listMembers("other"),
    // The bystander's own watchlist is stored as it edits; every other document must stay as it was.
    documents: (await storage.listDocuments("")).filter((name) => name !== `user/${agent.sub}/watchlist`),
    violations: (await storage.violations.listViolations({ limit: 500 })).length,
    revocations: await storage.sessions.listRevocations(0),
  });
}

/** The bystander edits its watchlist and its second client receives the edit. */
async function bystanderStillSyncs() {
  const id = `w-probe-${++edits}`;
  writer.doc.getMap("items").set(id, watchItem(id));
  await vi.waitFor(() => expect(reader.doc.getMap("items").has(id)).toBe(true), { timeout: 5000 });
}

const PARAMS: Record<string, string> = {
  orgId: "demo",
  userId: encodeURIComponent("auth0|demo-agent2"),
  role: "agent",
  customerId: "c-demo",
  claimId: "cl-1",
  campaignId: "cp-1",
};
// A parameter limited to alternatives (`:action{pause|resume}`) takes its first, so the path is the route's.
const fill = (path: string) =>
  path.replace(
    /:(\w+)(\{([^}]*)\})?\??/g,
    (_, name: string, _braces?: string, pattern?: string) =>
      PARAMS[name] ?? (pattern && /^[\w-]+(\|[\w-]+)*$/.test(pattern) ? pattern.split("|")[0] : "x"),
  );

/** Every API route of the running app, with its parameters filled in. */
function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of server.http.routes) {
    if (!route.path.startsWith("/api/") || route.path.includes("*") || route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path: fill(route.path) });
  }
  return routes;
}
const hasBody = (method: string) => !["GET", "HEAD"].includes(method);

beforeAll(async () => {
  // The build in parent/static, a secret beside it (parent/rangeline-probe-secret.txt) and one elsewhere.
  parent = mkdtempSync(join(tmpdir(), "rangeline-probe-"));
  staticDir = builtApp(parent);
  outside = mkdtempSync(join(tmpdir(), "rangeline-outside-"));
  writeFileSync(join(outside, "secret.txt"), MARKER);
  writeFileSync(join(parent, "rangeline-probe-secret.txt"), MARKER);
  index = readFileSync(join(staticDir, "index.html"), "utf8");
  server = await startTestServer({
    STATIC_DIR: staticDir,
    HTTP_MAX_BODY_BYTES: String(MAX_BODY),
    // The probe is not about rate limits (limits.test.ts is): it may call as often as it likes.
    RATE_LIMIT_API_PER_ADDRESS: "1000000",
    RATE_LIMIT_API_PER_USER: "1000000",
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: "1000000",
    RATE_LIMIT_SOCKETS_PER_ADDRESS: "1000000",
    RATE_LIMIT_SOCKETS_PER_USER: "1000000",
  });
  const name = `user/${agent.sub}/watchlist`;
  const token = await server.token(agent);
  writer = connect(server.syncUrl, name, token);
  reader = connect(server.syncUrl, name, token);
  clients.push(writer, reader);
  expect(await writer.ready).toBe(true);
  expect(await reader.ready).toBe(true);
  await bystanderStillSyncs();
  before = await snapshot();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.stop();
  rmSync(parent, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/**
 * The reason code of a refusal: `{ error }` from the app's API, or the last segment of an RFC 9457
 * problem's `type` from the partner API (`/api/v1`).
 */
function reasonOf(body: string): string | undefined {
  const parsed = JSON.parse(body) as { error?: unknown; type?: unknown };
  if (typeof parsed.error === "string") return parsed.error;
  return typeof parsed.type === "string" && parsed.type.startsWith(PROBLEM_BASE)
    ? parsed.type.slice(PROBLEM_BASE.length)
    : undefined;
}

describe("[PROBE1] an outsider's probe", () => {
  it("lists the API routes it probes (those of every issue, as mounted)", () => {
    const routes = apiRoutes();
    console.log(`API routes probed:\n${routes.map((r) => `  ${r.method} ${r.path}`).join("\n")}`);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        "GET /api/health",
        "GET /api/orgs/demo/members",
        "POST /api/orgs/demo/members",
        "DELETE /api/orgs/demo/members/auth0%7Cdemo-agent2/roles/agent",
        "POST /api/session/sign-out",
        "POST /api/session/sign-out-everywhere",
      ]),
    );
  });

  it("path tricks on static files reach nothing outside the build", async () => {
    const tricks = [
      "/../rangeline-probe-secret.txt",
      "/../../../../etc/passwd",
      "/%2e%2e/rangeline-probe-secret.txt",
      "/%2e%2e%2frangeline-probe-secret.txt",
      "/assets/..%2f..%2frangeline-probe-secret.txt",
      "/assets/%2e%2e/%2e%2e/rangeline-probe-secret.txt",
      "/..%5crangeline-probe-secret.txt",
      "/%252e%252e/rangeline-probe-secret.txt",
      "//etc/passwd",
      `/${encodeURIComponent(outside)}/secret.txt`,
      `/${outside}/secret.txt`,
      "/index.html%00.js",
      "/assets/index-AbC123.js%00",
      "/.%2e/.%2e/rangeline-probe-secret.txt",
      `/assets/${"..%2f".repeat(12)}etc/passwd`,
    ];
    for (const path of tricks) {
      const response = await send(server.port, path);
      expect(response.body, path).not.toContain(MARKER);
      expect(response.body, path).not.toMatch(/root:.*:0:0:/);
      expect([200, 400, 404], `${path} → ${response.status}`).toContain(response.status);
      if (response.status === 200) expect(response.body, path).toBe(index); // the app's page, nothing else
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
    await bystanderStillSyncs();
  });

  // (A NUL in a name is Hocuspocus's session separator — `name\0session` — not a trick: the name
  // before it is the one checked.)
  it("document names that are tricks, or another user's or organisation's, open nothing", async () => {
    const token = await server.token(agent);
    const names: [string, string][] = [
      ["org/demo/../other", "unknown-document"],
      ["org/demo/customer/c-demo/../../../other", "unknown-document"],
      ["org/demo/customer/%2e%2e", "unknown-document"],
      ["org//demo", "unknown-document"],
      ["/org/demo", "unknown-document"],
      [`org/${"d".repeat(5000)}`, "unknown-document"],
      ["user/auth0|demo-customer/watchlist", "forbidden"],
      ["org/other", "forbidden"],
      ["org/other/customer/c-other", "forbidden"],
      ["market/current/../../org/other", "unknown-document"],
    ];
    for (const [name, reason] of names) {
      const client = connect(server.syncUrl, name, token);
      clients.push(client);
      expect(await client.ready, name.slice(0, 60)).toBe(false);
      expect(client.authFailure, name.slice(0, 60)).toBe(reason);
      expect(server.hocuspocus.documents.has(name)).toBe(false);
      client.destroy();
    }
    await bystanderStillSyncs();
  });

  it("oversized bodies on every API route: 413 before the route runs; GET ignores a body", async () => {
    const token = await server.token(admin);
    const bigOf = (size: number) =>
      JSON.stringify({ userId: "auth0|probe", role: "admin", name: "x".repeat(size) });
    for (const { method, path } of apiRoutes()) {
      // The book import takes IMPORT_BODY_FACTOR times the API's limit (a file's sheets).
      const big = bigOf(/\/book-imports$/.test(path) ? MAX_BODY * IMPORT_BODY_FACTOR : MAX_BODY);
      for (const chunked of [false, true]) {
        // Without a declared length the limit bites when a route reads the body; a route that reads
        // none (DELETE, sign-out) would run, so those get the declared length only.
        if (chunked && (method === "DELETE" || path.startsWith("/api/session/"))) continue;
        const response = await send(server.port, path, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: big,
          chunked,
        });
        const label = `${method} ${path}${chunked ? " (chunked)" : ""} → ${response.status}`;
        if (hasBody(method) && (!chunked || method === "POST")) expect(response.status, label).toBe(413);
        expect(response.status, label).toBeLessThan(500);
      }
    }
    expect(await snapshot()).toBe(before);
    await bystanderStillSyncs();
  });

  it("malformed bodies on every API route: a 4xx saying what is wrong, never a 5xx", async () => {
    const token = await server.token(admin);
    const bodies = ["{", "[]", "null", '{"userId":5,"role":["admin"]}', '"\\u0000"', "\u00ff\u00fe", "a=b&c"];
    for (const { method, path } of apiRoutes()) {
      // Sign-out and DELETE take no body: with a valid token they would simply do their work.
      if (!hasBody(method) || method === "DELETE" || path.startsWith("/api/session/")) continue;
      for (const body of bodies) {
        for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
          const response = await send(server.port, path, {
            method,
            headers: { authorization: `Bearer ${token}`, "content-type": type },
            body,
          });
          const label = `${method} ${path} ${type} ${JSON.stringify(body)} → ${response.status}`;
          if (path === "/api/csp-report" && response.status === 204) continue; // a report it cannot read is dropped
          expect(response.status, label).toBeGreaterThanOrEqual(400);
          expect(response.status, label).toBeLessThan(500);
          expect(reasonOf(response.body), label).toEqual(expect.any(String));
        }
      }
    }
    await bystanderStillSyncs();
  });

  it("forged and expired tokens: 401 on every API route that needs a sign-in, refused by the socket", async () => {
    const forged = await forgeTokens(server.keys, admin, { issuer: server.url, audience: "rangeline-api" });
    // Routes refusing a caller without credentials, with the reason they give (a webhook that checks
    // its provider's signature says so, e.g. `signature-missing`, rather than `unauthorized`).
    const needsSignIn: { method: string; path: string; anonymousReason: string | undefined }[] = [];
    for (const route of apiRoutes()) {
      const anonymous = await send(server.port, route.path, { method: route.method });
      if (anonymous.status === 401) needsSignIn.push({ ...route, anonymousReason: reasonOf(anonymous.body) });
    }
    expect(needsSignIn.length).toBeGreaterThanOrEqual(5);
    for (const { method, path, anonymousReason } of needsSignIn) {
      // A forged token gets no further than no token at all.
      const refusals = ["unauthorized", anonymousReason];
      for (const kind of FORGED_TOKEN_KINDS) {
        const response = await send(server.port, path, {
          method,
          headers: { authorization: `Bearer ${forged[kind]}`, "content-type": "application/json" },
          body: hasBody(method) ? JSON.stringify({ userId: "auth0|probe", role: "admin" }) : undefined,
        });
        expect(response.status, `${kind}: ${method} ${path}`).toBe(401);
        expect(refusals, `${kind}: ${method} ${path}`).toContain(reasonOf(response.body));
      }
      for (const header of ["Bearer", "Bearer ", "Basic YWRtaW46YWRtaW4=", `Bearer ${"a".repeat(8000)}`]) {
        const response = await send(server.port, path, { method, headers: { authorization: header } });
        expect(response.status, `${header.slice(0, 12)}: ${method} ${path}`).toBe(401);
      }
    }
    for (const kind of FORGED_TOKEN_KINDS) {
      const client = connect(server.syncUrl, "org/demo", forged[kind]);
      clients.push(client);
      expect(await client.ready, kind).toBe(false);
      expect(client.authFailure, kind).toBe("unauthorized");
      client.destroy();
    }
    expect(await snapshot()).toBe(before);
    await bystanderStillSyncs();
  });

  it("another organisation's ids: 403 on its routes, whatever the token claims", async () => {
    const ours = await server.token(admin);
    const theirs = await server.token(outsider);
    const escalated = await server.token({ ...outsider, roles: ["admin", "superAdmin"], orgId: "demo" });
    const orgRoutes = apiRoutes().filter((r) => r.path.startsWith("/api/orgs/demo"));
    expect(orgRoutes.length).toBeGreaterThanOrEqual(3);
    for (const token of [theirs, escalated]) {
      for (const { method, path } of orgRoutes) {
        const response = await send(server.port, path, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: hasBody(method) ? JSON.stringify({ userId: "auth0|probe", role: "admin" }) : undefined,
        });
        const label = `${method} ${path} → ${response.status}`;
        expect([400, 403, 404], label).toContain(response.status);
        // A 400 is fair only when the request is wrong whoever sends it (the probe's stand-in ids):
        // the organisation's own admin gets it too, so it tells the outsider nothing.
        if (response.status === 400) {
          const own = await send(server.port, path, {
            method,
            headers: { authorization: `Bearer ${ours}`, "content-type": "application/json" },
            body: hasBody(method) ? JSON.stringify({ userId: "auth0|probe", role: "admin" }) : undefined,
          });
          expect(own.status, `${label}; the org's admin: ${own.status}`).toBe(400);
        }
      }
    }
    expect(await snapshot()).toBe(before);
    await bystanderStillSyncs();
  });
});
