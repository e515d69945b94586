import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { nowMs } from "../clock";
import type { Config } from "../config";
import { mountIdentity } from "../identity";
import type { DemoUser } from "../identity/demo-users";
import { logEntry } from "../log-line";
import { type MarketApiOptions, type MarketSource, mountMarketApi } from "../market/api";
import { precompressedFiles, precompressedResponse } from "./static-files";

export interface HttpAppOptions {
  /** Middleware that must see every request first (sync-server/protection: headers and limits). */
  first?: (app: Hono) => void;
  /** Whether an embedded-provider sign-in was revoked (sign out on all devices). */
  isSignInRevoked?: (userId: string, authTime: number, sessionId: string) => boolean;
  /** The market snapshot source and the history and failure routes (docs/market-data.md). */
  market?: { source: MarketSource; api: MarketApiOptions };
  /** The embedded provider's users (docs/administration.md; invited users join them); default the demo users. */
  embeddedUsers?: DemoUser[];
  /** Mounts further /api routes (the sync server's) before the /api catch-all. */
  mountApi?: (app: Hono) => void;
}

/** The HTTP side of the server: /api/* and the built PWA with a single-page fallback. */
export function createHttpApp(config: Config, options: HttpAppOptions = {}) {
  const app = new Hono();
  const staticRoot = resolve(config.STATIC_DIR);
  options.first?.(app);
  // A failure nobody answered: one escaped line (LOG1; the default printed the stack over many lines,
  // an error's message may quote the request), and a JSON 500 that names no internals.
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error(
      logEntry("[sync] request failed", { method: c.req.method, path: c.req.path, error: String(error) }),
    );
    return c.json({ error: "internal", message: "Something failed on the server." }, 500);
  });
  // A method no route takes (a POST to a page's path): a sentence, not Hono's bare "404 Not Found" (BOUND1).
  app.notFound((c) =>
    c.json(
      { error: "not-found", message: `Nothing here answers ${c.req.method} ${c.req.path.slice(0, 200)}.` },
      404,
    ),
  );

  app.get("/api/health", (c) =>
    // `now`: the server's clock (sync-server/clock.ts), which end-to-end runs fix (CLOCK_FIXED_AT).
    c.json({ status: "ok", version: process.env.npm_package_version ?? "0.0.1", now: nowMs() }),
  );
  mountIdentity(app, config, { isSignInRevoked: options.isSignInRevoked, users: options.embeddedUsers });
  mountMarketApi(app, options.market?.source, options.market?.api);
  options.mountApi?.(app);
  app.all("/api/*", (c) => c.json({ error: "not-found", message: `No API route ${c.req.path}` }, 404));

  // The service worker and the manifest must never be cached by HTTP, or an update is missed.
  app.use("/sw.js", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-cache");
  });
  // Brotli or gzip copies written at build time when accepted (docs/first-visit.md), else the file as it is.
  app.use("/*", precompressedFiles(staticRoot));
  app.use("/*", serveStatic({ root: staticRoot }));

  const indexFile = join(staticRoot, "index.html");
  app.get("*", (c) => {
    // A missing build file is a 404, never the page (a service worker would cache HTML as a script).
    if (c.req.path.startsWith("/assets/")) return c.text("Not found", 404);
    if (!existsSync(indexFile)) return c.text("The app is not built: run `npm run build`.", 503);
    return precompressedResponse(c, indexFile) ?? c.html(readFileSync(indexFile, "utf8"));
  });
  return app;
}
