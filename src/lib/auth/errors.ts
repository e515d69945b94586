// Spec §8 identity errors. auth0-spa-js raises the structured ones itself (GenericError and its
// subclasses carry `error`: timeout, login_required, state_mismatch "Invalid state", ...); anything
// without a structure becomes one of the two fixed sentences.

export const LOGIN_FAILED = "Login failed";
export const GET_ACCESS_TOKEN_FAILED = "Get access token failed";
export const MISSING_AUTH_PROVIDER = "You forgot to wrap your component in <Auth0Provider>.";
export const MISSING_HIQ_LOGOUT_PROVIDER = "useHiqLogout must be used within a HiqLogoutProvider";

/** An error the identity provider reported as `error` and `error_description`. */
export class OAuthError extends Error {
  readonly error: string;
  readonly error_description: string | undefined;
  constructor(error: string, errorDescription?: string) {
    super(errorDescription || error);
    this.name = "OAuthError";
    this.error = error;
    this.error_description = errorDescription;
  }
}

/** An Error for anything thrown by the sign-in machinery; `fallback` when it carries no structure. */
export function normalizeAuthError(
  thrown: unknown,
  fallback: typeof LOGIN_FAILED | typeof GET_ACCESS_TOKEN_FAILED,
) {
  if (thrown instanceof Error) return thrown;
  if (
    thrown !== null &&
    typeof thrown === "object" &&
    "error" in thrown &&
    typeof thrown.error === "string"
  ) {
    const description = "error_description" in thrown ? thrown.error_description : undefined;
    return new OAuthError(thrown.error, typeof description === "string" ? description : undefined);
  }
  return new Error(fallback);
}

/** The short code of an identity error (`login_required`, `timeout`, ...), if it has one. */
export const authErrorCode = (error: unknown): string | undefined =>
  error !== null && typeof error === "object" && "error" in error && typeof error.error === "string"
    ? error.error
    : undefined;
