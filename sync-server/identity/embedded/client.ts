// The one application the embedded identity provider knows: the Rangeline PWA served from the same
// origin. Development and test share this client (spec §7).

export const EMBEDDED_CLIENT_ID = "rangeline-dev";
export const EMBEDDED_AUDIENCE = "rangeline-api";
export const DEFAULT_SCOPE = "openid profile email";

/** A redirect or sign-out return address is allowed only on the app's own origin. */
export function isAllowedAppUrl(candidate: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin;
}
