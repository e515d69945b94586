import { expect, test } from "./fixtures";
import { CUSTOMER, device } from "./sync-helpers";

// The chosen offer's history on the LRP quote screen (docs/market-data.md), signed in and online: the
// year from the server's history and a back-test settled with RMA's actual ending values, which come from
// the snapshot the quote was priced on (the pricing worker), not from a second download of it. The run's
// day (tests/e2e/days.ts) and the sample data make every figure below known.

test("a signed-in LRP quote shows the chosen offer's year and a back-test settled with the snapshot's ending values", async ({
  browser,
}) => {
  const { page, context } = await device(browser, CUSTOMER, "/insurance/lrp-quote");
  try {
    const history = page.getByTestId("offer-history");
    await expect(history.getByTestId("history-sources")).toHaveText(
      "0 real days from RMA's published offers, 262 sample days (days the server has not stored, filled from the sample data); ending values are sample data.",
      { timeout: 20_000 },
    );
    const backtest = history.getByTestId("backtest");
    await backtest.locator("summary").click();
    const settled = backtest.locator("tbody tr").filter({ hasNotText: "not yet" });
    await expect(settled).toHaveText([
      /^2026-08-12\s*2026-11-11\s*316\.25\s*7\.50\s*334\.19\s*0\.00\s*-7\.50\s*Sample$/,
      /^2026-08-05\s*2026-11-04\s*323\.08\s*7\.66\s*329\.21\s*0\.00\s*-7\.66\s*Sample$/,
      /^2026-07-29\s*2026-10-28\s*321\.18\s*7\.62\s*328\.27\s*0\.00\s*-7\.62\s*Sample$/,
      /^2026-07-22\s*2026-10-21\s*324\.83\s*7\.70\s*336\.49\s*0\.00\s*-7\.70\s*Sample$/,
    ]);
  } finally {
    await context.close();
  }
});
