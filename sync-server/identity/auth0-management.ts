import { nowMs } from "../clock";
import type { Config } from "../config";

// "Sign out on all devices" at the identity provider (docs/hardening.md). The server revokes the user's
// Rangeline sessions itself (sync-server/session/revocation.ts); with Auth0, a device whose token is
// refused asks Auth0 for a new one, and Auth0 would hand one out as long as its own session (or a
// refresh token) lives. So the user's Auth0 sessions and refresh tokens are ended too, through the
// Management API, with a machine-to-machine application's client credentials:
//   POST   https://{tenant}/oauth/token  grant_type=client_credentials, audience https://{tenant}/api/v2/
//   DELETE https://{tenant}/api/v2/users/{user_id}/sessions        scope delete:sessions
//   DELETE https://{tenant}/api/v2/users/{user_id}/refresh-tokens  scope delete:refresh_tokens
// Both deletions answer 202 (accepted). The Management token (24 h) is kept until a minute before it
// expires. Neither the client secret nor a token ever appears in an error or a log line.

/** Ends every session of a user at the identity provider. */
export interface IdentityProviderSessions {
  /** Throws IdentityProviderError when the provider could not be reached or refused. */
  endAllSessions(userId: string): Promise<void>;
}

export class IdentityProviderError extends Error {
  constructor(
    message: string,
    /** "unreachable": no answer (network, timeout); "refused": an answer other than success. */
    readonly kind: "unreachable" | "refused",
  ) {
    super(message);
    this.name = "IdentityProviderError";
  }
}

export interface Auth0ManagementOptions {
  /** The tenant's origin, e.g. https://rangeline.us.auth0.com (not a custom domain). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Longest wait for one request, ms. */
  timeoutMs?: number;
  now?: () => number;
}

/** The Management API token is renewed this long before it expires, ms. */
const RENEW_BEFORE_MS = 60_000;

export class Auth0Management implements IdentityProviderSessions {
  readonly #origin: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #token: { value: string; expiresAt: number } | null = null;
  /** The token request under way: the calls that need a token meanwhile wait for the same one. */
  #fetching: Promise<string> | null = null;

  constructor(private readonly options: Auth0ManagementOptions) {
    this.#origin = new URL(options.baseUrl).origin;
    this.#timeoutMs = options.timeoutMs ?? 2500;
    this.#now = options.now ?? nowMs;
  }

  /** The Management API's audience: the tenant's /api/v2/. */
  get audience(): string {
    return `${this.#origin}/api/v2/`;
  }

  async endAllSessions(userId: string): Promise<void> {
    const path = `/api/v2/users/${encodeURIComponent(userId)}`;
    await Promise.all([this.delete(`${path}/sessions`), this.delete(`${path}/refresh-tokens`)]);
  }

  /** One DELETE with the Management token; a token Auth0 no longer takes is fetched again once. */
  private async delete(path: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      const response = await this.request(path, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status === 401 && attempt === 0) {
        this.#token = null;
        continue;
      }
      // 404: Auth0 does not know the user (nothing of theirs to end there).
      if (response.ok || response.status === 404) return;
      throw await refusal(`DELETE ${path.replace(/users\/[^/]+/, "users/…")}`, response);
    }
  }

  private async token(): Promise<string> {
    if (this.#token && this.#token.expiresAt - RENEW_BEFORE_MS > this.#now()) return this.#token.value;
    this.#fetching ??= this.fetchToken().finally(() => {
      this.#fetching = null;
    });
    return this.#fetching;
  }

  private async fetchToken(): Promise<string> {
    const response = await this.request("/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        audience: this.audience,
      }),
    });
    if (!response.ok) throw await refusal("the Management API token request", response);
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof body?.access_token !== "string" || typeof body.expires_in !== "number")
      throw new IdentityProviderError("Auth0's token answer has no access_token or expires_in", "refused");
    this.#token = { value: body.access_token, expiresAt: this.#now() + body.expires_in * 1000 };
    return this.#token.value;
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.#origin}${path}`, {
        ...init,
        redirect: "error",
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const cause = (error as Error).name === "TimeoutError" ? `no answer within ${this.#timeoutMs} ms` : "";
      const detail =
        cause || ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      throw new IdentityProviderError(
        `Auth0 (${this.#origin}) could not be reached: ${detail}`,
        "unreachable",
      );
    }
  }
}

/** An error naming what Auth0 answered: status and its error code, never the request's secrets. */
async function refusal(what: string, response: Response): Promise<IdentityProviderError> {
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    errorCode?: unknown;
  } | null;
  const code = [body?.errorCode, body?.error].find((v) => typeof v === "string" && v.length <= 80);
  const retry = response.headers.get("retry-after");
  return new IdentityProviderError(
    `Auth0 refused ${what}: ${response.status}${code ? ` ${String(code)}` : ""}${retry ? ` (retry after ${retry} s)` : ""}`,
    response.status >= 500 || response.status === 429 ? "unreachable" : "refused",
  );
}

/** The adapter the configuration asks for: Auth0's Management API when its client is set, else none. */
export function identityProviderSessionsFrom(config: Config): IdentityProviderSessions | null {
  const { AUTH0_MANAGEMENT_CLIENT_ID: clientId, AUTH0_MANAGEMENT_CLIENT_SECRET: clientSecret } = config;
  if (!clientId || !clientSecret) return null;
  const baseUrl =
    config.AUTH0_MANAGEMENT_URL ?? (config.AUTH0_DOMAIN ? `https://${config.AUTH0_DOMAIN}/` : undefined);
  if (!baseUrl) return null;
  return new Auth0Management({ baseUrl, clientId, clientSecret });
}
