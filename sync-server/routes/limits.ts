import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { Role } from "../../shared/access/roles";
import { IMPORT_BODY_FACTOR } from "../../shared/book/import/request";
import { ATTACHMENT_MAX_BYTES } from "../../shared/documents/claim";
import { MAX_COMMISSION_SCHEDULES } from "../../shared/documents/commission";
import { RESUBSCRIBE_ASKS_PER_DAY } from "../campaigns/resubscribe";
import type { Config } from "../config";
import { CONFIRMATION_TTL_MS } from "../history/confirmations";
import type { RateRule } from "../protection/rate-limit";
import { MAX_PUSH_DEVICES } from "../push/routes";

// Every HTTP route the server mounts, with its limits (rule BOUND1, docs/limits.md): who may call it,
// the body it reads, how many rows it answers or writes, its quota, where its work runs and what it
// logs. tests/integration/hardening/bounded-routes.test.ts lists the routes from the running app and
// fails on a route missing here (or a row here no route has), then sends every route malformed,
// oversized, foreign-organisation and repeated input. The beginning of the one route table (issue 42).

/** Who may call a route; the refusal is the route's own (401, 403, a provider's signature…). */
export type Access =
  | { who: "anyone" }
  | { who: "signed-in" }
  | { who: "org"; roles: readonly Role[] }
  | { who: "superAdmin" }
  | { who: "api-key"; scope: string }
  | { who: "provider"; signature: string }
  | { who: "link"; proof: string };

/**
 * The body a route reads: `none` (GET; a POST that reads none still has the API's cap), `api`
 * (HTTP_MAX_BODY_BYTES), `import` (IMPORT_BODY_FACTOR times that), `attachment` (a file of at most
 * ATTACHMENT_MAX_BYTES as bytes; anything else the API's cap), `small` (16 KiB: routes outside /api).
 */
export type BodyLimit = "none" | "api" | "import" | "attachment" | "small";

/** Largest body of a route outside /api/*, and of a route with no row (the token endpoint's form is under 1 KiB). */
export const SMALL_BODY_BYTES = 16 * 1024;

/**
 * The rate limits a route spends (sync-server/protection/http-limits.ts): `api` the API's per address
 * and per user, `sign-in` the sign-in budget per address and per account, `none` (pages outside /api).
 */
export type RateKind = "api" | "sign-in" | "none";

/** The config settings of count caps (numbers an operator may raise). */
type CountSetting =
  | "INVITATIONS_OPEN_PER_ORG"
  | "MEMBERS_PER_ORG"
  | "CAMPAIGNS_PER_ORG"
  | "APPLICATIONS_WAITING_PER_ORG";

/**
 * BOUND2: how many records of a kind a route creates may exist at once, per organisation, user or claim;
 * past it the route refuses with 409 and a sentence naming the cap (countRefusal). The number is a
 * constant (`max`) or a config setting an operator may raise (`setting`): its one definition.
 */
export type CountCap = {
  /** What is counted, e.g. "live API keys". */
  what: string;
  per: "organisation" | "user" | "claim";
  /** What the caller can do about it. */
  remedy: string;
} & ({ max: number } | { setting: CountSetting });

/** BOUND2: live (unrevoked) API keys of one organisation. */
const API_KEYS_PER_ORG = 25;
/** BOUND2: files attached to one claim. */
const ATTACHMENTS_PER_CLAIM = 50;

/** Where a route's work runs: in the request, bounded by its limits; in a worker; after the answer. */
export type WorkPlace = "request" | "worker" | "background";

export interface RouteLimits {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono's path pattern, exactly as mounted. */
  path: string;
  access: Access;
  body: BodyLimit;
  /** The most rows (records, entries, items) one call answers or writes, and what bounds it. */
  rows: string;
  /** The rate limits it spends (by default `api` under /api/, `none` elsewhere). */
  rate: RateKind;
  /** The rate or storage quota beyond its rate limits; "" for none. */
  quota: string;
  /** BOUND2: the most records of the kind it creates that may exist at once (none: it creates none). */
  count?: CountCap;
  work: WorkPlace;
  /** What the server logs of a call ("" for nothing beyond the API's rate-limit refusals). */
  logs: string;
}

/** The most bytes of body a route reads under `config` (null: it reads none and has no cap of its own). */
export function bodyBytes(limit: BodyLimit, config: Pick<Config, "HTTP_MAX_BODY_BYTES">): number | null {
  if (limit === "none") return null;
  if (limit === "api") return config.HTTP_MAX_BODY_BYTES;
  if (limit === "import") return config.HTTP_MAX_BODY_BYTES * IMPORT_BODY_FACTOR;
  // The route itself refuses a file over ATTACHMENT_MAX_BYTES with the file's name (413); one byte more
  // reaches it, so it can say so.
  if (limit === "attachment") return ATTACHMENT_MAX_BYTES + 1;
  return SMALL_BODY_BYTES;
}

