import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { nowSeconds } from "../../clock";
import { DEMO_USERS, type DemoUser, findDemoUser } from "../demo-users";
import type { SigningKeys } from "../keys";
import { requestAppOrigin } from "../origins";
import { signAccessToken, signIdToken, TOKEN_LIFETIME_SECONDS } from "../tokens";
import { AuthorizationCodes } from "./authorization-codes";
import { DEFAULT_SCOPE, EMBEDDED_AUDIENCE, EMBEDDED_CLIENT_ID, isAllowedAppUrl } from "./client";
import { errorPage, signInPage, webMessagePage } from "./pages";
import {
  type ProviderSession,
  ProviderSessions,
  SESSION_COOKIE,
  SESSION_LIFETIME_SECONDS,
} from "./provider-session";

export interface EmbeddedProviderOptions {
  environment: "development" | "test" | "production";
  keys: SigningKeys | Promise<SigningKeys>;
  /** The clock, epoch seconds. */
  now?: () => number;
  users?: readonly DemoUser[];
  /**
   * The public URL (PUBLIC_URL); without it the app's origins are http://localhost:PORT and
   * http://127.0.0.1:PORT (../origins.ts), never the request's Host.
   */
  publicUrl?: string;
  /**
   * The issuer written into access tokens, which the sync server verifies; defaults to the ID
   * token's issuer (the app's origin with a trailing slash).
   */
  accessTokenIssuer?: (c: Context) => string;
  /** Whether a sign-in session was revoked on the server (sign out on all devices, docs/hardening.md). */
  isSignInRevoked?: (userId: string, authTime: number, sessionId: string) => boolean;
}

const authorizeSchema = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  response_type: z.string().optional(),
  response_mode: z.string().optional(),
  state: z.string().optional(),
  nonce: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  scope: z.string().optional(),
  audience: z.string().optional(),
  prompt: z.string().optional(),
  login_hint: z.string().optional(),
  max_age: z.string().regex(/^\d+$/, "max_age must be a whole number of seconds").optional(),
});

const tokenRequestSchema = z.object({
  grant_type: z.string({ error: "grant_type is required" }),
  client_id: z.string({ error: "client_id is required" }),
  code: z.string().optional(),
  code_verifier: z.string().optional(),
  redirect_uri: z.string().optional(),
});

// RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~].
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * The embedded, Auth0-compatible identity provider (development and test only): /authorize,
 * /oauth/token, /v2/logout, /.well-known/jwks.json and /.well-known/openid-configuration.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Hono {
  if (options.environment === "production") {
    throw new Error(
      "The embedded identity provider must not run in production: configure a real Auth0 tenant instead.",
    );
  }
  const now = options.now ?? nowSeconds;
  const users = options.users ?? DEMO_USERS;
  const keysPromise = Promise.resolve(options.keys);
  const codes = new AuthorizationCodes();
  let sessions: ProviderSessions | undefined;
  const getSessions = async () => {
    sessions ??= new ProviderSessions(await keysPromise, options.isSignInRevoked);
    return sessions;
  };
  // The app's origin and the provider's issuer (auth0-spa-js expects `${domain}/`): ORIGIN1.
  const origin = (c: Context) => requestAppOrigin(c, options.publicUrl);
  const issuerOf = (c: Context) => `${origin(c)}/`;
  const accessIssuerOf = (c: Context) => options.accessTokenIssuer?.(c) ?? issuerOf(c);
  const app = new Hono();

  app.get("/.well-known/jwks.json", async (c) => {
    const keys = await keysPromise;
    c.header("Cache-Control", "public, max-age=600");
    return c.json({ keys: [keys.publicJwk] });
  });

  app.get("/.well-known/openid-configuration", (c) => {
    const issuer = issuerOf(c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}authorize`,
      token_endpoint: `${issuer}oauth/token`,
      jwks_uri: `${issuer}.well-known/jwks.json`,
      end_session_endpoint: `${issuer}v2/logout`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "web_message"],
      grant_types_supported: ["authorization_code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["none"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["openid", "profile", "email"],
    });
  });

  app.get("/authorize", async (c) => {
    const parsed = authorizeSchema.safeParse(c.req.query());
    if (!parsed.success) {
      return c.html(
        errorPage("Invalid sign-in request", parsed.error.issues.map((i) => i.message).join("; ")),
        400,
      );
    }
    const q = parsed.data;
    if (q.client_id !== EMBEDDED_CLIENT_ID) {
      return c.html(errorPage("Unknown client", `client_id must be "${EMBEDDED_CLIENT_ID}".`), 400);
    }
    if (!q.redirect_uri || !isAllowedAppUrl(q.redirect_uri, origin(c))) {
      return c.html(
        errorPage(
          "Callback URL mismatch",
          `The redirect_uri ${q.redirect_uri ?? "(none)"} is not on this application's origin ${origin(c)}.`,
        ),
        400,
      );
    }
    const mode = q.response_mode ?? "query";
    if (mode !== "query" && mode !== "web_message") {
      return c.html(errorPage("Unsupported response mode", `response_mode ${mode} is not supported.`), 400);
    }
    const redirectUri = q.redirect_uri;
    const respond = (response: Record<string, string>) => {
      const full = q.state === undefined ? response : { ...response, state: q.state };
      if (mode === "query") {
        const target = new URL(redirectUri);
        for (const [name, value] of Object.entries(full)) target.searchParams.set(name, value);
        return c.redirect(target.toString(), 302);
      }
      const scriptNonce = randomBytes(16).toString("base64");
      c.header(
        "Content-Security-Policy",
        `default-src 'none'; script-src 'nonce-${scriptNonce}'; style-src 'unsafe-inline'; frame-ancestors ${new URL(redirectUri).origin}`,
      );
      c.header("Cache-Control", "no-store");
      return c.html(webMessagePage(new URL(redirectUri).origin, full, scriptNonce));
    };
    const fail = (error: string, description: string) => respond({ error, error_description: description });

    if (q.response_type !== "code") return fail("unsupported_response_type", "response_type must be code");
    if (!q.code_challenge || q.code_challenge_method !== "S256") {
      return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
    }
    if (q.audience !== undefined && q.audience !== EMBEDDED_AUDIENCE) {
      return fail("access_denied", `Service not found: ${q.audience}`);
    }

    const time = now();
    const issuer = issuerOf(c);
    const providerSessions = await getSessions();
    let session: ProviderSession | null = null;
    if (q.login_hint !== undefined && q.prompt !== "none") {
      const user = findDemoUser(q.login_hint, users);
      if (!user) {
        c.header(
          "Content-Security-Policy",
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        );
        return c.html(
          signInPage(authorizeParams(q), users, `No demo user has the e-mail ${q.login_hint}.`),
          400,
        );
      }
      const created = await providerSessions.create(user.sub, issuer, time);
      session = created.session;
      setCookie(c, SESSION_COOKIE, created.cookie, {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: origin(c).startsWith("https:"),
        maxAge: SESSION_LIFETIME_SECONDS,
      });
    } else if (q.prompt !== "login") {
      session = await providerSessions.read(getCookie(c, SESSION_COOKIE), issuer, time);
      const maxAge = q.max_age === undefined ? undefined : Number(q.max_age);
      if (session && maxAge !== undefined && session.authTime + maxAge < time) session = null;
    }
    const user = session ? users.find((u) => u.sub === session.sub) : undefined;
    if (!session || !user) {
      if (q.prompt === "none") return fail("login_required", "Login required");
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      );
      c.header("Cache-Control", "no-store");
      return c.html(signInPage(authorizeParams(q), users));
    }
    const code = codes.issue(
      {
        clientId: q.client_id,
        redirectUri,
        codeChallenge: q.code_challenge,
        nonce: q.nonce,
        audience: q.audience ?? EMBEDDED_AUDIENCE,
        scope: q.scope ?? DEFAULT_SCOPE,
        sub: user.sub,
        authTime: session.authTime,
        sessionId: session.sessionId,
      },
      time,
    );
    return respond({ code });
  });

  app.post("/oauth/token", async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await readBody(c);
    const parsed = tokenRequestSchema.safeParse(body);
    if (!parsed.success)
      return tokenError(c, 400, "invalid_request", parsed.error.issues[0]?.message ?? "bad body");
    const request = parsed.data;
    if (request.grant_type !== "authorization_code") {
      return tokenError(c, 400, "unsupported_grant_type", `Unsupported grant type: ${request.grant_type}`);
    }
    if (request.client_id !== EMBEDDED_CLIENT_ID)
      return tokenError(c, 401, "invalid_client", "Unknown client");
    if (!request.code) return tokenError(c, 400, "invalid_request", "Missing required parameter: code");
    if (!request.code_verifier || !CODE_VERIFIER.test(request.code_verifier)) {
      return tokenError(c, 400, "invalid_request", "code_verifier must be 43 to 128 unreserved characters");
    }
    const time = now();
    const result = codes.redeem(
      request.code,
      { clientId: request.client_id, redirectUri: request.redirect_uri, codeVerifier: request.code_verifier },
      time,
    );
    if (!result.ok) {
      const description = {
        "unknown-code": "Invalid authorization code",
        "expired-code": "Invalid authorization code",
        "client-mismatch": "Invalid authorization code",
        "redirect-mismatch": "redirect_uri does not match the one used to authorize",
        "pkce-mismatch": "Failed to verify code verifier",
      }[result.reason];
      return tokenError(c, 403, "invalid_grant", description);
    }
    const { grant } = result;
    const user = users.find((u) => u.sub === grant.sub);
    if (!user) return tokenError(c, 403, "invalid_grant", "The user no longer exists");
    const keys = await keysPromise;
    const issuer = issuerOf(c);
    const accessToken = await signAccessToken(keys, {
      issuer: accessIssuerOf(c),
      audience: grant.audience,
      clientId: grant.clientId,
      user,
      scope: grant.scope,
      now: time,
    });
    const idToken = grant.scope.split(" ").includes("openid")
      ? await signIdToken(keys, {
          issuer,
          clientId: grant.clientId,
          user,
          nonce: grant.nonce,
          authTime: grant.authTime,
          sessionId: grant.sessionId,
          now: time,
        })
      : undefined;
    return c.json({
      access_token: accessToken,
      ...(idToken ? { id_token: idToken } : {}),
      scope: grant.scope,
      expires_in: TOKEN_LIFETIME_SECONDS,
      token_type: "Bearer",
    });
  });

  app.get("/v2/logout", async (c) => {
    const clientId = c.req.query("client_id");
    const returnTo = c.req.query("returnTo");
    if (clientId !== undefined && clientId !== EMBEDDED_CLIENT_ID) {
      return c.html(errorPage("Unknown client", `client_id must be "${EMBEDDED_CLIENT_ID}".`), 400);
    }
    if (returnTo !== undefined && !isAllowedAppUrl(returnTo, origin(c))) {
      return c.html(
        errorPage(
          "Sign-out return address not allowed",
          `returnTo ${returnTo} is not on this application's origin.`,
        ),
        400,
      );
    }
    const session = await (await getSessions()).read(getCookie(c, SESSION_COOKIE), issuerOf(c), now());
    if (session) (await getSessions()).revoke(session.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.redirect(returnTo ?? `${origin(c)}/`, 302);
  });

  return app;
}

const authorizeParams = (q: z.infer<typeof authorizeSchema>): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter((entry): entry is [string, string] => entry[1] !== undefined));

async function readBody(c: Context): Promise<unknown> {
  try {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) return await c.req.json();
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return {};
  }
}

function tokenError(c: Context, status: 400 | 401 | 403, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}
