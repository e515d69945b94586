import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { recordIdSchema } from "../../shared/documents/book";
import { DomainError } from "../../shared/errors";
import { callerIn } from "../applications/caller";
import { nowMs } from "../clock";
import { logEntry } from "../log-line";
import type { MarketSource } from "../market/api";
import { perMinute, type RateStore, retryAfterSeconds } from "../protection/rate-limit";
import { countRefusal } from "../routes/limits";
import { bearerToken } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { keyIdOf, keyMatches, newApiKey } from "./keys";
import { openApiDocument, REQUEST_ID_PATTERN } from "./openapi";
import { problem } from "./problem";
import { referencePage } from "./reference";
import { NoMarketData, PARTNER_ROUTES } from "./routes";
import { type KeyStanding, keyStanding } from "./standing";
import { API_SCOPES, type ApiCallRecord, type ApiKeyRecord, type ApiScope } from "./tables";

// The partner API (docs/partner-api.md).
//   Keys, for signed-in users (partners manage their own; admins of the org see and revoke all):
//     GET  /api/orgs/{orgId}/api-keys            POST the same {name, scopes} → the key, shown once
//     POST /api/orgs/{orgId}/api-keys/{id}/revoke      GET /api/orgs/{orgId}/api-calls (admins)
//   With a key (`Authorization: Bearer rl_live_…`): the routes of routes.ts under /api/v1, plus
//     GET /api/v1/openapi.json and GET /api/v1/reference (no key needed).
// Every keyed call gets a request id (X-Request-Id), is limited per key (429 + Retry-After), and is
// recorded (key, route, status, time) for the organisation's admins. Errors are problem details.

export interface PartnerApiOptions {
  storage: Storage;
  verify: VerifyToken;
  store: RateStore;
  market: () => MarketSource;
  /** Requests per minute per key. */
  perKeyPerMinute: number;
  /** Largest JSON body of a /api/v1 request. */
  maxBodyBytes?: number;
  publicUrl: () => string;
  now?: () => number;
  log?: (message: string) => void;
}

const createKeySchema = z.strictObject({
  name: z.string().trim().min(1, "give the key a name").max(100, "a key's name has at most 100 characters"),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `a scope is one of ${API_SCOPES.join(", ")}` }))
    .min(1, "choose at least one scope")
    .refine((s) => new Set(s).size === s.length, "each scope once"),
});

const publicKey = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  userId: k.userId,
  createdAt: new Date(k.createdAt).toISOString(),
  lastUsedAt: k.lastUsedAt === null ? null : new Date(k.lastUsedAt).toISOString(),
  revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
});

/** 401, with the challenge RFC 9110 asks of it. */
function unauthorized(c: Context, title: string, detail: string) {
  const r = problem(c, 401, "unauthorized", title, detail);
  r.headers.set("WWW-Authenticate", 'Bearer realm="Rangeline partner API"');
  return r;
}

