import { expect, test } from "./fixtures";

// docs/first-visit.md: on a first visit nothing the LRP quote screen needs is discovered late — its chunks, the
// pricing worker and the market snapshot are requested by the HTML parser itself (preloads), the
// snapshot only once — and nothing it does not need competes with it before its first table row:
// no Roboto file, no service worker (whose precache downloads the whole app).

test("first visit: the LRP screen's chunks, worker and market data come from the HTML; fonts and the service worker wait", async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests: { path: string; initiator: string }[] = [];
  cdp.on("Network.requestWillBeSent", (e) => {
    const url = new URL(e.request.url);
    if (url.origin.startsWith("http"))
      requests.push({ path: url.pathname + url.search, initiator: e.initiator.type });
  });
  await page.goto("/insurance/lrp-quote");
  await page.locator('table[aria-label="LRP coverage table"] tbody tr').first().waitFor();
  const before = [...requests];
  const registered = await page.evaluate(
    "navigator.serviceWorker.getRegistration().then((r) => r !== undefined)",
  );
  const initiatorOf = (pattern: RegExp) =>
    before.find((r) => pattern.test(r.path))?.initiator ?? "not requested";
  const seen = {
    screenChunk: initiatorOf(/^\/assets\/lrp-quote-[\w-]+\.js$/),
    pricingWorker: initiatorOf(/^\/assets\/pricing\.worker-[\w-]+\.js$/),
    // The snapshot's LRP part (the whole one follows it: docs/first-visit.md).
    marketSnapshot: initiatorOf(/^\/api\/market\/current\?part=lrp$/),
    marketRequests: before.filter((r) => r.path === "/api/market/current?part=lrp").length,
    fontsBeforeRow: before.filter((r) => r.path.endsWith(".woff2")).length,
    serviceWorkerBeforeRow: registered,
  };
  console.log("First visit, before the first table row:", seen);
  expect(seen).toEqual({
    screenChunk: "parser",
    pricingWorker: "parser",
    marketSnapshot: "parser",
    marketRequests: 1,
    fontsBeforeRow: 0,
    serviceWorkerBeforeRow: false,
  });
});
