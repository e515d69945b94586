// The sync server refused this device's access token (docs/hardening.md): `unauthorized` when a document
// connection authenticates, `session-expired` when it closes a live one — e.g. after "Sign out on all
// devices" on another device revoked every session. The sync layer reports it here; the next token
// the auth layer hands out is then asked of the identity provider (never the device's cache, which
// would give the refused token again), and a provider that no longer knows the session ends the
// sign-in on this device cleanly (auth-provider.tsx: signed out, documents deleted), rather than
// leaving a signed-in screen whose every connection is refused.

let refused = false;

/** The server refused the token last handed out. */
export function reportTokenRefused(): void {
  refused = true;
}

/** Whether a refusal was reported since the last call (the next token must be fresh). */
export function takeTokenRefusal(): boolean {
  const was = refused;
  refused = false;
  return was;
}

/** Identity-provider error codes that mean there is no session to get a token from: signed out. */
export const SESSION_ENDED_CODES: ReadonlySet<string> = new Set([
  "login_required",
  "consent_required",
  "interaction_required",
  "invalid_grant",
  "missing_refresh_token",
]);
