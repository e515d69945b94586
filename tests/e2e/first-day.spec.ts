import { DEMO_CUSTOMER_ID, recordPath, seedDemoCustomerBook } from "./book-helpers";
import { DEMO_CUSTOMER, expect, type Page, test } from "./fixtures";
import { AGENT, CUSTOMER, expectAllSynced, freshName, signIn, user } from "./sync-helpers";

// The tests of this file are independent of one another: the two workers may share them out, so that
// only the test holding a lock waits for it.
test.describe.configure({ mode: "parallel" });

// A new agency's first day (docs/first-day.md): where an agent lands, what the screens are called, and
// a policy page whose buttons say what they do.

test("an agent signing in lands on the Agent Hub; the customers list is called Customers", async ({
  page,
}) => {
  await page.goto(`/login/?login_hint=${encodeURIComponent(AGENT.email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Agent Hub" })).toBeVisible({ timeout: 20_000 });
  await page.goto("/agent/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible({ timeout: 15_000 });
});

test(
  "a policy page offers one way to add LRP coverage and says 'Cancel policy', never a bare 'Cancel'",
  DEMO_CUSTOMER,
  async ({ page }) => {
    await page.goto(
      `/login/?login_hint=${encodeURIComponent(AGENT.email)}&returnTo=${encodeURIComponent(`/agent/customers?customer=${AGENT.sub}`)}`,
    );
    await expect(page.getByRole("button", { name: `Account: ${AGENT.name}` })).toBeVisible({
      timeout: 20_000,
    });
    const book = await seedDemoCustomerBook(page);
    await page.goto(`/agent/policies/${encodeURIComponent(book.lrpPolicyId)}`);
    await expect(page.getByRole("link", { name: "Cancel policy" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("link", { name: "Cancel", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /LRP coverage/ })).toHaveCount(1);
  },
);

test("the LRP table on a 360 px phone: price, premium and end date without sideways scrolling; every column one tap away", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/insurance/lrp-quote");
  const box = page.getByTestId("coverage-table-scroll");
  await expect(box.locator("tbody tr").first()).toBeVisible({ timeout: 20_000 });
  const headers = box.locator("thead th:visible");
  await expect(headers).toHaveText([
    /Endorsement/,
    /End Date/,
    /Coverage Level/,
    /Coverage Price/,
    /Producer Premium/,
  ]);
  expect(await box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
  await page.getByRole("button", { name: "Show all 15 columns" }).click();
  await expect(headers).toHaveCount(15);
});

test("a new entity starts at its customer's address and county", async ({ page }) => {
  await page.goto(
    `/login/?login_hint=${encodeURIComponent(AGENT.email)}&returnTo=${encodeURIComponent("/agent/customers?new=1")}`,
  );
  const form = page.getByTestId("new-customer-form");
  await expect(form.getByLabel("Name", { exact: true })).toBeVisible({ timeout: 20_000 });
  await form.getByLabel("Name", { exact: true }).fill(freshName("Address Ranch"));
  await form.getByLabel("Street address", { exact: true }).fill("12 Range Road");
  await form.getByLabel("City", { exact: true }).fill("Lincoln");
  await form.getByLabel("State", { exact: true }).selectOption("NE");
  await form.getByLabel(/^County/).selectOption({ label: "Lancaster" });
  await form.getByLabel("ZIP code", { exact: true }).fill("68508");
  await form.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByTestId("customer-record")).toBeVisible();
  const customerId = new URL(page.url()).searchParams.get("customer") as string;
  await page.goto(`/agent/entities/create?customer=${encodeURIComponent(customerId)}`);
  const entity = page.getByTestId("entity-create");
  await expect(entity.getByLabel("Street address", { exact: true })).toHaveValue("12 Range Road", {
    timeout: 15_000,
  });
  await expect(entity.getByLabel(/^County/).locator("option:checked")).toHaveText("Lancaster");
});

test("a new customer by keyboard alone, with the focus visible at each step", async ({ page }) => {
  await page.goto(
    `/login/?login_hint=${encodeURIComponent(AGENT.email)}&returnTo=${encodeURIComponent("/agent/customers?new=1")}`,
  );
  const form = page.getByTestId("new-customer-form");
  await expect(form.getByLabel("Name", { exact: true })).toBeVisible({ timeout: 20_000 });
  /** Presses Tab until `target` has the focus (at most 60 times), checking the focus ring shows. */
  const tabTo = async (target: ReturnType<typeof page.getByRole>) => {
    for (let i = 0; i < 60 && !(await target.evaluate((e) => e === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(target).toBeFocused();
    expect(await target.evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe("none");
  };
  await tabTo(form.getByRole("button", { name: "Save customer" }));
  await page.keyboard.press("Enter");
  const name = form.getByLabel("Name", { exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type(freshName("Keyboard Ranch"));
  await tabTo(form.getByRole("button", { name: "Save customer" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("customer-record")).toBeVisible({ timeout: 15_000 });
});

/**
 * Submits the form empty (after `clear`, if given) and expects what docs/first-day.md asks of every form:
 * the "Fields marked * are required" line, fields marked aria-required, and the focus on the first
 * field with a message, that message linked to it (read out with the field) and saying what to do.
 */
async function expectFormHelps(page: Page, path: string, submit: string, clear?: string | RegExp) {
  await page.goto(path);
  const button = page.getByRole("button", { name: submit, exact: true });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  const form = page.locator("form", { has: button });
  await expect(form.getByText("Fields marked * are required.")).toBeVisible();
  expect(await form.locator("[aria-required='true']").count(), path).toBeGreaterThan(0);
  if (typeof clear === "string") await form.getByLabel(clear, { exact: true }).fill("");
  else if (clear) await form.getByLabel(clear).first().fill("");
  await button.click();
  const focused = page.locator(":focus");
  await expect(focused, path).toHaveAttribute("aria-invalid", "true");
  const message = await focused.evaluate((e) =>
    (e.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
  expect(message, path).toMatch(/\b(enter|choose|give)\b/i);
}

test("every form marks its required fields and, saved with a gap, focuses the first one with its message", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT, "/agent");
  const customer = encodeURIComponent(DEMO_CUSTOMER_ID);
  await expectFormHelps(page, `/agent/entities/create?customer=${customer}`, "Create entity");
  await expectFormHelps(page, `/agent/policies/create?customer=${customer}`, "Create policy");
  await expectFormHelps(page, "/settings/manage-users", "Send invitation");
  await expectFormHelps(page, "/profile", "Save profile", "Name");
  await expectFormHelps(page, "/insurance/apply/individual?org=demo", "Submit application");
  const partner = await browser.newContext();
  try {
    const partnerPage = await partner.newPage();
    await signIn(partnerPage, user("partner@demo.rangeline.test"), "/api-keys");
    await expectFormHelps(partnerPage, "/api-keys", "Create key");
  } finally {
    await partner.close();
  }
});

test(
  "the LRP coverage, LGM endorsement and claim forms mark their required fields and focus the first gap",
  DEMO_CUSTOMER,
  async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, AGENT, recordPath(DEMO_CUSTOMER_ID));
    const book = await seedDemoCustomerBook(page);
    await expectAllSynced(page); // the claim screen finds the endorsement in the book's index
    await expectFormHelps(page, "/agent/coverages/lrp/create", "Save coverage (status Quoted)");
    await expectFormHelps(page, "/agent/coverages/lgm/create", "Save endorsement (status Quoted)");
    // An ended LGM endorsement: a month's gross margin left empty is said at its field.
    const claim = `/agent/claims?coverage=${encodeURIComponent(book.lgmEndorsementId)}`;
    await expectFormHelps(page, claim, "Open the claim", /^Actual gross margin/);
  },
);

test("AIP settings: a wrong link in a closed provider section opens it, with the focus on the link and its message", async ({
  page,
}) => {
  await signIn(page, user("admin@demo.rangeline.test"), "/settings/aip");
  const provider = page.getByTestId("aip-form").locator("li[data-provider]").first();
  const section = provider.locator("details");
  await section.locator("summary").click();
  await section.getByLabel("Agent-management link").fill("http://agents.example.com");
  await section.locator("summary").click();
  await expect(section).not.toHaveAttribute("open");
  await page.getByTestId("aip-save").click();
  const link = section.getByLabel("Agent-management link");
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute("aria-invalid", "true");
  await expect(link).toHaveAccessibleDescription(/https:\/\//);
});

test("on a 360 px phone the watchlist name field sits inside the chosen row's card, clear of its edges", async ({
  page,
}) => {
  await signIn(page, CUSTOMER, "/insurance/lrp-quote");
  await page.setViewportSize({ width: 360, height: 780 });
  const card = page.getByTestId("chosen-coverage");
  const name = card.getByLabel("Name in your watchlist");
  await expect(name).toBeVisible({ timeout: 20_000 });
  const [field, box] = [await name.boundingBox(), await card.boundingBox()];
  if (!field || !box) throw new Error("the field or its card has no box");
  expect(field.x - box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width - (field.x + field.width)).toBeGreaterThanOrEqual(8);
  expect(field.height).toBeGreaterThanOrEqual(44);
});
