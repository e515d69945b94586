import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../shared/book/test-fixtures";
import {
  addFromRecord,
  chooseOffer,
  choosePolicy,
  createEntity,
  createLrpPolicy,
  expectCattleSaleRefused,
} from "./book-helpers";
import { DAYS, E2E_DAY } from "./clock";
import { serverOnDay } from "./day-server";
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  AGENT,
  deviceWithNewCustomer,
  expectAllSynced,
  newCustomerPath,
  saveNewCustomer,
  signIn,
} from "./sync-helpers";

// Each kind of day the product treats differently, on its own fixed day (docs/server-layout.md), so the suite
// says the same thing whatever the machine's date:
// - a sales day: the run's own day and server (Wednesday 2026-11-18);
// - a report day (Friday 2026-11-20, USDA Cattle on Feed) and an exchange holiday (Thursday 2026-11-26,
//   Thanksgiving): a server of their own in this process, its clock and the browser's on that day,
//   publishing that day's sample market as the embedded publisher would;
// - the day after an endorsement ends: the run's day, with an endorsement that ended the day before.

/** The LRP quote screen's sales line for cattle, then for swine (Hogs and Pigs are not a cattle report). */
async function expectLrpSales(page: Page, cattle: string | null) {
  await page.goto("/insurance/lrp-quote");
  const status = page.getByTestId("market-status");
  await expect(page.getByRole("table", { name: "LRP coverage table" })).toBeVisible({ timeout: 30_000 });
  if (cattle) {
    await expect(status.getByTestId("sales-suspended")).toHaveText(cattle);
    await expect(status).not.toContainText("sales cutoff (");
  } else {
    await expect(status.getByTestId("sales-suspended")).toHaveCount(0);
    await expect(status).toContainText("until the 8:25 am Central sales cutoff");
  }
}

/** An agent on `base` makes a customer, an entity and an LRP policy, and tries to save a cattle offer. */
async function tryCattleCoverage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, AGENT, newCustomerPath());
  const customerId = await saveNewCustomer(page, "Day Kind Ranch");
  await addFromRecord(page, customerId, "Add entity");
  await createEntity(page, { legalName: "Day Kind Cattle", ssn: "456-78-9123" });
  await addFromRecord(page, customerId, "Add policy");
  await createLrpPolicy(page, "Day Kind Cattle", "LRP-DAY-1");
  await addFromRecord(page, customerId, "Add LRP coverage");
  await choosePolicy(page, "LRP-DAY-1");
  await chooseOffer(page, 120);
  return page;
}

test("a sales day (2026-11-18): LRP cattle and swine sell until the next morning's cutoff, LGM sells", async ({
  page,
}) => {
  expect(E2E_DAY).toBe("2026-11-18");
  await expectLrpSales(page, null);
  await page.goto("/insurance/lgm");
  await expect(page.getByTestId("lgm-result")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("lgm-no-sales")).toHaveCount(0);
});

test.describe("a report day: Friday 2026-11-20, USDA Cattle on Feed", () => {
  const day = serverOnDay(DAYS.cattleReport);

  test("no LRP cattle sales, said on the quote screen; swine and LGM sell", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: day.base });
    const page = await context.newPage();
    await expectLrpSales(
      page,
      "No cattle sales on Nov 20, 2026: USDA Cattle on Feed report day. These prices are for reference: no endorsement can be bought at them.",
    );
    await page.getByLabel("Commodity", { exact: true }).selectOption("0815");
    await expect(page.getByTestId("market-status").getByTestId("sales-suspended")).toHaveCount(0);
    await page.goto("/insurance/lgm");
    await expect(page.getByTestId("lgm-result")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("lgm-no-sales")).toHaveCount(0);
    await context.close();
  });

  test("an LRP cattle coverage cannot be saved that day", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await tryCattleCoverage(browser, day.base);
    await expectCattleSaleRefused(page, "2026-11-20", "USDA Cattle on Feed report day");
    await page.context().close();
  });
});

test.describe("an exchange holiday: Thanksgiving, Thursday 2026-11-26", () => {
  const day = serverOnDay(DAYS.holiday);

  test("no LRP sales of either group and no LGM sales, each said on its quote screen", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: day.base });
    const page = await context.newPage();
    await expectLrpSales(
      page,
      "No cattle sales on Nov 26, 2026: exchange holiday (Thanksgiving). These prices are for reference: no endorsement can be bought at them.",
    );
    await page.getByLabel("Commodity", { exact: true }).selectOption("0815");
    await expect(page.getByTestId("market-status").getByTestId("sales-suspended")).toHaveText(
      "No swine sales on Nov 26, 2026: exchange holiday (Thanksgiving). These prices are for reference: no endorsement can be bought at them.",
    );
    await page.goto("/insurance/lgm");
    await expect(page.getByTestId("lgm-no-sales")).toContainText("Thanksgiving", { timeout: 30_000 });
    await context.close();
  });

  test("an LRP cattle coverage cannot be saved that day", async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await tryCattleCoverage(browser, day.base);
    await expectCattleSaleRefused(page, "2026-11-26", "exchange holiday (Thanksgiving)");
    await page.context().close();
  });
});

test("the day after an endorsement ends (ended 2026-11-17, the run's day 2026-11-18): a claim to file, ended yesterday", async ({
  browser,
}) => {
  const agent = await deviceWithNewCustomer(browser, AGENT, "Ended Yesterday Ranch");
  const { page, id } = agent;
  const entity = sampleEntity({ id: "E-ENDED", legalName: "Ended Yesterday Cattle" });
  const policy = samplePolicy({ id: "P-ENDED", entityId: entity.id, policyNumber: "PL-ENDED" });
  const ended = sampleLrpCoverage({
    id: "CV-ENDED",
    policyId: policy.id,
    status: "accepted",
    endDate: "2026-11-17",
    head: 77,
  });
  try {
    await expectAllSynced(page);
    await page.evaluate(
      ([doc, records]) => {
        const sync = window.__rangelineSync;
        if (!sync) throw new Error("no sync debug hook");
        for (const [section, record] of records as readonly (readonly [string, { id: string }])[])
          sync.forceWrite(doc as string, section, [record.id], record);
      },
      [
        `org/${AGENT.orgId}/customer/${id}`,
        [
          ["entities", entity],
          ["policies", policy],
          ["coverages", ended],
        ],
      ] as const,
    );
    await expect(page.getByTestId("customer-coverages")).toContainText("Ends Nov 17, 2026");
    await expectAllSynced(page);

    // The hub: no more "ending", a claim to file within 60 days of the end date (2027-01-16).
    await page.goto("/agent");
    const hub = page.getByTestId("agent-hub");
    const claim = hub
      .getByTestId("hub-claims")
      .getByRole("listitem")
      .filter({ hasText: "Ended Yesterday Ranch" });
    await expect(claim).toContainText("file by Jan 16, 2027");
    await expect(
      hub.getByTestId("hub-ending").getByRole("listitem").filter({ hasText: "Ended Yesterday Ranch" }),
    ).toHaveCount(0);

    // The producer's view: ended yesterday.
    await page.goto(`/insurance/my-coverages?customer=${encodeURIComponent(id)}`);
    const card = page.getByTestId("my-coverages").getByTestId("my-coverage");
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("days-to-end")).toHaveText("Nov 17, 2026 · ended yesterday");
  } finally {
    await agent.context.close();
  }
});
