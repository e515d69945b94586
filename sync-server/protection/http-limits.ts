import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ATTACHMENT_MAX_BYTES } from "../../shared/documents/claim";
import { nowMs } from "../clock";
import type { Config } from "../config";
import { bodyBytes, declaredRoute, type RateKind, rateKindOf, SMALL_BODY_BYTES } from "../routes/limits";
import { bearerToken } from "../routes/route";
import type { VerifyToken } from "../sync/context";
import { clientAddress } from "./client-address";
import type { PenaltyBox } from "./penalty-box";
import { perMinute, type RateDecision, type RateStore, retryAfterSeconds } from "./rate-limit";

// Rate limits and body limits of the HTTP routes (docs/hardening.md): per address and per user, 429 with
// Retry-After. Sign-in and token endpoints have the tighter budget; /api/* its own; pages and static
// files none (they are cheap and cached). Which budget and which body limit a route has is its row in the
// route table (sync-server/routes/limits.ts, BOUND1), found by the route Hono matched: no copy here.

/** The bodies of a claim attachment upload read as a file (any other body to that route: the API's limit). */
const ATTACHMENT_BODY_TYPE = /^\s*(application\/octet-stream|application\/pdf|image\/[a-z0-9.+-]+)\s*(;|$)/i;

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

const tooMany = (c: Context, kind: Exclude<RateKind, "none">, who: string, decision: RateDecision) => {
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
    const kind = rateKindOf(c);
    if (kind === "none") return next();
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

/**
 * 413 for a body over the limit its route's row declares (BOUND1); a request no declared route takes
 * gets the smallest, SMALL_BODY_BYTES.
 */
export function bodyLimits(config: Config): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  /** One body-limit middleware per size; `shown` is the size its refusal names. */
  const limiter = (max: number, shown: number) => {
    let made = limiters.get(max);
    if (!made) {
      made = bodyLimit({
        maxSize: max,
        onError: (c) =>
          c.json(
            {
              error: "body-too-large",
              message: `The request body is larger than ${shown} bytes, the most ${c.req.path} accepts.`,
            },
            413,
          ),
      });
      limiters.set(max, made);
    }
    return made;
  };
  // A GET or HEAD has no body to limit (the fetch Request of one never carries it); asking for it
  // would build the whole Request object for nothing — ~90 µs on every GET (docs/market-data.md; bench:publish).
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    let kind = declaredRoute(c)?.body ?? "small";
    // Claim attachments (docs/claims.md): one file sent as bytes (the route checks its size and type and
    // says so); any other body to that route gets the API's limit.
    if (kind === "attachment" && !ATTACHMENT_BODY_TYPE.test(c.req.header("content-type") ?? "")) kind = "api";
    const max = bodyBytes(kind, config) ?? SMALL_BODY_BYTES;
    return limiter(max, kind === "attachment" ? ATTACHMENT_MAX_BYTES : max)(c, next);
  };
}
