import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentedTable, routeLimitsTable } from "../../../scripts/route-limits";
import { bodyBytes, ROUTE_LIMITS, type RouteLimits } from "../../../sync-server/routes/limits";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { builtApp, type RawResponse, send } from "./helpers";

// [BOUND1] (docs/limits.md): every route the running app has mounted is declared in the route table
// (sync-server/routes/limits.ts) with its limits, and every one of them, sent malformed, oversized,
// foreign-organisation and repeated input by an anonymous caller, an unprivileged member, an agent and
// another organisation's agent, answers a 4xx with a sentence — never a 5xx — while the server's event
// loop (this process's: the server runs in it) is never blocked for more than 100 ms.
//
// "Blocked" is measured as the event loop's own CPU time between two ticks of a 5 ms timer: on a
// shared two-core machine a late tick alone says as often that the process was not scheduled as that
// it was busy (other test files, other builds), and only the CPU the loop spent says which.

const MAX_BODY = 4096;
const MAX_LOOP_DELAY_MS = 100;
const users = {
  customer: demoUser("customer@demo.rangeline.test"),
  agent: demoUser("agent@demo.rangeline.test"),
  outsider: demoUser("agent@other.rangeline.test"),
  admin: demoUser("admin@demo.rangeline.test"),
  superAdmin: demoUser("superadmin@demo.rangeline.test"),
  partner: demoUser("partner@demo.rangeline.test"),
};
type Caller = keyof typeof users | null;

/** The routes outside the table: the static app's catch-alls and the /api one (a 404 with a sentence). */
const CATCH_ALLS = new Set(["ALL /*", "ALL /api/*", "ALL /sw.js", "GET /*", "GET *"]);

/** A request's path with its parameters filled in: valid-looking ids of `demo`, or `hostile` for each. */
const PARAMS: Record<string, string> = {
  orgId: "demo",
  userId: encodeURIComponent("auth0|demo-agent2"),
  role: "agent",
  customerId: "c-demo",
  claimId: "cl-1",
  campaignId: "cp-1",
  importId: "imp-1",
  kind: "fullLogo",
  name: "fmhApiKey",
  version: "0123456789abcdef",
  asOf: "2026-01-05",
  action: "pause",
};
const fill = (path: string, hostile?: string) =>
  path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => hostile ?? PARAMS[name] ?? "x");

const HOSTILE_PARAMS = ["%2e%2e", "x".repeat(300), "%00", "%ZZ", "%F0%9F"];
const HOSTILE_QUERY =
  "?limit=-1&from=nope&to=%ZZ&part=%00&document=..%2F..%2Forg%2Fother&at=yesterday&cursor=%ff&token=%00&section=x";
const MALFORMED_BODIES = [
  "{",
  "[]",
  "null",
  '"\\u0000"',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  JSON.stringify({ name: 5, orgId: ["other"], limit: -1, endpoint: "javascript:x", sheets: "x" }),
];

let server: TestServer;
const tokens: Record<string, string> = {};
const sessionTokens: Record<string, string> = {};
/** The route whose calls run now (everyRoute runs one route's calls at a time). */
let current: RouteLimits | undefined;

