import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { matchRoute } from "../../shared/access/routes";
import { expect, test } from "./fixtures";

// The update prompt needs a second version of the service worker. Playwright cannot rewrite the
// bytes of a service worker script as the browser fetches it, so this test serves the real build
// (dist/, made by the web server's `npm start`) from a small static server of its own, whose /sw.js
// changes when the test "deploys" a new version — as a real deployment changes it.

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  ".map": "application/json",
};

interface Deployment {
  origin: string;
  deployNewVersion(): void;
  close(): Promise<void>;
}

async function serveBuild(): Promise<Deployment> {
  let version = 1;
  const server: Server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const file = normalize(join(dist, decodeURIComponent(pathname)));
    try {
      if (!file.startsWith(dist) || pathname.endsWith("/")) throw new Error("not a file");
      let body: Buffer | string = await readFile(file);
      if (pathname === "/sw.js" && version > 1) body = `${body.toString("utf8")}\n// version ${version}\n`;
      response.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Cache-Control": "no-cache",
      });
      response.end(body);
    } catch {
      // The single-page fallback, for the app's routes only.
      if (matchRoute(pathname)) {
        response.writeHead(200, { "Content-Type": TYPES[".html"], "Cache-Control": "no-cache" });
        response.end(await readFile(join(dist, "index.html")));
      } else {
        response.writeHead(404, { "Content-Type": "text/plain" });
        response.end("not found");
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    deployNewVersion: () => {
      version++;
    },
    // The page still holds keep-alive connections (and may have a request in flight): close() alone
    // waits for them, most likely what once kept the test past its time-out in a CI run.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test("a new version waits for the user's Reload, then takes over", async ({ page }) => {
  const deployment = await serveBuild();
  try {
    await page.goto(`${deployment.origin}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // False once the page has been reloaded; a navigation under way also means it is not the same page.
    const sameDocument = () =>
      page
        .evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)
        .catch(() => false);

    deployment.deployNewVersion();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const banner = page.getByRole("status").filter({ hasText: "A new version of Rangeline is ready." });
    await expect(banner).toBeVisible();
    // The new version waits: nothing reloads under the user's feet.
    await page.waitForTimeout(1000);
    expect(await sameDocument()).toBe(true);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
    ).toBe("installed");

    await banner.getByRole("button", { name: "Reload" }).click();
    await expect.poll(sameDocument).toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  } finally {
    await deployment.close();
  }
});
