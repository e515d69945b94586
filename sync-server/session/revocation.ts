import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { nowMs } from "../clock";
import type { Identity } from "../identity/verify";
import type { SessionRevocation, Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// Session revocation (docs/hardening.md). Sign-out revokes the access token it presents (and its provider
// session id when the token carries one); "sign out on all devices" revokes every token of the user
// issued up to that moment. Revocations live in the server's table (so a restart keeps them) and in
// memory (so a check is a map lookup); with REDIS_URL the instances tell each other at once.

/** How long a "sign out on all devices" entry is kept: longer than any access token lives (Auth0: ≤ 30 d). */
export const USER_REVOCATION_KEEP_MS = 31 * 24 * 3600_000;
/** The verifier's clock leeway, ms: a token stays refusable this long past its expiry. */
const LEEWAY_MS = 60_000;

export class SessionRevokedError extends Error {
  readonly code = "session-revoked";
  constructor() {
    super("Access token rejected (session-revoked): the session was signed out");
    this.name = "SessionRevokedError";
  }
}

/** What the revocation check needs from a verified token. */
export interface TokenFacts {
  /** SHA-256 of the token text, base64url. */
  key: string;
  /** Issued at, epoch seconds (0 when the token says nothing: treated as issued long ago). */
  iat: number;
  /** The provider's session id, when the token carries one (Auth0's `sid`). */
  sid: string | null;
  /** Expiry, epoch seconds. */
  exp: number;
}

export const tokenKey = (token: string) => createHash("sha256").update(token).digest("base64url");

export function tokenFacts(token: string): TokenFacts {
  const payload = decodeJwt(token);
  return {
    key: tokenKey(token),
    iat: typeof payload.iat === "number" ? payload.iat : 0,
    sid: typeof payload.sid === "string" && payload.sid !== "" ? payload.sid : null,
    exp: typeof payload.exp === "number" ? payload.exp : 0,
  };
}

export class SessionRevocations {
  /** user id → every token issued at or before this (epoch ms) is revoked. */
  readonly #userCutoff = new Map<string, number>();
  /** token key or `sid:<id>` → when the entry may be forgotten (epoch ms). */
  readonly #revoked = new Map<string, number>();
  /** The facts of each identity this server verified (connections keep their identity). */
  readonly #facts = new WeakMap<Identity, TokenFacts>();
  readonly #listeners = new Set<(revocation: SessionRevocation) => void>();

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = nowMs,
  ) {}

  /** Reads the revocations in force from the table (at start, and to catch up). */
  async load(): Promise<void> {
    for (const revocation of await this.storage.sessions.listRevocations(this.now())) {
      if (!this.knows(revocation)) this.apply(revocation);
    }
  }

  /** Whether memory already holds `revocation` (so reading the table again changes nothing). */
  private knows(revocation: SessionRevocation): boolean {
    if (revocation.kind === "user") return (this.#userCutoff.get(revocation.userId) ?? 0) >= revocation.at;
    const key = revocation.kind === "session" ? `sid:${revocation.key}` : revocation.key;
    return (this.#revoked.get(key) ?? 0) >= revocation.expiresAt;
  }

  /** Called with every revocation this instance learns of (its own, another instance's, the table's). */
  onRevoked(listener: (revocation: SessionRevocation) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes a revocation into memory and tells the listeners (which close live connections). */
  apply(revocation: SessionRevocation): void {
    if (revocation.kind === "user") {
      const before = this.#userCutoff.get(revocation.userId) ?? 0;
      if (revocation.at > before) this.#userCutoff.set(revocation.userId, revocation.at);
    } else {
      const key = revocation.kind === "session" ? `sid:${revocation.key}` : revocation.key;
      this.#revoked.set(key, Math.max(this.#revoked.get(key) ?? 0, revocation.expiresAt));
    }
    this.sweep();
    for (const listener of this.#listeners) listener(revocation);
  }

  /** Records and applies a revocation; returns it (for the other instances). */
  async revoke(revocation: SessionRevocation): Promise<SessionRevocation> {
    await this.storage.sessions.revokeSessions(revocation);
    this.apply(revocation);
    return revocation;
  }

  /** Sign-out: this token, and its provider session when it names one. */
  revocationsOfToken(identity: Identity, facts: TokenFacts): SessionRevocation[] {
    const at = this.now();
    const expiresAt = Math.max(facts.exp * 1000, identity.expiresAt * 1000) + LEEWAY_MS;
    const token: SessionRevocation = { kind: "token", key: facts.key, userId: identity.sub, at, expiresAt };
    if (!facts.sid) return [token];
    return [
      token,
      { kind: "session", key: facts.sid, userId: identity.sub, at, expiresAt: at + USER_REVOCATION_KEEP_MS },
    ];
  }

  /** Sign out on all devices: every token of `userId` issued up to now. */
  revocationOfUser(userId: string): SessionRevocation {
    const at = this.now();
    return { kind: "user", key: userId, userId, at, expiresAt: at + USER_REVOCATION_KEEP_MS };
  }

  /** True when a token with these facts, for `userId`, was revoked. */
  isRevoked(userId: string, facts: TokenFacts): boolean {
    const cutoff = this.#userCutoff.get(userId);
    if (cutoff !== undefined && facts.iat * 1000 <= cutoff) return true;
    if (this.#revoked.has(facts.key)) return true;
    return facts.sid !== null && this.#revoked.has(`sid:${facts.sid}`);
  }

  /** True when a provider sign-in of `userId` at `authTime` (epoch s) was revoked (all devices). */
  isSignInRevoked(userId: string, authTime: number, sessionId: string): boolean {
    const cutoff = this.#userCutoff.get(userId);
    if (cutoff !== undefined && authTime * 1000 <= cutoff) return true;
    return this.#revoked.has(`sid:${sessionId}`);
  }

  /** Whether a live connection's identity falls under `revocation`. */
  covers(revocation: SessionRevocation, identity: Identity): boolean {
    if (identity.sub !== revocation.userId) return false;
    const facts = this.#facts.get(identity);
    if (!facts) return revocation.kind === "user"; // not verified here: be safe on "all devices"
    if (revocation.kind === "user") return facts.iat * 1000 <= revocation.at;
    if (revocation.kind === "session") return facts.sid === revocation.key;
    return facts.key === revocation.key;
  }

  /** The facts of an identity this server verified. */
  factsOf(identity: Identity): TokenFacts | undefined {
    return this.#facts.get(identity);
  }

  /** The verifier with the revocation check after it. */
  guard(verify: VerifyToken): VerifyToken {
    return async (token) => {
      const identity = await verify(token);
      const facts = tokenFacts(token);
      if (this.isRevoked(identity.sub, facts)) throw new SessionRevokedError();
      this.#facts.set(identity, facts);
      return identity;
    };
  }

  private sweep() {
    const now = this.now();
    for (const [key, until] of this.#revoked) if (until <= now) this.#revoked.delete(key);
  }
}
