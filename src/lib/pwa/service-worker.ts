import { createUpdateStore } from "./update-store";

/** The page's view of its service worker; the update banner reads it. */
export const serviceWorkerUpdates = createUpdateStore(() => window.location.reload());

const HOUR = 60 * 60 * 1000;

/**
 * Registers /sw.js (built from src/sw.ts) and feeds the update store. Checks for a new version every
 * hour and when the tab becomes visible again, so a long-open tab still learns about updates.
 * workbox-window loads here, after the first screen (docs/first-visit.md), not with the entry.
 */
export async function registerServiceWorker(url = "/sw.js"): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox(url, { scope: "/" });
  serviceWorkerUpdates.attach(wb);
  wb.register().catch((error: unknown) => {
    console.warn("Service worker registration failed; the app works online only.", error);
  });
  const check = () => {
    if (navigator.onLine) wb.update().catch(() => {});
  };
  setInterval(check, HOUR);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