const rateOf = (path: string): RateKind => (path.startsWith("/api/") ? "api" : "none");

const anyone: Access = { who: "anyone" };
const signedIn: Access = { who: "signed-in" };
const superAdmin: Access = { who: "superAdmin" };
const org = (...roles: Role[]): Access => ({ who: "org", roles });
const apiKey = (scope: string): Access => ({ who: "api-key", scope });

const get = (path: string, access: Access, rows: string, more: Partial<RouteLimits> = {}): RouteLimits => ({
  method: "GET",
  path,
  access,
  body: "none",
  rows,
  rate: rateOf(path),
  quota: "",
  work: "request",
  logs: "",
  ...more,
});
const write = (
  method: RouteLimits["method"],
  path: string,
  access: Access,
  rows: string,
  more: Partial<RouteLimits> = {},
): RouteLimits => ({
  method,
  path,
  access,
  body: "api",
  rows,
  rate: rateOf(path),
  quota: "",
  work: "request",
  logs: "",
  ...more,
});

/** Anonymous applications per address (sync-server/applications/routes.ts). */
export const APPLICATIONS_PER_ADDRESS: RateRule = { limit: 10, periodMs: 3_600_000, burst: 5 };

const PAGE = "a page: `limit` 1–500 (default 100)";
/** COMM4: the expected lines of one crop year (or all): per coverage one line and one per premium change, each reversed at most once. */
const COMMISSION_LINES = "the organisation's lines of `cropYear` (≤ 2 per coverage and per premium change)";
const ONE = "one";

