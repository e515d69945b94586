// Which navigations the service worker answers with the cached app shell (index.html) when offline.
// Server endpoints are left to the network: the HTTP API, the sync socket and the identity provider's
// pages, which must never be replaced by the app.

export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/sync(\/|$)/,
  /^\/authorize(\/|$)/,
  /^\/oauth(\/|$)/,
  /^\/v2(\/|$)/,
  /^\/\.well-known(\/|$)/,
];

/** True when a navigation to `pathname` belongs to the single-page app. */
export const isAppNavigation = (pathname: string): boolean =>
  !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
