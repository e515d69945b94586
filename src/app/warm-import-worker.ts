import { useEffect } from "react";

// The book import's worker (293 KB since XLSX1; 1.2 MB with exceljs) is not in the service worker's precache: producers never
// import, and an install must not pay for it (docs/first-visit.md). An agent's session fetches it once
// per release, when the device is online and idle; the service worker keeps it (a CacheFirst route,
// src/sw.ts), so the import screen works on that device without a connection afterwards
// (docs/book-import.md "Offline").

const WARMED_KEY = "rangeline.importWorkerWarmed";

/** For an agent: once per release, fetch the import worker when online, idle and under the service worker. */
export function useWarmImportWorker(isAgent: boolean): void {
  useEffect(() => {
    const serviceWorker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!isAgent || !serviceWorker) return;
    let cancelled = false;
    let idle: number | undefined;
    const warm = async () => {
      const { default: url } = await import("../features/book-import/worker-address");
      if (cancelled || localStorage.getItem(WARMED_KEY) === url) return;
      const response = await fetch(url);
      if (response.ok) localStorage.setItem(WARMED_KEY, url);
    };
    const run = () => void warm().catch(() => {});
    // Only through the service worker (which keeps it), so not before it controls the page.
    const schedule = () => {
      if (cancelled || !navigator.onLine || !serviceWorker.controller) return;
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(run, { timeout: 60_000 })
        : window.setTimeout(run, 10_000);
    };
    if (serviceWorker.controller) schedule();
    else serviceWorker.addEventListener("controllerchange", schedule, { once: true });
    return () => {
      cancelled = true;
      serviceWorker.removeEventListener("controllerchange", schedule);
      if (idle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [isAgent]);
}
