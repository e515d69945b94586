import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { unsubscribeSigner } from "../../sync-server/campaigns/unsubscribe-link";

// Quote campaigns (issue 12), the public side: a recipient's signed unsubscribe link works from a
// signed-out browser (one click, says what stops, opt back in), and a forged one changes nothing.
// The agent's campaign screens are not built yet, so creating, previewing and test-sending a campaign
// from the browser is not covered here.

const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
const signer = () =>
  unsubscribeSigner(Buffer.from(readFileSync(join(dataDir, "unsubscribe-secret"), "utf8").trim(), "base64"));

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
