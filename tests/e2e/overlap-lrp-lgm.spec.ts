import { lgmEndorsementFromQuote } from "../../shared/book/lgm-endorsement";
import { lrpCoverageFromOffer } from "../../shared/book/lrp-coverage";
import { sampleEntity, samplePolicy } from "../../shared/book/test-fixtures";
import type { Policy } from "../../shared/documents/book";
import { marketSnapshotSchema } from "../../shared/market/snapshot";
import { recordPath } from "./book-helpers";
import { e2eNow } from "./clock";
import { expect, type Page, test } from "./fixtures";
import { AGENT, deviceWithNewCustomer, expectAllSynced, freshName } from "./sync-helpers";

// The RY2027 LRP + LGM-Cattle overlap in the book (docs/market-data.md, DOMAIN.md "Both LRP and LGM";
// shared/book/plan-overlap.ts): a customer's LRP cattle coverage ending in May 2027 and an LGM-Cattle
// endorsement with target marketings in May 2027, both bought on the run's sales day (RY2027). With the
// same AIP the customer record warns that the combined insured head must not exceed what is actually
// marketed; when the LGM policy moves to another AIP it also warns that overlapping coverage must be
// with the same provider. The LRP coverage's page shows the same warnings. Records are written through
// the sync debug hook (as seedDemoCustomerBook does), both endorsements priced on the server's snapshot
// as the create screens do (rule SCE1: a coverage of a day the server holds carries that day's offer).

type Written = { id: string } & Record<string, unknown>;

async function write(page: Page, doc: string, records: readonly (readonly [string, Written])[]) {
  await page.evaluate(
    ([doc, records]) => {
      const sync = window.__rangelineSync;
      if (!sync) throw new Error("no sync debug hook");
      for (const [section, record] of records as readonly (readonly [string, { id: string }])[])
        sync.forceWrite(doc as string, section, [record.id], record);
    },
    [doc, records] as const,
  );
  await expect
    .poll(
      () =>
        page.evaluate(
          (name) => window.__rangelineSync?.documents().find((d) => d.name === name)?.pending,
          doc,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
}

test("the customer record and the LRP coverage warn of an RY2027 LRP + LGM-Cattle overlap: combined head, then a different AIP", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Overlap Ranch"));
  const { page } = agent;
  try {
    await page.waitForFunction(() => window.__rangelineSync !== undefined, undefined, { timeout: 20_000 });
    const run = Date.now().toString(36).toUpperCase();
    const now = e2eNow().toISOString();
    const stamps = { createdAt: now, updatedAt: now, updatedBy: AGENT.sub };
    const market = await page.request.get("/api/market/current");
    expect(market.ok()).toBe(true);
    const snapshot = marketSnapshotSchema.parse(await market.json());
    const salesDate = snapshot.asOf; // the run's sales day, 2026-11-18: reinsurance year 2027
    expect(salesDate >= "2026-07-01").toBe(true);

    const entity = sampleEntity({ id: `EO${run}`, legalName: `Overlap Holdings ${run}`, ...stamps });
    const lrpPolicy = samplePolicy({
      id: `PO${run}`,
      entityId: entity.id,
      providerId: "nau",
      policyNumber: `LRP-OVL-${run}`,
      ...stamps,
    });
    const lgmPolicy: Policy = samplePolicy({
      id: `PL${run}`,
      plan: "lgm",
      entityId: entity.id,
      providerId: "nau",
      policyNumber: `LGM-OVL-${run}`,
      ...stamps,
    });
    // LRP feeder cattle, 100 head, 26 weeks at the day's level nearest 95 %: ending in May 2027.
    const levels = snapshot.lrpRates
      .filter((r) => r.commodityCode === "0801" && r.typeCode === "810" && r.endorsementLengthWeeks === 26)
      .map((r) => r.coverageLevel)
      .sort((a, b) => Math.abs(a - 0.95) - Math.abs(b - 0.95));
    const lrp = {
      ...lrpCoverageFromOffer({
        snapshot,
        salesDate,
        commodity: "0801",
        type: "810",
        offer: { endorsementLengthWeeks: 26, coverageLevel: levels[0] ?? 0.95 },
        head: 100,
        targetWeightCwt: 7.5,
        profile: { farmerClassification: "Neither" },
        policy: lrpPolicy,
        existingCoverages: [],
        forwardPurchase: { forwardPurchasedCattle: false },
        id: `CO${run}`,
        now: e2eNow(),
        userId: AGENT.sub,
      }),
      status: "accepted" as const,
    };
    expect([lrp.commodity, lrp.endDate.slice(0, 7), lrp.head]).toEqual(["0801", "2027-05", 100]);
    // LGM-Cattle sold the same day: insurance period December 2026 – October 2027, 60 head in April and May.
    const lgm = lgmEndorsementFromQuote({
      snapshot,
      salesDate,
      commodity: "0803",
      type: "807",
      targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
      deductible: 30,
      profile: { farmerClassification: "Neither" },
      policy: lgmPolicy,
      id: `GO${run}`,
      now: e2eNow(),
      userId: AGENT.sub,
    });
    expect([lgm.firstMonth, lgm.cropYear]).toEqual(["2026-12", 2027]);

    const doc = `org/${AGENT.orgId}/customer/${agent.id}`;
    await write(page, doc, [
      ["entities", entity],
      ["policies", lrpPolicy],
      ["policies", lgmPolicy],
      ["coverages", lrp],
      ["coverages", { ...lgm, status: "accepted" }],
    ]);

    // Same AIP: one warning, the combined head of May 2027, with links to both coverages.
    await page.goto(recordPath(agent.id));
    const warnings = page.getByTestId("customer-overlap-warnings");
    await expect(warnings.locator("li")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByText("LRP and LGM-Cattle cover the same month")).toBeVisible();
    await expect(warnings.locator("li")).toContainText(
      "160 head insured in 2027-05 by LRP (100) and LGM-Cattle (60) together: no indemnity is paid on more than the producer actually markets that month",
    );
    await expect(warnings.getByRole("link", { name: "the LRP coverage" })).toHaveAttribute(
      "href",
      `/agent/coverages/lrp/${lrp.id}`,
    );
    await expect(warnings.getByRole("link", { name: "the LGM endorsement" })).toHaveAttribute(
      "href",
      new RegExp(`/agent/coverages/lgm/${lgm.id}$`),
    );

    // The LGM policy moves to another AIP: overlapping coverage must be with the same provider.
    await write(page, doc, [
      ["policies", { ...lgmPolicy, providerId: "hudson", updatedAt: e2eNow().toISOString() }],
    ]);
    await expect(warnings.locator("li")).toHaveCount(2, { timeout: 15_000 });
    await expect(warnings.locator("li").first()).toContainText(
      "LRP (NAU Country) and LGM-Cattle (Hudson) both cover 2027-05: from reinsurance year 2027 overlapping coverage must be with the same insurance provider",
    );

    // The LRP coverage's own page shows both.
    await warnings.getByRole("link", { name: "the LRP coverage" }).first().click();
    await page.waitForURL(new RegExp(`/agent/coverages/lrp/${lrp.id}$`));
    const own = page.getByTestId("overlap-warnings");
    await expect(own.locator("li")).toHaveCount(2, { timeout: 15_000 });
    await expect(own).toContainText("160 head insured in 2027-05");
    await expect(own).toContainText("must be with the same insurance provider");
    await expectAllSynced(page);
  } finally {
    await agent.context.close();
  }
});
