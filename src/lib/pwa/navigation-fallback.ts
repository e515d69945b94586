// Which navigations the service worker answers with the cached app shell (index.html) when offline.
// Server endpoints are left to the network: the HTTP API, the sync socket and the identity provider's
// pages, which must never be replaced by the app. Workbox's NavigationRoute tests these patterns
// against the path *and* query string ("/authorize?client_id=…"), so a query must not hide a match.

export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api(\/|\?|$)/,
  /^\/sync(\/|\?|$)/,
  /^\/authorize(\/|\?|$)/,
  /^\/oauth(\/|\?|$)/,
  /^\/v2(\/|\?|$)/,
  /^\/\.well-known(\/|\?|$)/,
];

/** True when a navigation to `pathAndSearch` (as NavigationRoute sees it) belongs to the app. */
export const isAppNavigation = (pathAndSearch: string): boolean =>
  !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndSearch));
