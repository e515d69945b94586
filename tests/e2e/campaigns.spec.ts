import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { linkExpiry, unsubscribeSigner } from "../../sync-server/campaigns/unsubscribe-link";
import { expect, test } from "./fixtures";

// Quote campaigns (docs/campaigns.md): an agent creates a campaign, sees the live preview (e-mail and SMS) and
// sends a test to themself; a recipient's signed unsubscribe link works from a signed-out browser (one
// click, says what stops, undone right after it but not from the link later, then the re-subscribe page),
// a link sent before UNSUB1 still unsubscribes, and a forged one changes nothing.

const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
const link = (customerId: string, now: number) =>
  ({ orgId: "demo", campaignId: "k-e2e", customerId, channel: "email", expires: linkExpiry(now) }) as const;
const signer = () =>
  unsubscribeSigner(Buffer.from(readFileSync(join(dataDir, "unsubscribe-secret"), "utf8").trim(), "base64"));

test("an agent creates a campaign, previews it and sends a test to themself", async ({ page }) => {
  await page.goto("/login/?login_hint=agent@demo.rangeline.test");
  await expect(page.getByRole("button", { name: /Alex Agent|^A$/ }).first()).toBeVisible({ timeout: 20_000 });
  await page.goto("/agent/quote-campaigns/create");
  await page.getByLabel("Campaign name").fill("Morning LRP e2e");
  await expect(page.getByText("Preview: what a recipient gets today")).toBeVisible();
  await expect(page.getByText(/^Subject:/)).toBeVisible({ timeout: 20_000 });
  await expect(
    page.frameLocator('iframe[title="E-mail preview"]').getByRole("heading", { name: "Morning LRP e2e" }),
  ).toBeVisible();
  // CAMP1: the demo organisation sends no SMS, so no SMS preview; DATE1: the dates a customer reads are in words.
  await expect(page.getByTestId("sms-preview")).toHaveCount(0);
  await expect(page.getByText(/^Subject:/).locator("xpath=..")).toContainText("November 18, 2026");
  const mail = page.frameLocator('iframe[title="E-mail preview"]').locator("body");
  await expect(mail).toContainText("prices of November 18, 2026");
  expect(await mail.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText("A test e-mail was sent to agent@demo.rangeline.test.")).toBeVisible();
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/\/agent\/quote-campaigns$/);
  await expect(page.getByRole("heading", { name: "Morning LRP e2e" })).toBeVisible();
});

test("a signed unsubscribe link works without signing in; only its own click can be undone", async ({
  page,
  request,
  baseURL,
}) => {
  // The link expires 60 days after the server's "now" (its clock may be fixed: CLOCK_FIXED_AT).
  const { now } = (await (await request.get("/api/health")).json()) as { now: number };
  const url = signer().url(baseURL as string, link("cust-e2e", now));
  await page.goto(url.slice((baseURL as string).length));
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  await expect(page.getByText(/You will no longer receive the .*quote e-mails of/)).toBeVisible();
  // Right after the click, the page may undo it (UNSUB1).
  await page.getByRole("button", { name: "Opt back in" }).click();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  // The server holds it, and the link alone cannot opt back in.
  await page.reload();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  await expect(page.getByText("This link cannot opt you back in")).toBeVisible();
  await expect(page.getByRole("button", { name: "Opt back in" })).toHaveCount(0);
  // Later, fresh consent: the re-subscribe page asks for a confirmation e-mail (UNSUB2).
  await page.getByRole("link", { name: "ask for a confirmation e-mail" }).click();
  await expect(page).toHaveURL(/\/unsubscribe\/resubscribe\?o=demo$/);
  await page.getByLabel("Your e-mail address").fill(`e2e-${Date.now()}@ranch.test`);
  await page.getByRole("button", { name: "Send me a confirmation e-mail" }).click();
  await expect(page.getByText(/a confirmation e-mail is on its way to it/)).toBeVisible();
});

test("a link sent before UNSUB1 (no channel, no expiry) still unsubscribes, with no undo", async ({
  page,
}) => {
  const secret = Buffer.from(readFileSync(join(dataDir, "unsubscribe-secret"), "utf8").trim(), "base64");
  const sig = createHmac("sha256", secret).update("unsubscribe\ndemo\nk-e2e\ncust-old").digest("base64url");
  await page.goto(`/unsubscribe/campaign/k-e2e/cust-old?o=demo&sig=${sig}`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Opt back in" })).toHaveCount(0);
});

test("a forged unsubscribe link says it is not valid and changes nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const s = signer();
  const { now } = (await (await request.get("/api/health")).json()) as { now: number };
  const forged = s.url(baseURL as string, link("someone-else", now)).replace("someone-else", "cust-forged");
  await page.goto(forged.slice((baseURL as string).length));
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  const state = await request.get(
    `/api/unsubscribe/demo/k-e2e/cust-forged?ch=email&e=${linkExpiry(now)}&sig=${s.sign(link("cust-forged", now))}`,
  );
  expect((await state.json()).optedOut).toEqual({ email: false, sms: false });
});
