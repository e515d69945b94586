import type { MiddlewareHandler } from "hono";
import { requestAppOrigin } from "../identity/origins";
import { CSP_REPORT_PATH } from "./csp-report";

// Security and cache headers on every HTTP response (docs/hardening.md). A route that sets its own
// Content-Security-Policy keeps it (the embedded identity provider's pages: the hidden frame that
// answers auth0-spa-js may be framed by the app's origin only); it gains `frame-ancestors 'none'` and
// `base-uri 'none'` when it does not say otherwise. Decisions: docs/hardening.md.

export interface HeaderPolicyOptions {
  production: boolean;
  /** The production identity provider (Auth0 tenant host): token calls and the silent-auth frame. */
  auth0Domain?: string;
  /**
   * The public origin (PUBLIC_URL); otherwise http://localhost:PORT or http://127.0.0.1:PORT, whichever
   * the request was made to (any other Host: the first), never the Host's (ORIGIN1, identity/origins.ts).
   */
  publicUrl?: string;
}

/** Headers every response carries, whatever it is. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Nothing in the portal uses a device API; deny them to the page and to anything it frames.
  "Permissions-Policy":
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), usb=(), xr-spatial-tracking=()",
  // same-origin-allow-popups rather than same-origin: auth0-spa-js's loginWithPopup needs the
  // provider's popup to reach back to its opener.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

const HSTS = "max-age=31536000; includeSubDomains";

/** The app's policy: everything from its own origin, its sync socket and the identity provider. */
export function appContentSecurityPolicy(origin: URL, auth0Domain?: string): string {
  const socket = `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
  const idp = auth0Domain ? ` https://${auth0Domain}` : "";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    // Stylesheets only from 'self'; a style *attribute* is allowed (style-src-attr) because the app's
    // components and uPlot position elements with inline style attributes. No <style> element may run.
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data: blob:",
    "manifest-src 'self'",
    `connect-src 'self' ${socket}${idp}`,
    // auth0-spa-js's silent authentication loads the provider in a hidden frame.
    `frame-src 'self'${idp}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${idp}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");
}

/** Cache-Control for a path when the route did not set one. */
export function cachePolicy(path: string, contentType: string | null, status: number): string {
  if (path.startsWith("/api/")) return "no-store";
  // Vite's hashed files never change under a name; a missing one answers 404, never cached long.
  if (path.startsWith("/assets/") && status === 200 && !contentType?.includes("text/html")) {
    return "public, max-age=31536000, immutable";
  }
  // The page, the service worker, the manifest, icons: always revalidated, so an update is never missed.
  return "no-cache";
}

const hasDirective = (policy: string, name: string) =>
  policy.split(";").some((directive) => directive.trim().toLowerCase().startsWith(`${name} `));

/** Adds the security and cache headers to every response of the HTTP app. */
export function securityHeaders(options: HeaderPolicyOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    // Some responses (static files) come with immutable headers: copy them once when needed.
    let target = headers;
    try {
      headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      c.res = new Response(c.res.body, c.res);
      target = c.res.headers;
    }
    const route = target.get("Content-Security-Policy");
    if (route) {
      let policy = route;
      if (!hasDirective(policy, "frame-ancestors")) policy += "; frame-ancestors 'none'";
      if (!hasDirective(policy, "base-uri")) policy += "; base-uri 'none'";
      if (!hasDirective(policy, "report-uri")) policy += `; report-uri ${CSP_REPORT_PATH}`;
      target.set("Content-Security-Policy", policy);
    } else {
      const origin = new URL(requestAppOrigin(c, options.publicUrl));
      target.set("Content-Security-Policy", appContentSecurityPolicy(origin, options.auth0Domain));
    }
    for (const [name, value] of Object.entries(BASE_HEADERS)) {
      // A frame the app may embed (the provider's answer) says so with its own frame-ancestors.
      if (name === "X-Frame-Options" && route && hasDirective(route, "frame-ancestors")) continue;
      if (!target.has(name)) target.set(name, value);
    }
    if (options.production) target.set("Strict-Transport-Security", HSTS);
    if (!target.has("Cache-Control")) {
      target.set("Cache-Control", cachePolicy(c.req.path, target.get("Content-Type"), c.res.status));
    }
  };
}

/** Header lines for responses written straight to a socket (upgrade refusals and the 101). */
export function rawResponseHeaders(production: boolean): string[] {
  return [
    "X-Content-Type-Options: nosniff",
    "Cache-Control: no-store",
    `Referrer-Policy: ${BASE_HEADERS["Referrer-Policy"]}`,
    ...(production ? [`Strict-Transport-Security: ${HSTS}`] : []),
  ];
}