/** The longest run of work on this thread between two ticks of a 5 ms timer, in ms, since the last read. */
function loopStalls() {
  const cpu = () => {
    const used = process.threadCpuUsage?.() ?? process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  let longest = 0;
  let lastAt = performance.now();
  let lastCpu = cpu();
  const timer = setInterval(() => {
    const at = performance.now();
    const spent = cpu();
    // A tick late by L ms after C ms of this thread's CPU: the loop was held by work for min(L, C).
    longest = Math.max(longest, Math.min(at - lastAt - 5, spent - lastCpu));
    lastAt = at;
    lastCpu = spent;
  }, 5);
  return {
    read() {
      const value = longest;
      longest = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}
let loop: ReturnType<typeof loopStalls>;

beforeAll(async () => {
  server = await startTestServer({
    STATIC_DIR: builtApp(),
    HTTP_MAX_BODY_BYTES: String(MAX_BODY),
    // Not about rate limits (limits.test.ts is): every call must reach its route.
    RATE_LIMIT_API_PER_ADDRESS: "1000000",
    RATE_LIMIT_API_PER_USER: "1000000",
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: "1000000",
    RATE_LIMIT_SIGN_IN_PER_USER: "1000000",
  });
  for (const [name, user] of Object.entries(users)) {
    tokens[name] = await server.token(user);
    // The sign-out routes get tokens of subjects of their own: signing out the demo users would leave
    // every later call refused at the sign-in.
    sessionTokens[name] = await server.token({ ...user, sub: `${user.sub}-bound-session` });
  }
  loop = loopStalls();
});

afterAll(async () => {
  loop?.stop();
  await server?.stop();
});

/** Every route of the running app (deduplicated), but the catch-alls. */
function mountedRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of server.http.routes) {
    const key = `${route.method} ${route.path}`;
    if (!CATCH_ALLS.has(key)) keys.add(key);
  }
  return [...keys];
}

/** The sentence a refusal says: a JSON `message` (RFC 9457: `detail`), a page's text, or the plain text. */
function sentenceOf(response: RawResponse): string {
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("json")) {
    const body = JSON.parse(response.body) as {
      message?: unknown;
      detail?: unknown;
      error_description?: unknown;
    };
    const said = body.message ?? body.detail ?? body.error_description;
    return typeof said === "string" ? said : "";
  }
  if (type.includes("html"))
    return response.body
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return response.body.trim();
}

/** What is wrong with an answer: a 5xx, or a 4xx without a sentence (letters, at least 3 words); else null. */
function unbounded(response: RawResponse): string | null {
  if (response.status >= 500) return `${response.status} ${response.body.slice(0, 160)}`;
  if (response.status < 400) return null;
  const sentence = sentenceOf(response);
  const words = sentence.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
  return words >= 3 ? null : `${response.status} without a sentence: ${response.body.slice(0, 160)}`;
}

function headersOf(user: Caller, type = "application/json"): Record<string, string> {
  return {
    "content-type": type,
    ...(user
      ? {
          authorization: `Bearer ${(current?.path.startsWith("/api/session/") ? sessionTokens : tokens)[user]}`,
        }
      : {}),
  };
}

/** Runs `tasks` with at most `width` at once. */
async function pool(tasks: (() => Promise<void>)[], width = 8) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await (tasks[next++] as () => Promise<void>)();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** The event loop's longest stall since the last check (ms). */
const loopDelayMs = () => loop.read();

/**
 * Runs each route's calls (at most `width` at once), one route after another, and fails with every
 * call `check` found wrong and every route during whose calls the event loop was blocked for
 * MAX_LOOP_DELAY_MS or more.
 */
async function everyRoute(
  width: number,
  callsOf: (route: RouteLimits, problem: (what: string) => void) => (() => Promise<void>)[],
) {
  const problems: string[] = [];
  const slow: string[] = [];
  let longest = { ms: 0, route: "" };
  for (const route of ROUTE_LIMITS) {
    current = route;
    const calls = callsOf(route, (what) => problems.push(`${route.method} ${route.path}: ${what}`));
    if (calls.length === 0) continue;
    loopDelayMs();
    await pool(calls, width);
    const delay = loopDelayMs();
    if (delay >= MAX_LOOP_DELAY_MS) slow.push(`${route.method} ${route.path}: ${delay.toFixed(0)} ms`);
    if (delay > longest.ms) longest = { ms: delay, route: `${route.method} ${route.path}` };
  }
  console.log(`longest event-loop stall: ${longest.ms.toFixed(1)} ms (${longest.route})`);
  expect(problems).toEqual([]);
  expect(slow, `the event loop was blocked for ${MAX_LOOP_DELAY_MS} ms or more`).toEqual([]);
}

const CALLERS: Caller[] = [null, "customer", "agent", "outsider"];

