import { type Browser, expect, type Page, test } from "./fixtures";
import { AGENT, device, freshName, newCustomerPath, saveNewCustomer } from "./sync-helpers";

// Applying for coverage (docs/applications.md), the parts apply.spec.ts does not cover:
// - a signed-out producer fills the BUSINESS application (legal name, entity type, the substantial
//   beneficial interests with their shares and tax ids, both plans with their providers, a beginning
//   farmer with the year, a power of attorney) on a phone; a share total over 100 % is refused at the
//   interests; the agent accepts it into a new customer and finds the entity (type, SBIs with shares,
//   tax ids masked) and a pending policy per plan;
// - an agent accepts an individual application INTO AN EXISTING customer: the entity and policy are
//   added to that customer, whose profile is kept, and no second customer is made.

const form = (page: Page) => page.getByTestId("application-form");
const input = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function fillContact(page: Page, email: string) {
  await input(page, "Street address").fill("400 Feedlot Lane");
  await input(page, "City").fill("Broken Bow");
  await input(page, "State").selectOption("NE");
  await input(page, "County").selectOption({ label: "Custer" });
  await input(page, "ZIP code").fill("68822");
  await input(page, "Phone").fill("308-555-0142");
  await input(page, "E-mail").fill(email);
}

/** The agent's device: opens the application from the hub's list. */
async function openFromHub(browser: Browser, applicant: string) {
  const agent = await device(browser, AGENT, "/agent");
  const listed = agent.page.getByTestId("hub-applications").getByRole("link", { name: applicant });
  await expect(listed).toBeVisible({ timeout: 20_000 });
  await listed.click();
  const review = agent.page.getByTestId("application-review");
  await expect(review).toBeVisible();
  return { ...agent, review };
}

test("a signed-out producer applies for a business on a phone; the agent accepts it into the book", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const legalName = freshName("Sandhills Cattle Co");
  const producer = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await producer.newPage();
  try {
    await page.goto("/insurance/apply?org=demo");
    await page
      .getByRole("link", { name: /business/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/insurance\/apply\/business\?org=demo$/);
    await expect(form(page)).toBeVisible();
    // Who receives it, by name, before any tax id is typed.
    await expect(page.getByTestId("apply-agency")).toContainText("Your application goes to");
    await expect(page.getByTestId("apply-agency")).not.toContainText("Finding your agency");

    // Both plans, each with its preferred provider (defaults per spec §9: LRP ProAg, LGM AgriSompo).
    await form(page).getByLabel("Livestock Gross Margin", { exact: false }).check();
    // Offered from the agency's own providers (its AIP settings), each plan's select named by its plan.
    await expect(input(page, "LRP insurance provider")).toHaveValue("proAg");
    await expect(input(page, "LGM insurance provider")).toHaveValue("agriSompo");

    await input(page, "Legal name").fill(legalName);
    // "Clear the form" asks first: a stray tap keeps the answers.
    await form(page).getByRole("button", { name: "Clear the form" }).click();
    await form(page).getByRole("button", { name: "Keep my answers" }).click();
    await expect(input(page, "Legal name")).toHaveValue(legalName);
    await input(page, "Entity type").selectOption({ label: "C · Corporation" });
    await input(page, "Tax id type").selectOption("2");
    await input(page, "Tax id").fill("47-1234567");

    // Two substantial beneficial interests; first with shares that add up to more than 100 %.
    await form(page).getByRole("button", { name: "Add a beneficial interest" }).click();
    await form(page).getByRole("button", { name: "Add a beneficial interest" }).click();
    const first = form(page).getByRole("group", { name: "Beneficial interest 1" });
    const second = form(page).getByRole("group", { name: "Beneficial interest 2" });
    await first.getByLabel("Name", { exact: true }).fill("Ada Sandhill");
    await first.getByLabel("Tax id", { exact: true }).fill("123-45-6789");
    await first.getByLabel("Share (%)", { exact: true }).fill("60");
    await second.getByLabel("Name", { exact: true }).fill("Ben Sandhill");
    await second.getByLabel("Tax id", { exact: true }).fill("234-56-7891");
    await second.getByLabel("Share (%)", { exact: true }).fill("50");

    await fillContact(page, "office@sandhills.example");
    await input(page, "Classification").selectOption("Beginning Farmer/Rancher");
    await input(page, "Year farming or ranching started").fill("2022");
    await form(page).getByLabel("Someone signs for the applicant under a power of attorney").check();
    await input(page, "Attorney-in-fact's full name").fill("Cora Counsel");
    await form(page).getByLabel("I agree").check();
    await input(page, "Type the attorney-in-fact's full name to sign").fill("Cora Counsel");

    await form(page).getByRole("button", { name: "Submit application" }).click();
    await expect(form(page)).toContainText("the shares add up to 110 %, more than 100 %");
    await expect(page.getByTestId("apply-outbox-item").filter({ hasText: legalName })).toHaveCount(0);
    await second.getByLabel("Share (%)", { exact: true }).fill("40");
    await form(page).getByRole("button", { name: "Submit application" }).click();

    const item = page.getByTestId("apply-outbox-item").filter({ hasText: legalName });
    await expect(item).toHaveAttribute("data-state", "received", { timeout: 30_000 });
    await expect(item).toContainText("Received by your agency");
    // Received: the device keeps no tax id of the business or of its owners.
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const digits of ["471234567", "123456789", "234567891"]) expect(kept).not.toContain(digits);

    const agent = await openFromHub(browser, legalName);
    try {
      const { review } = agent;
      await expect(review).toContainText("C · Corporation");
      await expect(review).toContainText("Ada Sandhill (60 %");
      await expect(review).toContainText("Ben Sandhill (40 %");
      await expect(review).toContainText("Cora Counsel");
      await expect(review).not.toContainText("123-45-6789");
      await expect(review).not.toContainText("47-1234567");
      await review.getByRole("button", { name: "Accept and add to the book" }).click();
      await expect(agent.page).toHaveURL(/\/agent\/customers\?customer=/, { timeout: 30_000 });
      const record = agent.page.getByTestId("customer-record");
      await expect(record.getByTestId("customer-name")).toContainText(legalName);
      await expect(record.getByTestId("customer-policies")).toContainText("LRP policy");
      await expect(record.getByTestId("customer-policies")).toContainText("LGM policy");

      await record.getByTestId("customer-entities").getByRole("link", { name: legalName }).click();
      const entity = agent.page.getByTestId("entity-page");
      await expect(entity.getByTestId("entity-name")).toHaveText(legalName);
      await expect(entity).toContainText("C · Corporation");
      const sbis = entity.getByTestId("entity-sbis");
      await expect(sbis).toContainText("Ada Sandhill · 60 %");
      await expect(sbis).toContainText("Ben Sandhill · 40 %");
      await expect(sbis).toContainText("6789");
      await expect(sbis).not.toContainText("123-45-6789");
      const policies = entity.getByTestId("entity-policies");
      await expect(policies.getByRole("listitem")).toHaveCount(2);
      await expect(policies).toContainText("ProAg");
      await expect(policies).toContainText("AgriSompo");
      await expect(policies).toContainText(/Pending/i);
    } finally {
      await agent.context.close();
    }

    await page.reload();
    await expect(page.getByTestId("apply-outbox-item").filter({ hasText: legalName })).toHaveAttribute(
      "data-state",
      "accepted",
      { timeout: 30_000 },
    );
  } finally {
    await producer.close();
  }
});

