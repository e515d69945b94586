import { readFile } from "node:fs/promises";
import {
  addFromRecord,
  answerNotForwardPurchased,
  choosePolicy,
  createEntity,
  createLrpPolicy,
  createPage,
  saveCoverage,
} from "./book-helpers";
import { expect, type Page, test } from "./fixtures";
import { AGENT, deviceWithNewCustomer, expectAllSynced, freshName } from "./sync-helpers";

// The coverage screens (docs/agent-book.md): the LRP quote screen's "Order" button hands the quote's inputs
// and chosen row to the create screen, the saved coverage carries the quote's premium, its status moves
// along the transition rule (the edit screen changes status and reason only), the list finds it with
// its filters; an LGM endorsement is created and shown with its months; unknown ids are "not found".
// The embedded server's sample market data is made for the server's date, so the real clock is inside
// the sales window (see book-flow.spec.ts).

/** Fills the policy form for an LGM policy of `entityName` (Nebraska, the first county). */
async function createLgmPolicy(page: Page, entityName: string, policyNumber: string): Promise<string> {
  const form = page.getByTestId("policy-create");
  await expect(form.getByRole("button", { name: "Create policy" })).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel("Entity", { exact: true }).selectOption({ label: entityName });
  await form.getByLabel("Plan", { exact: true }).selectOption("lgm");
  await form.getByLabel("Policy number", { exact: true }).fill(policyNumber);
  await form.getByLabel("State", { exact: true }).selectOption("NE");
  await form.getByLabel("County", { exact: true }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Create policy" }).click();
  await page.waitForURL(/\/agent\/policies\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

test("the quote screen's Order button leads to a coverage with the quote's premium; its status moves; the list finds it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const name = freshName("Order Ranch");
  const legalName = `Order Cattle ${run}`;
  const policyNumber = `LRP-ORD-${run.toUpperCase()}`;
  const agent = await deviceWithNewCustomer(browser, AGENT, name);
  const page = agent.page;
  try {
    await addFromRecord(page, agent.id, "Add entity");
    await createEntity(page, { legalName, ssn: "456-78-9123" });
    await addFromRecord(page, agent.id, "Add policy");
    await createLrpPolicy(page, legalName, policyNumber);

    // The quote: 130 head at 8 cwt, the third row with RMA's rate.
    await page.goto("/insurance/lrp-quote?head=130&weight=8");
    const table = page.getByRole("table", { name: "LRP coverage table" });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await table.locator("tbody tr:not(.indicative) button.row-button").nth(2).click();
    const chosen = page.getByTestId("chosen-coverage");
    const quoted = (await chosen.locator("dd").first().textContent())?.trim() ?? "";
    expect(quoted).toMatch(/^\$[\d,]+$/);

    // Order (the organisation's default text): the create screen with the quote's herd and row.
    await page.getByRole("link", { name: "Order", exact: true }).click();
    await page.waitForURL(/\/agent\/coverages\/lrp\/create\?/);
    const form = createPage(page);
    await expect(form.getByLabel("Head", { exact: true })).toHaveValue("130");
    await expect(form.getByLabel("Target weight", { exact: true })).toHaveValue("8");
    await form.getByLabel("Customer", { exact: true }).selectOption(agent.id);
    await choosePolicy(page, policyNumber);
    await expect(form.getByTestId("chosen-premium")).toHaveText(quoted, { timeout: 30_000 });
    await answerNotForwardPurchased(page);
    const coverageId = await saveCoverage(page);
    await expect(page.getByTestId("producer-premium")).toHaveText(quoted);
    await expect(page.getByTestId("coverage-status")).toHaveText("Quoted");
    await expect(page.getByTestId("claim-filing-due")).not.toHaveText("—");

    // Submit, then cancel on the edit screen: a reason is required, the terms stay frozen.
    await page.getByRole("button", { name: "Submit to the provider" }).click();
    await page.getByRole("button", { name: "Quoted → Submitted" }).click();
    await expect(page.getByTestId("coverage-status")).toHaveText("Submitted");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    const edit = page.getByTestId("lrp-coverage-edit-page");
    await edit.getByLabel("Status", { exact: true }).selectOption("cancelled");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText("Give the reason for cancelling.")).toBeVisible();
    await edit.getByLabel("Reason (required to cancel)", { exact: true }).fill("Cattle sold early");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(new RegExp(`/agent/coverages/lrp/${coverageId}$`));
    await expect(page.getByTestId("coverage-status")).toHaveText("Cancelled");
    // The reason is shared text on the page (docs/sync-rules.md TEXT1): shown in its field, amendable in place.
    await expect(page.getByTestId("status-reason")).toHaveValue("Cattle sold early");
    await expect(page.getByText("This status is final: nothing more can change.")).toBeVisible();

    // The list: found by the customer's name among cancelled coverages; not among those ending soon.
    await page.goto("/agent/coverages?status=cancelled");
    const list = page.getByTestId("coverages-page");
    await list.getByLabel("Search coverages").fill(name);
    await expect(list.getByTestId("record-count")).toHaveText(/^1 (of \d+ )?coverages?$/);
    await expect(list.getByRole("link", { name })).toHaveAttribute(
      "href",
      `/agent/coverages/lrp/${coverageId}`,
    );
    // Its CSV: exactly the rows shown, with the list's columns and the spec's labels.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      list.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = (await readFile((await download.path()) as string, "utf8")).trim().split(/\r?\n/);
    expect(csv[0]).toBe(
      "Customer,Plan,Status,Commodity,Type,Sales date,End date,Days left,Head,Producer premium,Provider,Crop year",
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(name);
    expect(csv[1]).toContain(",130,");
    expect(csv[1]).toContain(",LRP,Cancelled,");
    // Filters are in the address: the list opens filtered from a link.
    await list.getByLabel("Plan", { exact: true }).selectOption("lrp");
    await expect(page).toHaveURL(/[?&]plan=lrp/);
    await expect(page).toHaveURL(/[?&]status=cancelled/);
    // The box follows the address (the filter lives there): click, then wait for the navigation to tick it.
    await list.getByLabel("Ending in the next 30 days").click();
    await expect(list.getByLabel("Ending in the next 30 days")).toBeChecked();
    await expect(list.getByText("No coverage matches these filters.")).toBeVisible();

    // Sort: by a column's heading on a wide screen, by "Sort by" on a phone (the rows are cards there).
    await page.goto("/agent/coverages");
    const head = list.getByRole("columnheader", { name: /^Head/ });
    await head.getByRole("button").click();
    await expect(head).toHaveAttribute("aria-sort", "ascending");
    const heads = async () =>
      (await list.locator('tbody td[data-label="Head"]').allTextContents()).map((t) =>
        Number(t.replace(/,/g, "")),
      );
    const ascending = await heads();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await head.getByRole("button").click();
    await expect(head).toHaveAttribute("aria-sort", "descending");
    await page.setViewportSize({ width: 360, height: 740 });
    const sortBy = list.getByLabel("Sort by", { exact: true });
    await expect(sortBy).toBeVisible();
    await sortBy.selectOption({ label: "Head ▲" });
    const onPhone = await heads();
    expect(onPhone).toEqual([...onPhone].sort((a, b) => a - b));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sortBy).toBeHidden();
    await expectAllSynced(page);
  } finally {
    await agent.context.close();
  }
});

test("an LGM endorsement is created for a customer's LGM policy and shown with its months; unknown ids are not found", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const legalName = `LGM Cattle ${run}`;
  const policyNumber = `LGM-${run.toUpperCase()}`;
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Margin Ranch"));
  const page = agent.page;
  try {
    await addFromRecord(page, agent.id, "Add entity");
    await createEntity(page, { legalName, ssn: "567-89-1234" });
    await addFromRecord(page, agent.id, "Add policy");
    await createLgmPolicy(page, legalName, policyNumber);

    await page.goto(`/agent/coverages/lgm/create?customer=${encodeURIComponent(agent.id)}`);
    const form = page.getByTestId("lgm-create-page");
    await expect(form.getByLabel("LGM policy", { exact: true })).toHaveValue(/.+/, { timeout: 15_000 });
    const premium = form.getByTestId("lgm-create-quote").getByTestId("producer-premium");
    await expect(premium).toHaveText(/^\$[\d,]+$/, { timeout: 60_000 });
    const priced = (await premium.textContent())?.trim() ?? "";
    await form.getByRole("button", { name: "Save endorsement (status Quoted)" }).click();
    await page.waitForURL(/\/agent\/coverages\/lgm\/(?!create)[^/?]+$/, { timeout: 60_000 });
    const view = page.getByTestId("lgm-endorsement-page");
    await expect(view.getByTestId("producer-premium")).toHaveText(priced);
    await expect(view.getByTestId("lgm-months").locator("tbody tr")).toHaveCount(11);
    await expect(view.getByTestId("deductible-position").locator("li[aria-current]")).toHaveCount(1);
    // The whole deductible curve, priced on this device on the sales date's (today's) market data: the
    // endorsement's deductible marked, with the stored producer premium, and said to agree.
    const curve = view.getByTestId("lgm-curve");
    await expect(curve).toBeVisible({ timeout: 60_000 });
    await expect(curve.getByTestId("lgm-curve-agrees")).toBeVisible();
    await expect(curve.locator("tbody tr[aria-current]")).toHaveCount(1);
    await expect(curve.getByTestId("lgm-curve-producer-premium")).toHaveText(priced);
    expect(await curve.locator("tbody tr").count()).toBeGreaterThan(10);

    await page.goto("/agent/coverages/lgm/no-such-endorsement");
    await expect(page.getByTestId("record-not-found")).toContainText(
      'There is no LGM endorsement "no-such-endorsement"',
    );
    await page.goto("/agent/coverages/lrp/no-such-coverage/edit");
    await expect(page.getByTestId("record-not-found")).toContainText(
      'There is no LRP coverage "no-such-coverage"',
    );
    await expectAllSynced(page);
  } finally {
    await agent.context.close();
  }
});