/** A caller the route lets in (for a 400 the organisation's own member gets too, which tells nobody anything). */
function allowed(route: RouteLimits): Caller {
  const { access } = route;
  if (access.who === "superAdmin") return "superAdmin";
  if (access.who !== "org") return "agent";
  return (
    (["admin", "agent", "customer", "partner"] as const).find((u) =>
      access.roles.includes(users[u].roles[0] as never),
    ) ?? "superAdmin"
  );
}
const hasBody = (route: RouteLimits) => route.method !== "GET";

describe("[BOUND1] every route is declared with its limits and bounded", () => {
  it("every mounted route has a row in the route table, and every row a mounted route", () => {
    const declared = ROUTE_LIMITS.map((r) => `${r.method} ${r.path}`);
    expect(new Set(declared).size, "a route declared twice").toBe(declared.length);
    const mounted = mountedRoutes();
    expect(
      mounted.filter((key) => !declared.includes(key)),
      "routes without limits: add them to sync-server/routes/limits.ts and docs/limits.md",
    ).toEqual([]);
    expect(
      declared.filter((key) => !mounted.includes(key)),
      "rows of routes no longer mounted",
    ).toEqual([]);
    const doc = readFileSync(new URL("../../../docs/limits.md", import.meta.url), "utf8");
    expect(documentedTable(doc), "docs/limits.md: run npx tsx scripts/route-limits.ts").toBe(
      routeLimitsTable(),
    );
    for (const route of ROUTE_LIMITS) {
      expect(route.method === "GET" ? route.body : "reads one", `${route.method} ${route.path}`).not.toBe(
        route.method === "GET" ? "api" : "none",
      );
      expect(route.rows, `${route.method} ${route.path}: rows`).not.toBe("");
    }
  });

  it("oversized bodies: 413 with a sentence past the declared limit, before the route runs; at it, the route runs", async () => {
    await everyRoute(2, (route, problem) => {
      if (!hasBody(route)) return [];
      const limit = bodyBytes(route.body, { HTTP_MAX_BODY_BYTES: MAX_BODY }) ?? MAX_BODY;
      const type = route.body === "attachment" ? "application/octet-stream" : "application/json";
      return (["agent", "outsider"] as const).map((user) => async () => {
        const response = await send(server.port, fill(route.path), {
          method: route.method,
          headers: headersOf(user, type),
          body: Buffer.alloc(limit + 1, 0x20),
        });
        const label = `as ${user}, ${limit + 1} bytes`;
        if (response.status !== 413) problem(`${label} → ${response.status}, not 413`);
        const wrong = unbounded(response);
        if (wrong) problem(`${label} → ${wrong}`);
        // At the limit the body reaches the route: the declared limit is the one enforced. (A file of
        // ATTACHMENT_MAX_BYTES + 1 reaches it too, and the route says it is too large.)
        if (route.body === "attachment") return;
        const atLimit = await send(server.port, fill(route.path), {
          method: route.method,
          headers: headersOf(user, type),
          body: Buffer.alloc(limit, 0x20),
        });
        if (atLimit.status === 413) problem(`as ${user}, ${limit} bytes → 413 under the declared limit`);
      });
    });
  });

  it("malformed bodies, paths and queries from every kind of caller: a 4xx with a sentence, never a 5xx", async () => {
    await everyRoute(8, (route, problem) => {
      const calls: (() => Promise<void>)[] = [];
      const call = (label: string, path: string, options: Parameters<typeof send>[2]) =>
        calls.push(async () => {
          const wrong = unbounded(await send(server.port, path, { method: route.method, ...options }));
          if (wrong) problem(`${label} → ${wrong}`);
        });
      const body = hasBody(route) ? "{}" : undefined;
      // The route's own caller gets past its access check, so the bodies reach its handler; the others
      // are refused before it, and one broken body each shows it.
      const own = allowed(route);
      for (const user of new Set<Caller>([...CALLERS, own])) {
        const as = `as ${user ?? "anonymous"}`;
        const path = `${fill(route.path)}${HOSTILE_QUERY}`;
        call(`${path} ${as}`, path, { headers: headersOf(user), body });
        if (user === "customer" || user === "outsider") continue;
        for (const hostile of route.path.includes(":") ? HOSTILE_PARAMS : []) {
          const path = fill(route.path, hostile);
          call(`${path.slice(0, 80)} ${as}`, path, { headers: headersOf(user), body });
        }
      }
      if (!hasBody(route)) return calls;
      for (const user of new Set<Caller>([...CALLERS, own])) {
        const as = `as ${user ?? "anonymous"}`;
        const bodies = user === own || user === "outsider" ? MALFORMED_BODIES : MALFORMED_BODIES.slice(0, 1);
        for (const malformed of bodies) {
          call(`${as} ${malformed.slice(0, 30)}`, fill(route.path), {
            headers: headersOf(user),
            body: malformed,
          });
        }
        call(`${as} text/plain`, fill(route.path), { headers: headersOf(user, "text/plain"), body: "{" });
      }
      return calls;
    });
  });

  it("foreign-organisation and unprivileged callers are refused where the table says so", async () => {
    const refused = (route: RouteLimits, user: Caller) => {
      const { access } = route;
      if (access.who === "anyone" || access.who === "link") return false;
      if (user === null) return true;
      if (access.who === "superAdmin" || access.who === "api-key" || access.who === "provider") return true;
      if (access.who !== "org") return false;
      return user === "outsider" || !access.roles.some((role) => users[user].roles.includes(role));
    };
    await everyRoute(4, (route, problem) =>
      CALLERS.filter((user) => refused(route, user)).map((user) => async () => {
        const call = (as: Caller) =>
          send(server.port, fill(route.path), {
            method: route.method,
            headers: headersOf(as),
            body: hasBody(route)
              ? JSON.stringify({ userId: "auth0|probe", role: "admin", name: "x" })
              : undefined,
          });
        const response = await call(user);
        const label = `as ${user ?? "anonymous"} (${route.access.who})`;
        const sameForOwn = response.status === 400 && (await call(allowed(route))).status === 400;
        if (![401, 403, 404].includes(response.status) && !sameForOwn)
          problem(`${label} → ${response.status}, not refused: ${response.body.slice(0, 160)}`);
        const wrong = unbounded(response);
        if (wrong) problem(`${label} → ${wrong}`);
      }),
    );
  });

  it("each role the table names for an organisation's route gets past its access check", async () => {
    const members = { admin: "admin", agent: "agent", customer: "customer", partner: "partner" } as const;
    await everyRoute(4, (route, problem) => {
      const { access } = route;
      if (access.who !== "org" && access.who !== "superAdmin") return [];
      const roles = access.who === "org" ? access.roles : (["superAdmin"] as const);
      return roles.map((role) => async () => {
        const user: Caller = role === "superAdmin" ? "superAdmin" : members[role as keyof typeof members];
        const response = await send(server.port, fill(route.path), {
          method: route.method,
          headers: headersOf(user),
          body: hasBody(route) ? "{" : undefined,
        });
        if (response.status === 401 || response.status === 403)
          problem(`as ${role} → ${response.status}: ${response.body.slice(0, 160)}`);
      });
    });
  });

  it("repeated input: ten of the same call at once are answered alike, never a 5xx", async () => {
    await everyRoute(2, (route, problem) =>
      (["customer", "outsider"] as const).map((user) => async () => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            send(server.port, fill(route.path), {
              method: route.method,
              headers: headersOf(user),
              body: hasBody(route) ? '{"name":"repeat"}' : undefined,
            }),
          ),
        );
        for (const answer of answers) {
          const wrong = unbounded(answer);
          if (wrong) problem(`×10 as ${user} → ${wrong}`);
        }
        const statuses = new Set(answers.map((a) => a.status));
        if (statuses.size > 1) problem(`×10 as ${user} → different answers: ${[...statuses].join(", ")}`);
      }),
    );
  });
});
