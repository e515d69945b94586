import { BOOK_HEADERS, bookRows, toCsv } from "../fixtures/import/book-rows";
import { analyze, blockingViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { AGENT, AGENT2, device, dropSocket, expectAllSynced, pendingOf, restoreSocket } from "./sync-helpers";

// docs/book-import.md "Import": the book import screen (/agent/book-import): an agent chooses a CSV of the
// book, sees the columns mapped from its headers (the tax id example masked), a dry run with a refused row
// (13,000 head, over the per-endorsement limit) and nothing written, imports, finds the records in the book
// with "Imported from book.csv by …" in their history; the same file again creates nothing (the mapping saved
// for its columns is reused); the undo removes what the import made. Screens at 1280 and 360 px are attached
// to the test's output.

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Two new customers of this run (names and tax ids of their own), three endorsements, one refused. */
function bookCsv(stamp: number): { csv: string; names: [string, string]; ssn: string } {
  const rows = bookRows(3, 2);
  const names: [string, string] = [`Import Ranch ${stamp} A`, `Import Ranch ${stamp} B`];
  const ssnOf = (c: number) => {
    const k = (stamp + c) % 810_000;
    return `5${pad(k % 100, 2)}-${pad(10 + (Math.floor(k / 100) % 90), 2)}-${pad(1000 + (k % 9000), 4)}`;
  };
  rows.forEach((row, i) => {
    const c = i % 2;
    row[0] = names[c] as string;
    row[1] = ssnOf(c);
    row[6] = `LRP-${stamp}-${c}`;
  });
  // The third row (customer A's second endorsement): 13,000 head, over the 12,000 per endorsement.
  (rows[2] as string[])[13] = "13000";
  return { csv: toCsv(BOOK_HEADERS, rows), names, ssn: ssnOf(0) };
}

async function chooseFile(page: Page, csv: string) {
  await page
    .getByLabel("Files to import")
    .setInputFiles({ name: "book.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("heading", { name: "Columns of book.csv" })).toBeVisible({ timeout: 20_000 });
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const path = test.info().outputPath(`${name.replace(/\W+/g, "-")}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name} at ${width} px`, { path, contentType: "image/png" });
    // WCAG 2.1 AA in this state too (tests/e2e/a11y.spec.ts checks the screen as it opens).
    expect(blockingViolations(await analyze(page)), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an agent imports a CSV of the book: dry run with a refused row, import, same file again creates nothing, undo", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { csv, names, ssn } = bookCsv(Date.now() % 1_000_000);
  const agent = await device(browser, AGENT, "/agent/book-import");
  const page = agent.page;
  try {
    await expect(page.getByRole("heading", { name: "Import book", level: 1 })).toBeVisible();
    await chooseFile(page, csv);
    // Columns guessed from the headers; the tax id's example shows its last four digits only.
    await expect(page.getByTestId("mapping-origin")).toContainText("Columns matched by their headers");
    await expect(page.getByLabel("SSN/EIN")).toHaveValue("taxId");
    await expect(page.getByLabel("Head", { exact: true })).toHaveValue("head");
    await expect(page.getByText(`•••-••-${ssn.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(ssn)).toHaveCount(0);
    await shoot(page, "columns");

    // The dry run: two customers with an entity, a policy and an endorsement each; the third row refused.
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    const dryRun = page.getByTestId("dry-run");
    await expect(dryRun).toBeVisible({ timeout: 30_000 });
    await expect(dryRun.getByTestId("count-create")).toHaveText("8 to create");
    await expect(dryRun.getByTestId("count-refused")).toHaveText("1 refused");
    const refused = dryRun.getByTestId("refused-row");
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText("4");
    await expect(refused).toContainText("Head");
    await expect(refused).toContainText("13,000");
    await shoot(page, "dry run");
    // Nothing is written yet: the customers list does not know them.
    // (Other specs import files of their own into the organisation: this file is not among its imports.)
    await expect(page.getByTestId("imports")).not.toContainText("book.csv");

    await page.getByRole("button", { name: "Import 8 records" }).click();
    await expect(page.getByRole("status").filter({ hasText: "book.csv is imported" })).toBeVisible({
      timeout: 60_000,
    });
    // This file's entry (other specs' imports of the organisation are listed too).
    const entry = page.getByTestId("import-entry").filter({ hasText: "book.csv imported" });
    await expect(entry).toContainText("8 created");
    await expectAllSynced(page, 30_000);
    await shoot(page, "imported");

    // In the book, with the import named in the record's history.
    await page.goto("/agent/customers");
    await page.getByRole("link", { name: names[0] }).click();
    await expect(page.getByTestId("customer-record")).toBeVisible({ timeout: 20_000 });
    await expect(
      page
        .getByTestId("history-entry")
        .filter({ hasText: `Imported from book.csv by ${AGENT.name}` })
        .first(),
    ).toBeVisible({ timeout: 20_000 });

    // The same file again: its columns' saved mapping is used, and nothing is new.
    await page.goto("/agent/book-import");
    await chooseFile(page, csv);
    await expect(page.getByTestId("mapping-origin")).toContainText("The mapping saved from book.csv");
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    await expect(dryRun.getByTestId("count-create")).toHaveText("0 to create", { timeout: 30_000 });
    await expect(dryRun.getByTestId("count-unchanged")).toHaveText("8 unchanged");
    await expect(dryRun.getByRole("button", { name: "Import 0 records" })).toBeDisabled();

    // Undo: what it will do first, then done; the customers are gone from the book.
    await page.getByRole("button", { name: "Undo book.csv" }).click();
    const confirm = page.getByRole("status").filter({ hasText: "Undo book.csv?" });
    await expect(confirm).toContainText("removes 8 records it created");
    await shoot(page, "undo");
    await confirm.getByRole("button", { name: "Undo the import" }).click();
    await expect(entry).toContainText(`undone by ${AGENT.name}`, {
      timeout: 30_000,
    });
    await page.goto("/agent/customers");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: names[1] })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("link", { name: names[0] })).toHaveCount(0);
  } finally {
    await agent.context.close();
  }
});

test("an import made without a connection is kept on the device and reaches the server once back online", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { csv, names } = bookCsv((Date.now() + 500_000) % 1_000_000);
  const agent = await device(browser, AGENT, "/agent/book-import");
  const page = agent.page;
  try {
    // The agent's session keeps the import worker on the device (src/app/warm-import-worker.ts).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("rangeline.importWorkerWarmed")), {
        timeout: 90_000,
      })
      .toMatch(/import-worker-/);
    // A dry run online brings every customer of the book onto the device; then the signal goes.
    await chooseFile(page, csv);
    const dryRun = page.getByTestId("dry-run");
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    await expect(dryRun.getByTestId("count-create")).toHaveText("8 to create", { timeout: 30_000 });
    await expectAllSynced(page);
    await dropSocket(page);
    await agent.context.setOffline(true);
    await page.getByRole("button", { name: "Back to the columns" }).click();
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    await expect(dryRun.getByTestId("count-create")).toHaveText("8 to create", { timeout: 30_000 });
    await page.getByRole("button", { name: "Import 8 records" }).click();
    await expect(page.getByRole("status").filter({ hasText: "book.csv is imported" })).toContainText(
      "sent to the server when you are back online",
      { timeout: 60_000 },
    );
    expect(await pendingOf(page)).toBeGreaterThan(0);

    await agent.context.setOffline(false);
    await restoreSocket(page);
    await expectAllSynced(page, 60_000);
    // Another agent of the agency finds the imported customers.
    const other = await device(browser, AGENT2, "/agent/customers");
    try {
      await expect(other.page.getByRole("link", { name: names[0] })).toBeVisible({ timeout: 30_000 });
    } finally {
      await other.context.close();
    }
  } finally {
    await agent.context.close();
  }
});
