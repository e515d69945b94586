import { expect, type Page } from "@playwright/test";

// Steps of the agent book's end-to-end tests (tests/e2e/book-*.spec.ts), through the screens as an
// agent uses them: the customer record's "Add …" links, the forms' labels, the offer table's row
// buttons. Each returns what a later step needs (an id, a figure shown).

/** The customer record page (agent). */
export const recordPath = (customerId: string) =>
  `/agent/customers?customer=${encodeURIComponent(customerId)}`;

/** Opens the customer record and follows one of its "Add …" links. */
export async function addFromRecord(
  page: Page,
  customerId: string,
  link: "Add entity" | "Add policy" | "Add LRP coverage",
) {
  if (!page.url().endsWith(recordPath(customerId))) await page.goto(recordPath(customerId));
  await expect(page.getByTestId("customer-record")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: link }).click();
}

export interface NewEntity {
  legalName: string;
  /** Digits of an SSN; the form shows and stores the last four only outside the internal document. */
  ssn: string;
  sbi?: { name: string; ssn: string; sharePercent: string };
}

/** Fills the entity form (type Individual, SSN) and creates it; returns the entity's id (its address). */
export async function createEntity(page: Page, entity: NewEntity): Promise<string> {
  const form = page.getByTestId("entity-create");
  await expect(form.getByRole("button", { name: "Create entity" })).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel("Legal name", { exact: true }).fill(entity.legalName);
  await form.getByLabel("Tax id", { exact: true }).fill(entity.ssn);
  if (entity.sbi) {
    await form.getByRole("button", { name: "Add an SBI" }).click();
    const sbi = form.getByTestId("sbi").last();
    await sbi.getByLabel("Name", { exact: true }).fill(entity.sbi.name);
    await sbi.getByLabel("SBI tax id", { exact: true }).fill(entity.sbi.ssn);
    await sbi.getByLabel("Share (%)", { exact: true }).fill(entity.sbi.sharePercent);
  }
  await form.getByRole("button", { name: "Create entity" }).click();
  await page.waitForURL(/\/agent\/entities\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/** Fills the policy form (LRP, Nebraska, the first county) for `entityName` and creates it (pending). */
export async function createLrpPolicy(page: Page, entityName: string, policyNumber: string): Promise<string> {
  const form = page.getByTestId("policy-create");
  await expect(form.getByRole("button", { name: "Create policy" })).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel("Entity", { exact: true }).selectOption({ label: entityName });
  await form.getByLabel("Plan", { exact: true }).selectOption("lrp");
  await form.getByLabel("Policy number", { exact: true }).fill(policyNumber);
  await form.getByLabel("State", { exact: true }).selectOption("NE");
  await form.getByLabel("County", { exact: true }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Create policy" }).click();
  await page.waitForURL(/\/agent\/policies\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/** The LRP create page's form (already open for a customer). */
export const createPage = (page: Page) => page.getByTestId("lrp-coverage-create-page");

/** Picks the policy whose option names `policyNumber` (a customer may have several). */
export async function choosePolicy(page: Page, policyNumber: string) {
  const select = createPage(page).getByLabel("LRP policy", { exact: true });
  await expect(select.locator("option", { hasText: policyNumber })).toHaveCount(1, { timeout: 15_000 });
  const value = await select.locator("option", { hasText: policyNumber }).getAttribute("value");
  await select.selectOption(value as string);
}

/**
 * Types the head, chooses the first row of today's offer table that carries RMA's rate (modelled rows
 * cannot be bought), and returns the producer premium the page shows for it.
 */
export async function chooseOffer(page: Page, head: number): Promise<string> {
  const form = createPage(page);
  await form.getByLabel("Head", { exact: true }).fill(String(head));
  const table = form.getByRole("table", { name: "LRP coverage table" });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await table.locator("tbody tr:not(.indicative) button.row-button").first().click();
  const premium = form.getByTestId("chosen-premium");
  await expect(premium).toBeVisible();
  return (await premium.textContent())?.trim() ?? "";
}

/** Saves the chosen offer as a coverage; returns the coverage's id (its page's address). */
export async function saveCoverage(page: Page): Promise<string> {
  const save = createPage(page).getByRole("button", { name: "Save coverage (status Quoted)" });
  await expect(save).toBeEnabled();
  await save.click();
  await page.waitForURL(/\/agent\/coverages\/lrp\/[^/?]+$/);
  await expect(page.getByTestId("lrp-coverage-page")).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/** "$1,234" or "$1,234.56" → 1234.56 */
export const dollars = (text: string): number => Number(text.replace(/[^0-9.-]/g, ""));
