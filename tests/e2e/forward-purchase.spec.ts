import {
  addFromRecord,
  choosePolicy,
  createEntity,
  createLrpPolicy,
  createPage,
  saveCoverage,
} from "./book-helpers";
import { E2E_DAY } from "./clock";
import { expect, test } from "./fixtures";
import { AGENT, deviceWithNewCustomer, freshName } from "./sync-helpers";

// docs/market-data.md, CY2027 SCE question on forward-purchased cattle (shared/book/forward-purchase.ts): the LRP
// coverage form asks it for cattle from crop year 2027 and will not save until it is answered; a yes
// needs a delivery date at least 90 days before the end date; the answer is stored on the record and
// shown on its page. The real clock (as book-flow.spec.ts): from 2026-07-01 it is crop year 2027.

test("the LRP coverage form asks about forward-purchased cattle; a late delivery is refused, the answer is stored", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const policyNumber = `LRP-FWD-${run.toUpperCase()}`;
  const legalName = `Forward Cattle ${run}`;
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Forward Ranch"));
  try {
    await addFromRecord(agent.page, agent.id, "Add entity");
    await createEntity(agent.page, { legalName, ssn: "345-67-8913" });
    await addFromRecord(agent.page, agent.id, "Add policy");
    await createLrpPolicy(agent.page, legalName, policyNumber);
    await addFromRecord(agent.page, agent.id, "Add LRP coverage");
    const form = createPage(agent.page);
    await choosePolicy(agent.page, policyNumber);
    await form.getByLabel("Head", { exact: true }).fill("100");
    const table = form.getByRole("table", { name: "LRP coverage table" });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await table.locator("tbody tr:not(.indicative) button.row-button").first().click();
    const save = form.getByRole("button", { name: "Save coverage (status Quoted)" });
    // Not answered: nothing can be saved; answered: it can.
    await expect(save).toBeDisabled();
    const question = form.getByTestId("forward-purchase");
    // docs/first-day.md: what is missing is said at the question, not only beside the button.
    await expect(question.getByTestId("forward-purchase-hint")).toHaveText(
      "Answer yes or no: this coverage cannot be saved without it.",
    );
    await expect(question).toHaveAttribute("aria-describedby", "forward-purchase-hint");
    await question.getByLabel("No", { exact: true }).check();
    await expect(save).toBeEnabled();
    await expect(question.getByTestId("forward-purchase-hint")).toHaveCount(0);

    await question.getByLabel("Yes", { exact: true }).check();
    const today = E2E_DAY;
    const late = "2028-11-18"; // after any end date of the run's day's offers
    await question.getByLabel("Delivery date").fill(late);
    await expect(question.getByTestId("forward-purchase-latest")).toContainText(
      "Enter a delivery date on or before",
    );
    await expect(question.getByLabel("Delivery date")).toHaveAttribute("aria-invalid", "true");
    await save.click();
    await expect(form.getByRole("alert")).toContainText(
      "must be received at least 90 days before the end date",
    );

    await question.getByLabel("Delivery date").fill(today);
    await saveCoverage(agent.page);
    await expect(agent.page.getByTestId("forward-purchase-answer")).toContainText("Yes, delivered");
  } finally {
    await agent.context.close();
  }
});
