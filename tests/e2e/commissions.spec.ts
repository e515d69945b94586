import Decimal from "decimal.js";
import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../shared/book/test-fixtures";
import { toCsv } from "../../shared/csv";
import { expect, test } from "./fixtures";
import { AGENT, device, deviceWithNewCustomer, expectAllSynced, freshName, user } from "./sync-helpers";

// Commissions (docs/commissions.md), through the screens: an admin enters a rate on
// /settings/commissions; the agent's device computes the expected commission of a coverage of theirs
// from it (once the policy's split names the agent); a company's statement paying $10 less shows under
// "Paid less than expected", and the hub shows the month's expected and received (COMMUI1-4).

const ADMIN = user("admin@demo.rangeline.test");
const money = (amount: Decimal.Value) =>
  `$${new Decimal(amount).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

test("an admin's rate gives the agent's coverage its expected commission, and an underpaid statement line shows", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await device(browser, ADMIN, "/settings/commissions");
  const name = freshName("Commission Ranch");
  const agent = await deviceWithNewCustomer(browser, AGENT, name);
  const run = Date.now().toString(36).toUpperCase();
  const entity = sampleEntity({ id: `E${run}`, legalName: `Commission Cattle ${run}` });
  const policy = samplePolicy({ id: `P${run}`, entityId: entity.id, policyNumber: `CM-${run}` });
  const coverage = sampleLrpCoverage({ id: `C${run}`, policyId: policy.id, status: "accepted" });
  // 15 % of the total premium, to the cent (half up), all of it the writing agent's (the split's default).
  const expected = new Decimal(coverage.totalPremium)
    .times(15)
    .div(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  try {
    // The admin enters ProAg's LRP rate for reinsurance year 2027.
    const form = admin.page.getByTestId("commission-rate-form");
    await form.getByLabel("Insurance company").selectOption("proAg");
    await form.getByLabel("Reinsurance year").fill("2027");
    await form.getByLabel("Effective date").fill("2026-07-01");
    await form.getByLabel("New business rate (%)").fill("15");
    await form.getByLabel("Renewal rate (%)").fill("12");
    await form.getByRole("button", { name: "Add the rate" }).click();
    await expect(admin.page.getByTestId("commission-rates")).toContainText("15 %");
    await expectAllSynced(admin.page);

    // The agent's customer gets a policy and an LRP coverage (valid records of the shared shapes).
    const { page, id } = agent;
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
          ["coverages", coverage],
        ],
      ] as const,
    );
    await expect(page.getByTestId("customer-coverages")).toBeVisible();
    // The policy's split: the agent's default (all of the agents' portion to them, nothing kept).
    await page.goto(`/agent/policies/${policy.id}`);
    const split = page.getByTestId("policy-split");
    await split.getByRole("button", { name: "Set the split" }).click();
    await expect(split.getByLabel("Writing agent", { exact: true })).toHaveValue(AGENT.sub);
    await split.getByRole("button", { name: "Save the split" }).click();
    await expect(split).toContainText("Saved. The split applies from 2026-07-01");
    await expectAllSynced(page);

    await page.goto("/agent/commissions");
    // COMMUI5: the screen says the device holds the agency's whole commission data.
    await expect(page.getByTestId("commission-data-note")).toContainText("a view, not a secret");
    const line = page.getByRole("row").filter({ hasText: policy.policyNumber as string });
    await expect(line).toContainText(money(expected));
    await expect(line).toContainText("15 %");

    // The company's statement pays $10.00 less than expected.
    const statement = page.getByTestId("statement-import");
    await statement.getByLabel("Company").selectOption("proAg");
    await statement.getByLabel("Statement file (CSV or XLSX)").setInputFiles({
      name: "proag-2026-11.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        toCsv(
          ["Policy Number", "Company", "Commission"],
          [[policy.policyNumber, "ProAg", expected.minus(10).toFixed(2)]],
        ),
      ),
    });
    await statement.getByRole("button", { name: "Check the statement (dry run)" }).click();
    await expect(statement.getByTestId("statement-dry-run")).toContainText("1 line read, 0 rows refused");
    await statement.getByRole("button", { name: /Keep the statement/ }).click();
    const underpaid = page.getByTestId("reconciliation-underpaid");
    await expect(underpaid).toContainText("Paid less than expected (1)");
    await expect(underpaid.getByRole("row").filter({ hasText: policy.policyNumber as string })).toContainText(
      "\u2212$10.00",
    );

    // The hub: this month's expected and received.
    await page.goto("/agent");
    // (Other specs' coverages of this month earn at the new rate too: this one's is part of the total.)
    const hub = page.getByTestId("hub-commissions");
    await expect(hub).toContainText(`Received this month${money(expected.minus(10))}`);
    const total = await hub.getByRole("definition").first().textContent();
    expect(
      new Decimal((total ?? "").replace(/[$,]/g, "")).gte(expected),
      `expected this month ${total}`,
    ).toBe(true);
  } finally {
    await admin.context.close();
    await agent.context.close();
  }
});
