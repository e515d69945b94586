import type { User } from "@auth0/auth0-spa-js";

// The last identity the provider confirmed, kept on the device so a reload without a connection still
// knows who is signed in and with which roles (the offline work reads it). It holds the ID token's
// profile claims only — no token — and is removed on sign-out.

const KEY = "rangeline.auth.last-identity";

export interface CachedIdentity {
  user: User;
  /** When the provider last confirmed it, epoch milliseconds. */
  verifiedAt: number;
}

export function readCachedIdentity(storage: Storage): CachedIdentity | undefined {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<CachedIdentity>;
    if (!parsed.user || typeof parsed.user.sub !== "string" || typeof parsed.verifiedAt !== "number")
      return undefined;
    return { user: parsed.user, verifiedAt: parsed.verifiedAt };
  } catch {
    return undefined;
  }
}

export function writeCachedIdentity(storage: Storage, identity: CachedIdentity) {
  try {
    storage.setItem(KEY, JSON.stringify(identity));
  } catch {
    // Storage full or disabled: the app still works online.
  }
}

export function clearCachedIdentity(storage: Storage) {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
