// The server half of signing out (docs/hardening.md): before the page leaves for the identity provider's
// logout, the app asks the sync server to revoke this device's session — or, for "Sign out on all
// devices", every session of the user. The server closes the live connections the revocation covers
// and refuses the revoked tokens from then on. Best effort: offline, the token simply expires.

import { authorizedJson } from "./authorized-json";

export type SignOutScope = "device" | "everywhere";

export const SIGN_OUT_PATHS: Record<SignOutScope, string> = {
  device: "/api/session/sign-out",
  everywhere: "/api/session/sign-out-everywhere",
};

let chosen: SignOutScope = "device";

/** The next sign-out from this page covers `scope` (the menu's "Sign out on all devices"). */
export function chooseSignOutScope(scope: SignOutScope): void {
  chosen = scope;
}

/** The scope of the sign-out under way; the one after it is "device" again. */
export function takeSignOutScope(): SignOutScope {
  const scope = chosen;
  chosen = "device";
  return scope;
}

/**
 * Revokes the session on the server; true when the server confirmed it. Never throws. What the server
 * says the signed-out person should know (for every device: the identity provider could not be
 * reached) is kept for the page the sign-out lands on (takeSignOutNotice).
 */
export async function revokeServerSession(
  token: string | undefined,
  scope: SignOutScope,
  origin = "",
  timeoutMs = 3000,
): Promise<boolean> {
  if (!token) return false;
  return authorizedJson<{ identityProvider?: string; message?: string }>(
    `${origin}${SIGN_OUT_PATHS[scope]}`,
    token,
    { method: "POST", signal: AbortSignal.timeout(timeoutMs) },
  ).then(
    (answer) => {
      if (answer?.identityProvider === "not-reached" && typeof answer.message === "string")
        keepNotice(answer.message);
      return true;
    },
    () => false,
  );
}

const NOTICE_KEY = "rangeline.sign-out.notice";

function keepNotice(message: string): void {
  try {
    globalThis.sessionStorage?.setItem(NOTICE_KEY, message);
  } catch {
    // Storage disabled: the sign-out itself is not held up.
  }
}

let taken: string | null | undefined;

/**
 * What the last sign-out left to tell, or null: read once per page load (and then removed, so the next
 * page load does not show it again); later calls in the same page load get the same answer.
 */
export function takeSignOutNotice(): string | null {
  if (taken !== undefined) return taken;
  try {
    taken = globalThis.sessionStorage?.getItem(NOTICE_KEY) ?? null;
    if (taken !== null) globalThis.sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    taken = null;
  }
  return taken;
}
