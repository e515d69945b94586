import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMPORT_BODY_FACTOR } from "../../shared/book/import/request";
import { ATTACHMENT_MAX_BYTES } from "../../shared/documents/claim";
import { nowMs } from "../clock";
import type { Config } from "../config";
import { bearerToken } from "../routes/route";
import type { VerifyToken } from "../sync/context";
import { clientAddress } from "./client-address";
import type { PenaltyBox } from "./penalty-box";
import { perMinute, type RateDecision, type RateStore, retryAfterSeconds } from "./rate-limit";

// Rate limits and body limits of the HTTP routes (docs/hardening.md): per address and per user, 429 with
// Retry-After. Sign-in and token endpoints have the tighter budget; /api/* its own; pages and static
// files none (they are cheap and cached).

/** The claim attachment upload route (sync-server/claims/routes.ts). */
const ATTACHMENT_UPLOAD_PATH = /^\/api\/orgs\/[^/]+\/claims\/[^/]+\/attachments$/;
/** The book import (docs/book-import.md): a file's sheets as JSON, IMPORT_BODY_FACTOR times the API's limit. */
const BOOK_IMPORT_PATH = /^\/api\/orgs\/[^/]+\/book-imports$/;
const ATTACHMENT_BODY_TYPE = /^\s*(application\/octet-stream|application\/pdf|image\/[a-z0-9.+-]+)\s*(;|$)/i;

/** Largest body of any route outside /api/* (the token endpoint's form is well under 1 KiB). */
export const SMALL_BODY_BYTES = 16 * 1024;

export type LimitedRoute = "sign-in" | "api" | null;

export const SIGN_IN_PATHS = ["/authorize", "/oauth/token", "/v2/logout"];

export function routeKind(path: string): LimitedRoute {
  if (SIGN_IN_PATHS.includes(path) || path.startsWith("/api/session/")) return "sign-in";
  if (path.startsWith("/api/")) return "api";
  return null;
}

export interface HttpLimitsOptions {
  config: Config;
  store: RateStore;
  verify: VerifyToken;
  penalties: PenaltyBox;
}

/** The address of the request's peer (see clientAddress). */
export function requestAddress(c: Context, trustedHops: number): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return clientAddress(incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trustedHops);
}

/**
 * Who a bearer token speaks for, verified (a forged token must not spend someone else's budget),
 * remembered until the token expires so that a busy client's token is verified once here.
 */
function tokenSubjects(verify: VerifyToken) {
  const known = new Map<string, { sub: string; expiresAt: number }>();
  return async (token: string): Promise<string | null> => {
    // Only a JWT (three dot-separated parts) names a user: a partner API key (rl_live_…, limited per
    // key by the partner API) would only fail verification, at a cost, on every call.
    if (token.split(".", 4).length !== 3) return null;
    const now = nowMs() / 1000;
    const hit = known.get(token);
    if (hit && hit.expiresAt > now) return hit.sub;
    try {
      const identity = await verify(token);
      if (known.size >= 10_000) known.clear();
      known.set(token, { sub: identity.sub, expiresAt: identity.expiresAt });
      return identity.sub;
    } catch {
      return null;
    }
  };
}

const tooMany = (c: Context, kind: Exclude<LimitedRoute, null>, who: string, decision: RateDecision) => {
  const seconds = retryAfterSeconds(decision);
  c.header("Retry-After", String(seconds));
  c.header("Cache-Control", "no-store");
  const message = `Too many requests from this ${who}; try again in ${seconds} s.`;
  if (c.req.path === "/oauth/token") {
    return c.json({ error: "too_many_requests", error_description: message }, 429);
  }
  if (kind === "api") return c.json({ error: "rate-limited", message }, 429);
  return c.text(message, 429);
};

export function httpRateLimits(options: HttpLimitsOptions): MiddlewareHandler {
  const { config, store } = options;
  // Bursts: a tenth of the minute's budget (at least 10).
  const signInAddress = perMinute(config.RATE_LIMIT_SIGN_IN_PER_ADDRESS, 0.1);
  const signInUser = perMinute(config.RATE_LIMIT_SIGN_IN_PER_USER, 0.1);
  const apiAddress = perMinute(config.RATE_LIMIT_API_PER_ADDRESS, 0.1);
  const apiUser = perMinute(config.RATE_LIMIT_API_PER_USER, 0.1);
  const subjectOf = tokenSubjects(options.verify);

  return async (c, next) => {
    const kind = routeKind(c.req.path);
    if (!kind) return next();
    const address = requestAddress(c, config.TRUST_PROXY_HOPS);
    const byAddress = await store.take(
      `${kind}:addr:${address}`,
      kind === "api" ? apiAddress : signInAddress,
    );
    if (!byAddress.allowed) {
      options.penalties.hold(address, byAddress.retryAfterMs);
      if (options.penalties.enabled) c.header("Connection", "close");
      return tooMany(c, kind, "address", byAddress);
    }

    let user: string | null = null;
    if (kind === "sign-in") {
      const hint = c.req.query("login_hint");
      if (hint) user = hint.trim().toLowerCase().slice(0, 320);
    } else {
      const token = bearerToken(c);
      if (token) user = await subjectOf(token);
    }
    if (user !== null) {
      const byUser = await store.take(`${kind}:user:${user}`, kind === "api" ? apiUser : signInUser);
      if (!byUser.allowed) return tooMany(c, kind, "account", byUser);
    }
    return next();
  };
}

/** 413 for a body over the route's limit: HTTP_MAX_BODY_BYTES on /api/*, 16 KiB anywhere else. */
export function bodyLimits(config: Config): MiddlewareHandler {
  const tooLarge = (max: number) => (c: Context) =>
    c.json(
      {
        error: "body-too-large",
        message: `The request body is larger than ${max} bytes, the most ${c.req.path} accepts.`,
      },
      413,
    );
  const api = bodyLimit({
    maxSize: config.HTTP_MAX_BODY_BYTES,
    onError: tooLarge(config.HTTP_MAX_BODY_BYTES),
  });
  const small = bodyLimit({ maxSize: SMALL_BODY_BYTES, onError: tooLarge(SMALL_BODY_BYTES) });
  // Claim attachments (docs/claims.md): one file of up to 10 MB, sent as bytes (application/octet-stream,
  // application/pdf or image/*; the route checks size and type and says so). Any other body to that
  // route gets the API's limit.
  const attachment = bodyLimit({
    maxSize: Math.max(config.HTTP_MAX_BODY_BYTES, ATTACHMENT_MAX_BYTES + 1),
    onError: tooLarge(ATTACHMENT_MAX_BYTES),
  });
  const bookImport = bodyLimit({
    maxSize: config.HTTP_MAX_BODY_BYTES * IMPORT_BODY_FACTOR,
    onError: tooLarge(config.HTTP_MAX_BODY_BYTES * IMPORT_BODY_FACTOR),
  });
  // A GET or HEAD has no body to limit (the fetch Request of one never carries it); asking for it
  // would build the whole Request object for nothing — ~90 µs on every GET (docs/market-data.md; bench:publish).
  return (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : c.req.method === "POST" &&
          ATTACHMENT_UPLOAD_PATH.test(c.req.path) &&
          ATTACHMENT_BODY_TYPE.test(c.req.header("content-type") ?? "")
        ? attachment(c, next)
        : c.req.method === "POST" && BOOK_IMPORT_PATH.test(c.req.path)
          ? bookImport(c, next)
          : c.req.path.startsWith("/api/")
            ? api(c, next)
            : small(c, next);
}
