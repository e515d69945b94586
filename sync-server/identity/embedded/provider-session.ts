import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { SigningKeys } from "../keys";

// The provider's own sign-in session, kept in a cookie so silent authentication (prompt=none in a
// hidden frame) finds the user again. The cookie holds a token signed with the provider's key, so it
// survives a server restart; sign-out revokes its session id for the life of the process.

export const SESSION_COOKIE = "rangeline_idp_session";
/** How long the provider remembers a sign-in, seconds. */
export const SESSION_LIFETIME_SECONDS = 24 * 3600;
const SESSION_AUDIENCE = "rangeline-idp-session";

export interface ProviderSession {
  sub: string;
  sessionId: string;
  /** When the user signed in, epoch seconds. */
  authTime: number;
}

export class ProviderSessions {
  readonly #revoked = new Set<string>();

  constructor(
    private readonly keys: SigningKeys,
    /** The server's revocations (sign out on all devices) also end the provider's sessions. */
    private readonly isRevoked?: (sub: string, authTime: number, sessionId: string) => boolean,
  ) {}

  create(sub: string, issuer: string, now: number): Promise<{ session: ProviderSession; cookie: string }> {
    const session = { sub, sessionId: randomUUID(), authTime: now };
    return new SignJWT({ sid: session.sessionId, auth_time: now })
      .setProtectedHeader({ alg: "RS256", kid: this.keys.kid })
      .setIssuer(issuer)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + SESSION_LIFETIME_SECONDS)
      .sign(this.keys.privateKey)
      .then((cookie) => ({ session, cookie }));
  }

  /** The session a cookie stands for, or null when it is missing, forged, expired or signed out. */
  async read(cookie: string | undefined, issuer: string, now: number): Promise<ProviderSession | null> {
    if (!cookie) return null;
    try {
      const { payload } = await jwtVerify(cookie, this.keys.publicKey, {
        algorithms: ["RS256"],
        issuer,
        audience: SESSION_AUDIENCE,
        requiredClaims: ["sub", "sid", "auth_time"],
        currentDate: new Date(now * 1000),
      });
      const sessionId = String(payload.sid);
      if (this.#revoked.has(sessionId)) return null;
      const session = { sub: payload.sub as string, sessionId, authTime: Number(payload.auth_time) };
      if (this.isRevoked?.(session.sub, session.authTime, sessionId)) return null;
      return session;
    } catch {
      return null;
    }
  }

  revoke(sessionId: string) {
    this.#revoked.add(sessionId);
  }
}
