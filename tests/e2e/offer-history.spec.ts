import type { Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CUSTOMER, signIn } from "./sync-helpers";

// The LRP quote screen signed in and online, on a new device: the whole market snapshot comes down once
// (MarketHistory.expect: the synced market history takes the page's own download of the published
// version), and the chosen offer's history shows the year from the server's history and a back-test
// settled with RMA's actual ending values from the snapshot the quote was priced on (the pricing worker),
// not from another download of it. The run's day (tests/e2e/days.ts) and the sample data make every
// figure below known.

/** GET /api/market/current (the whole snapshot, not `?part=lrp`) or /api/market/snapshots/{version}. */
const wholeSnapshot = (request: Request) => {
  const url = new URL(request.url());
  return (
    (url.pathname === "/api/market/current" && url.search === "") ||
    url.pathname.startsWith("/api/market/snapshots/")
  );
};

test("a signed-in LRP quote on a new device downloads the snapshot once, and shows the chosen offer's year and a back-test settled with its ending values, within a phone's width", async ({
  page,
}) => {
  const downloads: Request[] = [];
  page.on("request", (request) => {
    if (wholeSnapshot(request)) downloads.push(request);
  });
  await signIn(page, CUSTOMER, "/insurance/lrp-quote");
  const history = page.getByTestId("offer-history");
  await expect(history.getByTestId("history-sources")).toHaveText(
    "0 real days from RMA's published offers, 262 sample days (days the server has not stored, filled from the sample data); ending values are sample data.",
    { timeout: 20_000 },
  );
  const backtest = history.getByTestId("backtest");
  await backtest.locator("summary").click();
  const settled = backtest.locator("tbody tr").filter({ hasNotText: "not yet" });
  await expect(settled).toHaveText([
    /^Aug 12, 2026\s*Nov 11, 2026\s*316\.25\s*7\.50\s*334\.19\s*0\.00\s*-7\.50\s*Sample$/,
    /^Aug 5, 2026\s*Nov 4, 2026\s*323\.08\s*7\.66\s*329\.21\s*0\.00\s*-7\.66\s*Sample$/,
    /^Jul 29, 2026\s*Oct 28, 2026\s*321\.18\s*7\.62\s*328\.27\s*0\.00\s*-7\.62\s*Sample$/,
    /^Jul 22, 2026\s*Oct 21, 2026\s*324\.83\s*7\.70\s*336\.49\s*0\.00\s*-7\.70\s*Sample$/,
  ]);
  // On a phone the back-test's wide table scrolls inside its own box, not the page sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
  // Each download's body: a revalidation answered 304 carries none.
  const bodies = await Promise.all(downloads.map(async (r) => (await r.sizes()).responseBodySize));
  expect(bodies.filter((size) => size > 0)).toHaveLength(1);
});