export const ROUTE_LIMITS: readonly RouteLimits[] = [
  // The embedded identity provider (outside production) and the app's health.
  get("/api/health", anyone, ONE),
  get("/.well-known/jwks.json", anyone, "one key"),
  get("/.well-known/openid-configuration", anyone, ONE),
  get("/authorize", anyone, ONE, { rate: "sign-in" }),
  write("POST", "/oauth/token", anyone, "one token", {
    body: "small",
    rate: "sign-in",
  }),
  get("/v2/logout", anyone, ONE, { rate: "sign-in" }),
  // The market (docs/market-data.md): published data, encoded once per snapshot.
  get("/api/market/current", anyone, "one snapshot, compressed once off the event loop (ETag)"),
  get(
    "/api/market/snapshots/:version",
    anyone,
    "one snapshot; a kept day's compressed only for its own version",
  ),
  get("/api/market/history", anyone, "the as-of dates between `from` and `to`"),
  get("/api/market/history/lrp", anyone, "one offer's days between `from` and `to`"),
  get("/api/market/history/lgm", anyone, "one type's days between `from` and `to`"),
  get("/api/market/history/:asOf", anyone, "one snapshot"),
  get("/api/market/fetch-failures", superAdmin, PAGE),
  // Sessions and reports (docs/hardening.md).
  write("POST", "/api/session/sign-out", signedIn, "one revocation", {
    rate: "sign-in",
    logs: "Auth0's failures",
  }),
  write("POST", "/api/session/sign-out-everywhere", signedIn, "one revocation", {
    rate: "sign-in",
    logs: "Auth0's failures",
  }),
  write("POST", "/api/csp-report", anyone, "one report; the last 200 kept in memory", {
    logs: "one line per report: directive, page path, blocked resource",
  }),
  get("/api/csp-report", anyone, "the last 200 reports (outside production only)"),
  // Document history and restore (HIST1–3).
  get(
    "/api/orgs/:orgId/document-history/documents",
    org("admin", "superAdmin"),
    "the organisation's documents",
  ),
  get(
    "/api/orgs/:orgId/document-history",
    org("admin", "superAdmin"),
    "`limit` 1–1000 changes (default 200)",
  ),
  get(
    "/api/orgs/:orgId/document-history/state",
    org("admin", "superAdmin"),
    "one document (≤ SYNC_MAX_DOCUMENT_BYTES)",
  ),
  write("POST", "/api/orgs/:orgId/document-history/confirm-removal", org("admin", "agent", "customer"), ONE, {
    quota: `one confirmation per document, ${CONFIRMATION_TTL_MS / 60_000} minutes`,
  }),
  write("POST", "/api/orgs/:orgId/document-history/restore", org("admin", "superAdmin"), "one document", {
    logs: "the restore and what the book index and claim summaries did",
  }),
  // The book import (docs/book-import.md).
  write("POST", "/api/orgs/:orgId/book-imports", org("agent"), "MAX_ROWS rows of ≤ 50 sheets", {
    body: "import",
    quota:
      "WORK_QUEUE_LIMIT large requests waiting for a work thread and one running import per organisation on every instance (IMPORT1); its new documents from the organisation's hourly budget (IMPORT3)",
    work: "worker",
  }),
  write("POST", "/api/orgs/:orgId/book-imports/:importId/undo", org("agent"), "one import's records"),
  // Claims (docs/claims.md).
  write("POST", "/api/orgs/:orgId/claims/:claimId/attachments", org("agent"), "one file", {
    body: "attachment",
    count: {
      what: "files",
      per: "claim",
      max: ATTACHMENTS_PER_CLAIM,
      remedy: "put several pages in one PDF",
    },
    quota: "ATTACHMENT_MAX_BYTES_PER_ORG bytes per organisation",
  }),
  get(
    "/api/orgs/:orgId/claims/:claimId/attachments",
    org("agent"),
    "the claim's attachments (its customer too)",
  ),
  get(
    "/api/orgs/:orgId/claims/:claimId/attachments/:id",
    org("agent"),
    `one file (≤ ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB; its customer too)`,
  ),
  get("/api/orgs/:orgId/claims/:claimId/history", org("agent"), PAGE),
  // Organisation settings (docs/administration.md).
  get("/api/orgs/:orgId/secrets", org("admin"), "the organisation's secret names"),
  write("PUT", "/api/orgs/:orgId/secrets/:name", org("admin"), "one secret of ≤ 4096 characters", {
    logs: "the audit log (never the value)",
  }),
  write("DELETE", "/api/orgs/:orgId/secrets/:name", org("admin"), ONE, { logs: "the audit log" }),
  get("/api/orgs/:orgId/document-budget", org("admin"), ONE),
  write("PUT", "/api/orgs/:orgId/document-budget", org("admin"), ONE, { logs: "the audit log" }),
  write("PUT", "/api/orgs/:orgId/assets/:kind", org("admin"), "one image", { logs: "the audit log" }),
  write("DELETE", "/api/orgs/:orgId/assets/:kind", org("admin"), ONE, { logs: "the audit log" }),
  get("/api/orgs/:orgId/assets/:kind/:version", anyone, "one image"),
  get("/api/orgs/:orgId/audit", org("admin", "agent"), PAGE),
  get("/api/orgs/:orgId/branding", org("admin", "agent", "customer", "partner", "superAdmin"), ONE),
  // The platform (super administrators).
  get("/api/platform/orgs", superAdmin, "every organisation"),
  write("POST", "/api/platform/orgs", superAdmin, ONE, { logs: "the audit log" }),
  write("PATCH", "/api/platform/orgs/:id", superAdmin, ONE, { logs: "the audit log" }),
  get("/api/platform/status", superAdmin, ONE),
  get("/api/platform/sync-violations", superAdmin, PAGE),
  get("/api/platform/outbox", superAdmin, PAGE),
  write("POST", "/api/platform/market/upload", superAdmin, "one day's ADM files", {
    work: "worker",
    logs: "the publish",
  }),
  get("/api/platform/jobs", superAdmin, "a page: `limit` 1–500 (default 50)"),
  get("/api/platform/sms-outbox", superAdmin, "a page: `limit` 1–500 (default 50)"),
  // People, invitations and profiles (docs/administration.md).
  get("/api/me", signedIn, ONE),
  write("PUT", "/api/me", signedIn, ONE),
  get("/api/orgs/:orgId/people", org("admin", "agent"), "the organisation's people"),
  write("POST", "/api/orgs/:orgId/invitations", org("admin", "agent"), "one invitation", {
    count: {
      what: "open invitations",
      per: "organisation",
      setting: "INVITATIONS_OPEN_PER_ORG",
      remedy: "revoke those no longer needed, or wait until some are accepted or expire",
    },
    logs: "the audit log",
  }),
  write(
    "DELETE",
    "/api/orgs/:orgId/invitations/:email",
    org("admin", "agent"),
    "one address's open invitation",
    {
      logs: "the audit log",
    },
  ),
  write("PUT", "/api/orgs/:orgId/members/:userId/roles", org("admin", "agent"), "≤ 6 roles", {
    logs: "the audit log",
  }),
  write("DELETE", "/api/orgs/:orgId/members/:userId", org("admin", "agent"), "one person's roles", {
    logs: "the audit log",
  }),
  get("/api/invitations/accept", { who: "link", proof: "a signed single-use invitation" }, ONE),
  write("POST", "/api/invitations/accept", signedIn, ONE),
  get("/api/orgs/:orgId/members", org("admin", "agent"), "the organisation's members"),
  write("POST", "/api/orgs/:orgId/members", org("admin"), ONE, {
    count: {
      what: "members",
      per: "organisation",
      setting: "MEMBERS_PER_ORG",
      remedy: "remove people who have left",
    },
  }),
  write("DELETE", "/api/orgs/:orgId/members/:userId/roles/:role", org("admin"), ONE),
  // Applications (docs/applications.md).
  get("/api/applications/agency/:orgId", anyone, ONE),
  write("POST", "/api/applications", anyone, "one application", {
    quota: `${APPLICATIONS_PER_ADDRESS.limit} an hour per address (burst ${APPLICATIONS_PER_ADDRESS.burst})`,
    count: {
      what: "applications waiting for a decision",
      per: "organisation",
      setting: "APPLICATIONS_WAITING_PER_ORG",
      remedy: "try again once the agency has answered some",
    },
    work: "background",
    logs: "the agents' e-mails that failed",
  }),
  get("/api/applications/:id/status", { who: "link", proof: "the application's status token" }, ONE),
  get("/api/orgs/:orgId/applications", org("agent"), "the newest 200"),
  get("/api/orgs/:orgId/applications/:id", org("agent"), ONE),
  write("POST", "/api/orgs/:orgId/applications/:id/decision", org("agent"), ONE),
  // Web Push (docs/alerts.md).
  get("/api/push/vapid-public-key", anyone, ONE),
  write("POST", "/api/push/subscriptions", signedIn, "one subscription", {
    count: {
      what: "devices with price alerts (PUSH3)",
      per: "user",
      max: MAX_PUSH_DEVICES,
      remedy: "turn them off on one you no longer use",
    },
  }),
  write("DELETE", "/api/push/subscriptions", signedIn, "one subscription"),
  // API keys and the partner API (docs/partner-api.md).
  get("/api/orgs/:orgId/api-keys", org("partner", "admin"), "the organisation's keys"),
  write("POST", "/api/orgs/:orgId/api-keys", org("partner"), "one key", {
    count: {
      what: "live API keys",
      per: "organisation",
      max: API_KEYS_PER_ORG,
      remedy: "revoke one it no longer uses",
    },
    logs: "the audit log",
  }),
  write("POST", "/api/orgs/:orgId/api-keys/:id/revoke", org("partner", "admin"), ONE, {
    logs: "the audit log",
  }),
  get("/api/orgs/:orgId/api-calls", org("admin"), PAGE),
  get("/api/v1/openapi.json", anyone, ONE),
  get("/api/v1/reference", anyone, ONE),
  write("POST", "/api/v1/quotes/lrp", apiKey("quotes:read"), "one quote", {
    quota: "the key's rate",
    logs: "the call log",
  }),
  write("POST", "/api/v1/quotes/lrp/offers", apiKey("quotes:read"), "one offer table", {
    quota: "the key's rate",
    logs: "the call log",
  }),
  write("POST", "/api/v1/quotes/lgm", apiKey("quotes:read"), "one quote", {
    quota: "the key's rate",
    logs: "the call log",
  }),
  get("/api/v1/market/current", apiKey("market:read"), ONE, {
    quota: "the key's rate",
    logs: "the call log",
  }),
  get("/api/v1/book/customers", apiKey("book:read"), "a page (cursor)", {
    quota: "the key's rate",
    logs: "the call log",
  }),
  get("/api/v1/book/coverages", apiKey("book:read"), "a page (cursor)", {
    quota: "the key's rate",
    logs: "the call log",
  }),
  get("/api/v1/commissions", apiKey("commissions:read"), COMMISSION_LINES, {
    quota: "the key's rate",
    logs: "the call log",
  }),
  // Commissions (docs/commissions.md).
  write(
    "PUT",
    "/api/orgs/:orgId/commission-schedules",
    org("admin"),
    `≤ ${MAX_COMMISSION_SCHEDULES.toLocaleString("en-US")} schedule rows (MAX_COMMISSION_SCHEDULES)`,
  ),
  get("/api/orgs/:orgId/commissions", org("admin", "agent"), `${COMMISSION_LINES}; an agent's own only`),
  // Record history, refused writes.
  get("/api/orgs/:orgId/customers/:customerId/history", org("agent"), "`limit` 1–500 (default 100)"),
  get("/api/orgs/:orgId/sync-violations", org("admin", "agent"), PAGE),
  // Campaigns (docs/campaigns.md).
  get(
    "/api/unsubscribe/:orgId/:campaignId/:customerId",
    { who: "link", proof: "a signed unsubscribe link" },
    ONE,
  ),
  write(
    "POST",
    "/api/unsubscribe/:orgId/:campaignId/:customerId",
    { who: "link", proof: "a signed unsubscribe link" },
    ONE,
  ),
  write("POST", "/api/unsubscribe", { who: "link", proof: "signed unsubscribe links" }, "≤ 50 campaigns"),
  // UNSUB2 (campaigns/resubscribe.ts): the e-mail goes out after the answer, one ask at a time.
  write("POST", "/api/resubscribe", anyone, "one ask; ≤ 1 confirmation e-mail", {
    quota: `${RESUBSCRIBE_ASKS_PER_DAY} asks per e-mail address a day (UTC), on a list or not`,
    work: "background",
    logs: "confirmation e-mails that failed",
  }),
  write(
    "POST",
    "/api/resubscribe/confirm",
    { who: "link", proof: "a signed confirmation link, used once" },
    "the organisation's e-mail opt-outs of one address",
  ),
  get("/q/:code", anyone, "one redirect"),
  write(
    "POST",
    "/api/campaigns/email/events",
    { who: "provider", signature: "SendGrid's signed webhook" },
    "one batch of events",
    {
      logs: "refused signatures",
    },
  ),
  write(
    "POST",
    "/api/campaigns/sms/status",
    { who: "provider", signature: "Twilio's request signature" },
    ONE,
  ),
  write(
    "POST",
    "/api/campaigns/sms/inbound",
    { who: "provider", signature: "Twilio's request signature" },
    ONE,
  ),
  get("/api/orgs/:orgId/campaigns", org("agent"), "the organisation's campaigns"),
  get("/api/orgs/:orgId/campaigns/:campaignId", org("agent"), ONE),
  write("PUT", "/api/orgs/:orgId/campaigns/:campaignId", org("agent"), ONE, {
    count: {
      what: "campaigns",
      per: "organisation",
      setting: "CAMPAIGNS_PER_ORG",
      remedy: "reuse one it no longer sends",
    },
  }),
  write("POST", "/api/orgs/:orgId/campaigns/:campaignId/:action{pause|resume}", org("agent"), ONE),
  get("/api/orgs/:orgId/campaigns/:campaignId/runs", org("agent"), "the last 60 runs"),
  write("POST", "/api/orgs/:orgId/campaigns/:campaignId/test", org("agent"), "one message to the caller", {
    work: "background",
  }),
];