export function mountPartnerApi(app: Hono, options: PartnerApiOptions) {
  const { storage } = options;
  const now = options.now ?? nowMs;
  const log = options.log ?? (() => {});
  const maxBody = options.maxBodyBytes ?? 64 * 1024;
  const rule = perMinute(options.perKeyPerMinute, 0.25);

  // Calls are written in batches, off the answer's path.
  let pending: ApiCallRecord[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    if (flushing) await flushing;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    flushing = storage.partner.recordApiCalls(batch).catch((e) => log(`partner API call log: ${e}`));
    await flushing;
    flushing = null;
  };
  const timer = setInterval(() => void flush(), 1000);
  timer.unref();

  // Keys and their standing (KEY1: the owner's membership and role, the organisation's state), for a
  // few seconds: a revocation, a removal from the organisation or its disabling counts within KEY_CACHE_MS
  // on every instance.
  const KEY_CACHE_MS = 2000;
  type LoadedKey = { record: ApiKeyRecord; standing: KeyStanding } | null;
  const keyCache = new Map<string, { key: LoadedKey; at: number }>();
  const loadKey = async (id: string): Promise<LoadedKey> => {
    const cached = keyCache.get(id);
    if (cached && now() - cached.at < KEY_CACHE_MS) return cached.key;
    const record = await storage.partner.getApiKey(id);
    const key = record ? { record, standing: await keyStanding(storage, record) } : null;
    keyCache.set(id, { key, at: now() });
    if (keyCache.size > 10_000) keyCache.clear();
    return key;
  };

  // ---- keys, for signed-in users -------------------------------------------------------------------
  const orgOf = (c: Context) => recordIdSchema.safeParse(c.req.param("orgId"));
  const badAddress = (c: Context) =>
    c.json({ error: "invalid-input", message: "The organisation id is invalid." }, 400);

  app.get("/api/orgs/:orgId/api-keys", async (c) => {
    const org = orgOf(c);
    if (!org.success) return badAddress(c);
    const who = await callerIn(c, options, org.data, ["partner", "admin"], "see API keys");
    if ("response" in who) return who.response;
    const admin = who.roles.includes("admin");
    const keys = await storage.partner.listApiKeys(org.data, admin ? null : who.sub);
    const members = admin ? await storage.members.listMembers(org.data) : [];
    const email = new Map(members.map((m) => [m.id, m.email]));
    c.header("Cache-Control", "no-store");
    return c.json({
      admin,
      keys: keys.map((k) => ({
        ...publicKey(k),
        owner: admin ? (email.get(k.userId) ?? k.userId) : undefined,
        mine: k.userId === who.sub,
      })),
    });
  });

  app.post("/api/orgs/:orgId/api-keys", async (c) => {
    const org = orgOf(c);
    if (!org.success) return badAddress(c);
    const who = await callerIn(c, options, org.data, ["partner"], "create API keys");
    if ("response" in who) return who.response;
    const body = await c.req.json().catch(() => undefined);
    const parsed = createKeySchema.safeParse(body);
    if (!parsed.success)
      return c.json(
        {
          error: "invalid-input",
          message: `The key is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ")}`,
        },
        400,
      );
    // BOUND2: an organisation has at most API_KEYS_PER_ORG live keys.
    const live = (await storage.partner.listApiKeys(org.data, null)).filter((k) => k.revokedAt === null);
    const full = countRefusal("POST /api/orgs/:orgId/api-keys", live.length);
    if (full) return c.json(full, 409);
    const made = newApiKey();
    const record: ApiKeyRecord = {
      id: made.id,
      orgId: org.data,
      userId: who.sub,
      name: parsed.data.name,
      scopes: parsed.data.scopes as ApiScope[],
      hash: made.hash,
      createdAt: now(),
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    };
    await storage.partner.createApiKey(record);
    c.header("Cache-Control", "no-store");
    // The only time the secret leaves the server.
    return c.json({ ...publicKey(record), key: made.key }, 201);
  });

  app.post("/api/orgs/:orgId/api-keys/:id/revoke", async (c) => {
    const org = orgOf(c);
    if (!org.success) return badAddress(c);
    const who = await callerIn(c, options, org.data, ["partner", "admin"], "revoke API keys");
    if ("response" in who) return who.response;
    const key = await storage.partner.getApiKey(c.req.param("id"));
    if (!key || key.orgId !== org.data)
      return c.json({ error: "not-found", message: `No API key ${c.req.param("id")} in ${org.data}.` }, 404);
    if (key.userId !== who.sub && !who.roles.includes("admin"))
      return c.json(
        {
          error: "forbidden",
          message: "Only the key's owner or an admin of the organisation may revoke it.",
        },
        403,
      );
    await storage.partner.revokeApiKey(key.id, now(), who.sub);
    keyCache.delete(key.id);
    const after = await storage.partner.getApiKey(key.id);
    return c.json(publicKey(after ?? key));
  });

  app.get("/api/orgs/:orgId/api-calls", async (c) => {
    const org = orgOf(c);
    if (!org.success) return badAddress(c);
    const who = await callerIn(c, options, org.data, ["admin"], "read the partner API's call log");
    if ("response" in who) return who.response;
    await flush();
    const calls = await storage.partner.listApiCalls(org.data, 200);
    c.header("Cache-Control", "no-store");
    return c.json({ calls: calls.map((x) => ({ ...x, at: new Date(x.at).toISOString() })) });
  });

  // ---- the versioned API ---------------------------------------------------------------------------
  // The examples are dated to the current snapshot's day, so a request copied from them prices. The
  // document is generated once per (address, day), not per request.
  let made: { key: string; doc: ReturnType<typeof openApiDocument> } | null = null;
  const documentNow = async () => {
    const server = options.publicUrl().replace(/\/$/, "");
    const day = (
      await Promise.resolve()
        .then(() => options.market().current())
        .catch(() => null)
    )?.asOf;
    const key = `${server} ${day ?? ""}`;
    if (made?.key !== key) made = { key, doc: openApiDocument(server, day) };
    return made.doc;
  };
  app.get("/api/v1/openapi.json", async (c) => c.json(await documentNow()));
  app.get("/api/v1/reference", async (c) => c.html(referencePage(await documentNow())));
  const requestIdPattern = new RegExp(REQUEST_ID_PATTERN);

  for (const route of PARTNER_ROUTES) {
    app.on(route.method.toUpperCase(), route.path, async (c) => {
      const started = performance.now();
      const requestId = c.req.header("x-request-id")?.match(requestIdPattern)?.[0] ?? randomUUID();
      c.set("requestId" as never, requestId as never);
      c.header("X-Request-Id", requestId);
      let key: ApiKeyRecord | null = null;
      const answer = await (async (): Promise<Response> => {
        const text = bearerToken(c);
        if (!text)
          return unauthorized(
            c,
            "API key required",
            "Send your API key: `Authorization: Bearer rl_live_…` (create one at /api-keys).",
          );
        const id = keyIdOf(text);
        const loaded = id ? await loadKey(id) : null;
        const found = loaded?.record;
        if (!loaded || !found || !keyMatches(text, found.hash))
          return unauthorized(
            c,
            "Invalid API key",
            "This API key is not valid: check it, or create a new one at /api-keys.",
          );
        if (found.revokedAt !== null)
          return unauthorized(
            c,
            "Revoked API key",
            "This API key was revoked: create a new one at /api-keys.",
          );
        key = found;
        if (loaded.standing === "owner-left")
          return unauthorized(
            c,
            "API key of a former partner",
            `This API key's owner is no longer a partner of ${found.orgId}: a partner of the organisation creates a new one at /api-keys.`,
          );
        if (loaded.standing === "org-disabled")
          return problem(
            c,
            403,
            "org-disabled",
            "Organisation disabled",
            `${found.orgId} is disabled on this platform: its API keys read nothing until a platform administrator enables it again.`,
          );
        const decision = await options.store.take(`partner:key:${found.id}`, rule);
        if (!decision.allowed) {
          const r = problem(
            c,
            429,
            "rate-limited",
            "Too many requests",
            `This key may make ${options.perKeyPerMinute} requests a minute: wait and retry.`,
          );
          r.headers.set("Retry-After", String(retryAfterSeconds(decision)));
          return r;
        }
        if (!found.scopes.includes(route.scope))
          return problem(
            c,
            403,
            "forbidden",
            "Outside the key's scopes",
            `This key lacks the scope ${route.scope} that ${route.path} needs.`,
          );
        let body: unknown;
        if (route.request) {
          const raw = await c.req.text();
          if (Buffer.byteLength(raw) > maxBody)
            return problem(
              c,
              413,
              "body-too-large",
              "Body too large",
              `A request body is at most ${maxBody} bytes.`,
            );
          try {
            body = JSON.parse(raw);
          } catch {
            return problem(
              c,
              400,
              "invalid-json",
              "Malformed JSON",
              "The body is not valid JSON: send one JSON object.",
            );
          }
          const parsed = route.request.safeParse(body);
          if (!parsed.success) {
            const errors = parsed.error.issues.map((i) => ({
              path: i.path.filter((p): p is string | number => typeof p !== "symbol"),
              message: i.message,
            }));
            const first = errors[0];
            return problem(
              c,
              400,
              "invalid-input",
              "Invalid input",
              first ? `${first.path.join(".") || "input"}: ${first.message}` : "invalid input",
              { errors },
            );
          }
        }
        let query: unknown;
        if (route.query) {
          const parsed = route.query.safeParse(c.req.query());
          if (!parsed.success) {
            const errors = parsed.error.issues.map((i) => ({
              path: i.path.filter((p): p is string | number => typeof p !== "symbol"),
              message: i.message,
            }));
            const first = errors[0];
            return problem(
              c,
              400,
              "invalid-input",
              "Invalid query",
              first ? `${first.path.join(".") || "query"}: ${first.message}` : "invalid query",
              { errors },
            );
          }
          query = parsed.data;
        }
        try {
          const result = await route.handle({
            orgId: found.orgId,
            body,
            query,
            storage,
            market: options.market(),
          });
          return c.json(result as object, 200, { "Cache-Control": "no-store" });
        } catch (e) {
          if (e instanceof DomainError)
            return problem(c, 422, e.code, "Cannot be priced", e.message, {
              errors: [{ path: [...e.path], message: e.message }],
            });
          if (e instanceof NoMarketData)
            return problem(c, 503, "no-market-data", "No market data", e.message);
          log(logEntry(`partner API ${route.path} failed`, { requestId, error: String(e) }));
          return problem(
            c,
            500,
            "internal",
            "Internal error",
            `Something failed on our side; quote request id ${requestId}.`,
          );
        }
      })();
      const calledBy = key as ApiKeyRecord | null;
      if (calledBy)
        pending.push({
          keyId: calledBy.id,
          orgId: calledBy.orgId,
          method: route.method.toUpperCase(),
          route: route.path,
          status: answer.status,
          at: now(),
          durationMs: Math.round(performance.now() - started),
          requestId,
        });
      return answer;
    });
  }

  return {
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