test("an agent accepts an application into an existing customer: linked, not a second customer", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const existing = freshName("Hallie Existing");
  const applicant = freshName("Hallie Applicant");

  // The customer is already in the agent's book.
  const agent = await device(browser, AGENT, newCustomerPath());
  const customerId = await saveNewCustomer(agent.page, existing);

  const producer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await producer.newPage();
  try {
    await page.goto("/insurance/apply/individual?org=demo");
    await input(page, "Full name").fill(applicant);
    await input(page, "Date of birth").fill("1980-02-03");
    await input(page, "Marital status").selectOption("single");
    await input(page, "Tax id").fill("345-67-8912");
    await fillContact(page, "hallie@example.com");
    await input(page, "Classification").selectOption("Neither");
    await form(page).getByLabel("I agree").check();
    await input(page, "Type your full name to sign").fill(applicant);
    await form(page).getByRole("button", { name: "Submit application" }).click();
    const item = page.getByTestId("apply-outbox-item").filter({ hasText: applicant });
    await expect(item).toHaveAttribute("data-state", "received", { timeout: 30_000 });

    await agent.page.goto("/agent");
    const listed = agent.page.getByTestId("hub-applications").getByRole("link", { name: applicant });
    await expect(listed).toBeVisible({ timeout: 20_000 });
    await listed.click();
    const review = agent.page.getByTestId("application-review");
    await review.getByTestId("accept-customer").selectOption({ label: `Add to ${existing}` });
    await review.getByRole("button", { name: "Accept and add to the book" }).click();

    // The existing customer's record, with the new entity and pending policy; its profile is kept.
    await expect(agent.page).toHaveURL(new RegExp(`customer=${customerId}$`), { timeout: 30_000 });
    const record = agent.page.getByTestId("customer-record");
    await expect(record.getByTestId("customer-name")).toContainText(existing);
    await expect(record.getByTestId("customer-entities")).toContainText(applicant);
    await expect(record.getByTestId("customer-policies")).toContainText(/Pending/i);

    // No customer was made under the applicant's name.
    await agent.page.goto("/agent/customers");
    const list = agent.page.getByTestId("customers-page");
    await expect(list.getByText(existing)).toBeVisible({ timeout: 20_000 });
    await expect(list.getByText(applicant)).toHaveCount(0);

    // The review now says where it went; the producer's device shows it accepted.
    await page.reload();
    await expect(page.getByTestId("apply-outbox-item").filter({ hasText: applicant })).toHaveAttribute(
      "data-state",
      "accepted",
      { timeout: 30_000 },
    );
  } finally {
    await producer.close();
    await agent.context.close();
  }
});
