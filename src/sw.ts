/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa with strategies "injectManifest" into /sw.js).
// It precaches the app shell — HTML, scripts (the compute worker's chunk too), styles, fonts and
// icons — so a reload with no network shows the app, and answers app navigations with index.html.
// A new version installs in the background and waits: the page asks the user before it takes over.
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { NAVIGATION_DENYLIST } from "./lib/pwa/navigation-fallback";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [...NAVIGATION_DENYLIST] }),
);
// The last market snapshot, for quoting offline (the page writes the same cache: src/lib/pricing).
registerRoute(
  ({ url }) => url.pathname === "/api/market/current",
  new NetworkFirst({ cacheName: "rangeline-market", networkTimeoutSeconds: 6 }),
);

// The first installation takes control of open pages at once, so the app works offline after one
// visit. Later versions wait for the page's "Reload" (workbox-window sends SKIP_WAITING).
clientsClaim();
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
