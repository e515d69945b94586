import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unsubscribeSigner } from "../../sync-server/campaigns/unsubscribe-link";
import { expect, test } from "./fixtures";

// Quote campaigns (docs/campaigns.md): an agent creates a campaign, sees the live preview (e-mail and SMS) and
// sends a test to themself; a recipient's signed unsubscribe link works from a signed-out browser (one
// click, says what stops, opt back in), and a forged one changes nothing.

const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
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
  await expect(page.getByText(/Reply STOP to opt out/)).toBeVisible();
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText("A test e-mail was sent to agent@demo.rangeline.test.")).toBeVisible();
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/\/agent\/quote-campaigns$/);
  await expect(page.getByRole("heading", { name: "Morning LRP e2e" })).toBeVisible();
});

test("a signed unsubscribe link works without signing in, and can be undone", async ({ page, baseURL }) => {
  const url = signer().url(baseURL as string, "demo", "k-e2e", "cust-e2e");
  await page.goto(url.slice((baseURL as string).length));
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  await expect(
    page.getByText(/You will no longer receive the .*quote e-mails and text messages/),
  ).toBeVisible();
  // The server holds it: a fresh load still shows the opt-out.
  await page.reload();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();
  await page.getByRole("button", { name: "Opt back in" }).click();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
});

test("a forged unsubscribe link says it is not valid and changes nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const s = signer();
  const forged = s
    .url(baseURL as string, "demo", "k-e2e", "someone-else")
    .replace("someone-else", "cust-forged");
  await page.goto(forged.slice((baseURL as string).length));
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  const state = await request.get(
    `/api/unsubscribe/demo/k-e2e/cust-forged?sig=${s.sign("demo", "k-e2e", "cust-forged")}`,
  );
  expect((await state.json()).optedOut).toEqual({ email: false, sms: false });
});
