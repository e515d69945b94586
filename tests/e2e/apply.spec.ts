import { expect, type Page, test } from "./fixtures";
import { AGENT, signIn } from "./sync-helpers";

// Applying for coverage (docs/applications.md): a signed-out producer fills an individual application with no
// connection, reloads (nothing is lost, the tax id included: this tab's sessionStorage), submits it
// offline (queued: "waiting for a connection"), goes online (sent: "received by your agency"); an agent
// reviews it in the hub and accepts it, and finds the customer, the entity and the pending policy in
// the book; the producer's device then shows it accepted.

const form = (page: Page) => page.getByTestId("application-form");
const input = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

test("a producer applies offline; an agent accepts the application into the book", async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Dale Applicant ${Date.now().toString(36)}`;
  const producer = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await producer.newPage();
  try {
    await page.goto("/insurance/apply/individual?org=demo");
    await expect(form(page)).toBeVisible();
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await producer.setOffline(true);

    await input(page, "Full name").fill(name);
    await input(page, "Date of birth").fill("1971-05-06");
    await input(page, "Marital status").selectOption("single");
    await input(page, "Tax id").fill("123-45-6789");
    await input(page, "Street address").fill("1 Ranch Road");
    await input(page, "City").fill("Amarillo");
    await input(page, "State").selectOption("TX");
    await input(page, "County").selectOption("48375");
    await input(page, "ZIP code").fill("79101");
    await input(page, "Phone").fill("806-555-0100");
    await input(page, "E-mail").fill("dale@example.com");
    await input(page, "Classification").selectOption("Neither");

    // Reload with no connection: the app comes from the service worker, the answers from the device.
    await page.reload();
    await expect(input(page, "Full name")).toHaveValue(name);
    await expect(input(page, "County")).toHaveValue("48375");
    await expect(input(page, "Tax id")).toHaveValue("123-45-6789");
    // The long-lived store never holds the tax id.
    const kept = await page.evaluate(() => JSON.stringify(localStorage));
    expect(kept).toContain(name);
    expect(kept).not.toContain("6789");

    // A mistake is shown at its field with the shared rule's message.
    await form(page).getByRole("button", { name: "Submit application" }).click();
    await expect(form(page).locator('[data-field="signature.typedName"]')).toContainText(
      "enter the name you sign with",
    );
    await form(page).getByLabel("I agree").check();
    await input(page, "Type your full name to sign").fill(name);
    await form(page).getByRole("button", { name: "Submit application" }).click();

    const item = page.getByTestId("apply-outbox-item").filter({ hasText: name });
    await expect(item).toHaveAttribute("data-state", "waiting");
    await expect(item).toContainText("Waiting for a connection");

    await producer.setOffline(false);
    await expect(item).toHaveAttribute("data-state", "received", { timeout: 30_000 });
    await expect(item).toContainText("Received by your agency");
    // Once received, the device no longer keeps the application's tax id.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("123456789");

    // The agent: the hub lists it; the review shows the tax id masked; accepting fills the book.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const agent = await agentContext.newPage();
    try {
      await signIn(agent, AGENT, "/agent");
      const listed = agent.getByTestId("hub-applications").getByRole("link", { name });
      await expect(listed).toBeVisible({ timeout: 20_000 });
      await listed.click();
      const review = agent.getByTestId("application-review");
      await expect(review).toContainText("•••-••-6789");
      await expect(review).not.toContainText("123-45-6789");
      await review.getByRole("button", { name: "Accept and add to the book" }).click();
      await expect(agent).toHaveURL(/\/agent\/customers\?customer=/, { timeout: 30_000 });
      await expect(agent.getByTestId("customer-record")).toContainText(name);

      await agent.goto("/agent/entities");
      await expect(agent.getByText(name).first()).toBeVisible({ timeout: 20_000 });
      await agent.goto("/agent/policies");
      const policyRow = agent.locator("tr, li, article").filter({ hasText: name }).first();
      await expect(policyRow).toBeVisible({ timeout: 20_000 });
      await expect(policyRow).toContainText(/pending/i);
    } finally {
      await agentContext.close();
    }

    // The producer's device learns the decision.
    await page.reload();
    await expect(page.getByTestId("apply-outbox-item").filter({ hasText: name })).toHaveAttribute(
      "data-state",
      "accepted",
      { timeout: 30_000 },
    );
  } finally {
    await producer.close();
  }
});
