import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { AGENT, device } from "./sync-helpers";

// XLSX1 and CSV1 in the browser (docs/hardening.md): the import screen's worker reads an XLSX workbook with
// the bounded engine (the ZIP checked, worksheets inflated as streams by the platform's DecompressionStream),
// and the dry run's refused rows download through the one CSV writer. The fixture (tests/fixtures/import/
// book.xlsx, made by exceljs) has a title row, date and number cells, and a row over the head limit.

const workbook = fileURLToPath(new URL("../fixtures/import/book.xlsx", import.meta.url));

test("[XLSX1] [CSV1] the import screen reads an XLSX workbook in its worker and downloads the refused rows as CSV", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const agent = await device(browser, AGENT, "/agent/book-import");
  const page = agent.page;
  try {
    await page.getByLabel("Files to import").setInputFiles(workbook);
    await expect(page.getByRole("heading", { name: "Columns of book.xlsx" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByLabel("Head", { exact: true })).toHaveValue("head");
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    const dryRun = page.getByTestId("dry-run");
    await expect(dryRun.getByTestId("refused-row")).toHaveCount(1, { timeout: 30_000 });
    const href = await dryRun
      .getByRole("link", { name: "Download the refused rows (CSV)" })
      .getAttribute("href");
    const csv = decodeURIComponent((href ?? "").replace(/^data:text\/csv;charset=utf-8,/, ""));
    expect(csv).toMatch(/^Sheet,Line,Column,Problem\r\nEndorsements,7,Head,.*13,000.*\r\n$/);
  } finally {
    await agent.context.close();
  }
});
