import { readFileSync } from "node:fs";
import { EXCLUSIVE, expect, test } from "./fixtures";
import { device, expectAllSynced, user } from "./sync-helpers";

// The tests of this file are independent of one another: the two workers may share them out, so that
// only the test holding a lock waits for it.
test.describe.configure({ mode: "parallel" });

// The platform screens (docs/administration.md, superAdmin): every organisation the server knows is listed (the
// seeded ones too); disabling one tells its signed-in members why their records left the device; the
// tools screen checks RMA files on the server with the importer's line and column. (Publishing is
// tested in tests/integration/admin/market-tools.test.ts: here it would replace the sample market data
// the other end-to-end tests quote on.)

const SUPER = user("superadmin@demo.rangeline.test");
const OTHER_AGENT = user("agent@other.rangeline.test");
const RATES = readFileSync(
  new URL("../../shared/market/fixtures/A00630_LrpRate.txt", import.meta.url),
  "utf8",
);

test(
  "orgs: the seeded organisations are listed; disabling one tells its members why",
  EXCLUSIVE,
  async ({ browser }) => {
    // Three sign-ins and live sync: slow on a busy machine.
    test.setTimeout(120_000);
    const admin = await device(browser, SUPER, "/settings/orgs");
    const member = await device(browser, OTHER_AGENT, "/agent/customers");
    try {
      const other = admin.page.locator('[data-org="other"]');
      await expect(admin.page.locator('[data-org="demo"]')).toBeVisible();
      await expect(other).toBeVisible();
      await expectAllSynced(member.page);
      await expect(member.page.getByTestId("org-disabled-notice")).toHaveCount(0);

      admin.page.once("dialog", (dialog) => {
        expect(dialog.message()).toContain("signed out of its records at once");
        void dialog.accept();
      });
      await other.getByRole("button", { name: "Disable" }).click();
      await expect(other).toHaveAttribute("data-disabled", "true");
      await expect(member.page.getByTestId("org-disabled-notice")).toContainText(
        "Your organisation other was disabled by the Rangeline platform",
        { timeout: 15_000 },
      );
      await member.page.screenshot({ path: "test-results/org-disabled-notice-desktop.png" });

      await other.getByRole("button", { name: "Enable" }).click();
      await expect(other).toHaveAttribute("data-disabled", "false");
      // Nesting: other becomes a sub-agency of demo, and independent again.
      const parent = other.getByLabel("Parent organisation of other");
      await parent.selectOption("demo");
      await expect(other).toContainText("sub-agency of demo");
      await parent.selectOption("");
      await expect(other).not.toContainText("sub-agency of demo");
      await member.page.reload();
      await expect(member.page.getByTestId("org-disabled-notice")).toHaveCount(0);
      await expectAllSynced(member.page);
    } finally {
      await admin.context.close();
      await member.context.close();
    }
  },
);

test("tools: an RMA file is checked on the server, a bad one named by line and column", async ({
  browser,
}) => {
  const admin = await device(browser, SUPER, "/settings/tools");
  try {
    const upload = admin.page.getByTestId("market-upload");
    const rates = upload.locator('input[name="lrpRate"]');
    const lines = RATES.split("\n");
    lines[3] = (lines[3] as string).replace("|260.000|", "|26O.000|");
    await rates.setInputFiles({
      name: "A00630_LrpRate.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(lines.join("\n")),
    });
    await admin.page.getByTestId("market-check").click();
    await expect(admin.page.getByTestId("market-upload-error")).toHaveText(
      'A00630_LrpRate.txt: line 4, column 25 (Expected Ending Value Amount): expected a number, found "26O.000"',
    );
    await expect(upload).toContainText("Nothing was published");

    await rates.setInputFiles({
      name: "A00630_LrpRate.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(RATES),
    });
    await admin.page.getByTestId("market-check").click();
    await expect(admin.page.getByTestId("market-upload-result")).toContainText(
      "Would publish the snapshot of 2026-11-20: 7 LRP rates",
    );
    // The e2e server has no market feed configured (sample data only): no scheduled job runs.
    await expect(
      admin.page.getByText(
        "No scheduled job runs on this server: no market feed is configured (MARKET_* settings).",
      ),
    ).toBeVisible();
    await expect(admin.page.getByTestId("job-runs")).toHaveCount(0);
  } finally {
    await admin.context.close();
  }
});
