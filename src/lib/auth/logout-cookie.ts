import { LOGOUT_DEFAULTS } from "../../../shared/catalogue/app-defaults";

// The cross-application sign-out marker (spec §3, §4): a cookie named hiqLogout that every sibling
// application of the company polls. It lives on the shared parent domain so all of them see it;
// "localhost when local".

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The domain the cookie is set on: `override` when given (VITE_LOGOUT_COOKIE_DOMAIN), "localhost" for
 * localhost and *.localhost, none (a host-only cookie) for an IP address, which cannot carry a domain
 * attribute, else the last two labels of the host name (portal.rangeline.app -> rangeline.app).
 */
export function logoutCookieDomain(hostname: string, override?: string): string | undefined {
  if (override) return override;
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return LOGOUT_DEFAULTS.localCookieDomain;
  if (IPV4.test(host) || host.includes(":") || host.startsWith("[")) return undefined;
  const labels = host.split(".");
  return labels.length <= 2 ? host : labels.slice(-2).join(".");
}

export interface CookieJar {
  /** document.cookie's semantics: reading gives "a=1; b=2", writing sets one cookie. */
  cookie: string;
}

export interface LogoutCookieOptions {
  domain: string | undefined;
  secure: boolean;
}

const attributes = ({ domain, secure }: LogoutCookieOptions, maxAge: number) =>
  [`Path=/`, `Max-Age=${maxAge}`, domain ? `Domain=${domain}` : "", "SameSite=Lax", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");

export const hasLogoutCookie = (jar: CookieJar): boolean =>
  jar.cookie.split(";").some((part) => part.trim().split("=")[0] === LOGOUT_DEFAULTS.cookieName);

/** Marks "signed out" for every sibling application, for 60 seconds. */
export function setLogoutCookie(jar: CookieJar, options: LogoutCookieOptions) {
  jar.cookie = `${LOGOUT_DEFAULTS.cookieName}=true; ${attributes(options, LOGOUT_DEFAULTS.cookieLifetimeSeconds)}`;
}

/** Removes the marker (on the shared domain and, in case another app set one there, on this host). */
export function clearLogoutCookie(jar: CookieJar, options: LogoutCookieOptions) {
  jar.cookie = `${LOGOUT_DEFAULTS.cookieName}=; ${attributes(options, 0)}`;
  if (options.domain)
    jar.cookie = `${LOGOUT_DEFAULTS.cookieName}=; ${attributes({ ...options, domain: undefined }, 0)}`;
}
