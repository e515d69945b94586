import { bookSummaries } from "../../shared/book/summaries";
import { sampleLrpCoverage, samplePolicy, sampleProfile } from "../../shared/book/test-fixtures";
import { e2eNow } from "./clock";
import { expect, type Page, test } from "./fixtures";
import { AGENT, expectAllSynced, signIn } from "./sync-helpers";

// The coverage list's page load (docs/agent-book-bench.md, session 8): its rows come first from the
// device's compact copy of the list, before the code that opens the book document (Yjs, the sync layer:
// coverage-list-live's chunk) has loaded; then the book document replaces them. The test holds that
// chunk back: what the list shows meanwhile can only come from the copy. Service workers are blocked so
// the chunk's request reaches the test's route.

const BOOK = `org/${AGENT.orgId}/book`;

/** A coverage summary of its own customer (no customer summary: the list shows the customer's id). */
function coverageOf(label: string) {
  const run = `${label}${Date.now().toString(36).toUpperCase()}`;
  const now = e2eNow().toISOString();
  const stamps = { createdAt: now, updatedAt: now, updatedBy: AGENT.sub };
  const customerId = `CC${run}`;
  const policy = samplePolicy({ id: `CP${run}`, ...stamps });
  const coverage = sampleLrpCoverage({ id: `CV${run}`, policyId: policy.id, ...stamps });
  const summary = bookSummaries(customerId, {
    profile: sampleProfile({ name: `Copy ${run}`, ...stamps }),
    policies: { [policy.id]: policy },
    coverages: { [coverage.id]: coverage },
  }).coverages[coverage.id];
  if (!summary) throw new Error("no coverage summary");
  return { customerId, summary };
}

/** The book document's state on the page: "closed", or whether it is loaded, its connection and pending changes. */
const bookState = (page: Page) =>
  page.evaluate((book) => {
    const state = window.__rangelineSync?.documents().find((d) => d.name === book);
    return state ? `${state.loaded ? "loaded" : "loading"}/${state.connection}/${state.pending}` : "closed";
  }, BOOK);

/** Writes a coverage summary into the book document (the sync debug hook). */
const forceWrite = (page: Page, summary: { id: string }) =>
  page.evaluate(([book, value]) => window.__rangelineSync?.forceWrite(book, "coverages", [value.id], value), [
    BOOK,
    summary,
  ] as const);

/** Writes a coverage summary once the book document is loaded and in step, and waits for the server. */
async function writeCoverage(page: Page, summary: { id: string }) {
  await expect.poll(() => bookState(page), { timeout: 20_000 }).toBe("loaded/synced/0");
  await forceWrite(page, summary);
  await expect.poll(() => bookState(page), { timeout: 20_000 }).toBe("loaded/synced/0");
}

/** The device's copy of the list, as stored (the book database's `custom` store). */
const storedCopy = (page: Page) =>
  page.evaluate(async (book) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.endsWith(`:${book}`));
    if (!name) return "";
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<string>((resolve) => {
        const request = db.transaction("custom", "readonly").objectStore("custom").get("coverage-list");
        request.onsuccess = () => resolve(typeof request.result === "string" ? request.result : "");
        request.onerror = () => resolve("");
      });
    } finally {
      db.close();
    }
  }, BOOK);

// The count line of a search that finds one coverage, or none (the run's book may hold only these).
const ONE = /^1( coverage| of \d+ coverages)$/;
const NONE = /^0 of \d+ coverages$/;

async function search(page: Page, text: string) {
  const list = page.getByTestId("coverages-page");
  await list.getByLabel("Search coverages").fill(text);
  return list.getByTestId("record-count");
}

test("a page load of the coverage list paints the device's copy before the book's code loads, then the book replaces it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  try {
    await signIn(page, AGENT, "/agent/coverages");
    await expect(page.getByTestId("coverages-page")).toBeVisible();
    await expectAllSynced(page);

    // A coverage written while the list is open: the list keeps its copy in step (after 2 s of quiet).
    const copied = coverageOf("A");
    await writeCoverage(page, copied.summary);
    await expect.poll(() => storedCopy(page), { timeout: 20_000 }).toContain(copied.summary.id);

    // Another, written from a screen that does not list the book: the book document has it, the copy not.
    await page.goto("/profile");
    await page.waitForFunction(() => window.__rangelineSync !== undefined);
    await forceWrite(page, copied.summary); // opens the book document (the same value again)
    const later = coverageOf("B");
    await writeCoverage(page, later.summary);
    expect(await storedCopy(page)).not.toContain(later.summary.id);

    // The list again, with the book's code held back: its rows come from the copy.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/coverage-list-live-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/agent/coverages");
    await expect(await search(page, copied.customerId)).toHaveText(ONE);
    await expect.poll(() => asked).toBe(true);
    await expect(await search(page, later.customerId)).toHaveText(NONE);
    await search(page, "");
    await page.screenshot({ path: testInfo.outputPath("coverage-list-from-copy.png") });

    // The book's code loads: the book document's coverages replace the copy's.
    release();
    await expect(await search(page, later.customerId)).toHaveText(ONE, {
      timeout: 20_000,
    });
    await expect(await search(page, copied.customerId)).toHaveText(ONE);
  } finally {
    await context.close();
  }
});