const BY_ROUTE = new Map(ROUTE_LIMITS.map((row) => [`${row.method} ${row.path}`, row]));

/**
 * The row of the route that answers this request, found by its method and the path Hono matched (so a
 * middleware enforces the limits the table declares); undefined for a request no declared route takes.
 */
export function declaredRoute(c: Context): RouteLimits | undefined {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  for (const route of matchedRoutes(c)) {
    if (route.method !== method) continue;
    const row = BY_ROUTE.get(`${method} ${route.path}`);
    if (row) return row;
  }
  return undefined;
}

/** The rate limits a request spends: its route's row's, else by its path (a path no route takes). */
export const rateKindOf = (c: Context): RateKind => declaredRoute(c)?.rate ?? rateOf(c.req.path);

/** The number a count cap allows under `config`. */
export function countMax(cap: CountCap, config?: Partial<Pick<Config, CountSetting>>): number {
  if ("max" in cap) return cap.max;
  const max = config?.[cap.setting];
  if (max === undefined)
    throw new Error(`the cap on ${cap.what} is the setting ${cap.setting}: pass the config`);
  return max;
}

/**
 * BOUND2: the 409 body for a create that would pass the count cap `key`'s row declares ("POST /path"),
 * when `existing` records of its kind are there already; null while there is room.
 */
export function countRefusal(
  key: string,
  existing: number,
  config?: Partial<Pick<Config, CountSetting>>,
): { error: "too-many-records"; message: string } | null {
  const cap = BY_ROUTE.get(key)?.count;
  if (!cap) throw new Error(`${key} declares no count cap in sync-server/routes/limits.ts`);
  const max = countMax(cap, config);
  if (existing < max) return null;
  const raise = "setting" in cap ? ` (the server's operator can raise ${cap.setting})` : "";
  return {
    error: "too-many-records",
    message: `This ${cap.per} has ${existing} ${cap.what}, the most it may have is ${max}${raise}: ${cap.remedy}.`,
  };
}
