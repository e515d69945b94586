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
import { CacheFirst, NetworkFirst } from "workbox-strategies";
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

// The book import's worker, left out of the precache (vite.config.ts): kept once an agent's session
// has fetched it (src/app/warm-import-worker.ts), only the newest (the file's name changes with it).
const IMPORT_WORKER = /\/assets\/import-worker-[\w-]{8}\.js$/;
registerRoute(
  ({ url }) => url.origin === self.location.origin && IMPORT_WORKER.test(url.pathname),
  new CacheFirst({
    cacheName: "rangeline-import-worker",
    plugins: [
      {
        cacheDidUpdate: async ({ cacheName, request }) => {
          const cache = await caches.open(cacheName);
          for (const key of await cache.keys()) if (key.url !== request.url) await cache.delete(key);
        },
      },
    ],
  }),
);

// The first installation takes control of open pages at once, so the app works offline after one
// visit. Later versions wait for the page's "Reload" (workbox-window sends SKIP_WAITING).
clientsClaim();
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Price alerts (docs/market-data.md): the server's Web Push carries {title, body, url, tag}; the notification
// opens the quote (an open window of the app is focused and navigated, else a new one).
self.addEventListener("push", (event) => {
  let data: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? "Rangeline price alert", {
      body: data.body ?? "",
      tag: data.tag,
      data: { url: data.url ?? "/insurance/watchlist" },
      icon: "/icons/icon-192.png",
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? "/",
    self.location.origin,
  );
  // Only the app's own pages: a payload cannot send the user elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else await self.clients.openWindow(url);
    })(),
  );
});
