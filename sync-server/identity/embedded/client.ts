// The one application the embedded identity provider knows: the Rangeline PWA served from the same
// origin. Development and test share this client (spec §7).

export const EMBEDDED_CLIENT_ID = "rangeline-dev";
export const EMBEDDED_AUDIENCE = "rangeline-api";
export const DEFAULT_SCOPE = "openid profile email";

/** The provider's issuer for a request: the server's public origin with a trailing slash. */
export const issuerFor = (requestUrl: string): string => `${new URL(requestUrl).origin}/`;

/**
 * The issuers the embedded provider uses when the server listens on `port`: it signs with the origin
 * the browser used, and a browser only runs auth0-spa-js on a secure context, which over plain HTTP
 * means a loopback host. Add the public URL when the server sits behind HTTPS.
 */
export const embeddedIssuers = (port: number, publicUrl?: string): string[] => [
  `http://localhost:${port}/`,
  `http://127.0.0.1:${port}/`,
  `http://[::1]:${port}/`,
  ...(publicUrl ? [`${new URL(publicUrl).origin}/`] : []),
];

/** A redirect or sign-out return address is allowed only on the app's own origin. */
export function isAllowedAppUrl(candidate: string, requestUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.origin === new URL(requestUrl).origin;
}
