import { readCachedIdentity } from "./identity-cache";

// Whether this device may hold a sign-in, read without loading @auth0/auth0-spa-js. The library keeps
// what it needs to find a user in two places: the "is authenticated" cookie that its checkSession()
// looks for (auth0.{clientId}.is.authenticated, before version 2 auth0.is.authenticated, each with a
// _legacy_ twin for old SameSite handling), and its token cache in localStorage (keys beginning
// @@auth0spajs@@, where getUser() reads the ID token). The app adds the last confirmed identity for
// offline use (identity-cache.ts). With none of these, the library would answer "nobody" without a
// request, so a signed-out visitor's first screen needs neither the library nor a round trip.

/** The prefix of every key auth0-spa-js writes into its localStorage cache. */
export const AUTH0_CACHE_PREFIX = "@@auth0spajs@@";

/** The cookie names auth0-spa-js's checkSession() reads for `clientId`. */
export const sessionCookieNames = (clientId: string): string[] =>
  [`auth0.${clientId}.is.authenticated`, "auth0.is.authenticated"].flatMap((name) => [
    name,
    `_legacy_${name}`,
  ]);

const cookieNames = (cookies: string): Set<string> =>
  new Set(
    cookies
      .split(";")
      .map((pair) => pair.split("=")[0]?.trim() ?? "")
      .filter((name) => name !== ""),
  );

function hasCacheEntry(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(AUTH0_CACHE_PREFIX)) return true;
  }
  return false;
}

/**
 * True when the device may hold a sign-in for `clientId` (the identity library must then be asked);
 * false when it certainly holds none. `cookies` is document.cookie's text.
 */
export function mayHaveSession(clientId: string, cookies: string, storage: Storage): boolean {
  const present = cookieNames(cookies);
  if (sessionCookieNames(clientId).some((name) => present.has(name))) return true;
  try {
    return hasCacheEntry(storage) || readCachedIdentity(storage) !== undefined;
  } catch {
    // Storage disabled: nothing can be cached there, so only the cookie could tell.
    return false;
  }
}
