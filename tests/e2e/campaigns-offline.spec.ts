import { type BrowserContext, EXCLUSIVE, expect, type Page, test } from "./fixtures";
import {
  AGENT,
  device,
  dropSocket,
  expectAllSynced,
  field,
  freshName,
  newCustomerPath,
  restoreSocket,
  saveNewCustomer,
  user,
} from "./sync-helpers";

// The tests of this file are independent of one another: the two workers may share them out, so that
// only the test holding a lock waits for it.
test.describe.configure({ mode: "parallel" });

// Quote campaigns (docs/campaigns.md), the parts that live on the device: the SMS channel is offered per
// recipient only when the organisation has SMS campaigns and the customer's book summary says SMS; the
// list and the edit form work offline after one visit (a pause and an edit made offline reach the server
// with the document, "send a test" says it needs a connection); and the e-mail preview keeps its inline
// styles under the app's Content-Security-Policy without a violation.

const ADMIN = user("admin@demo.rangeline.test");
const ORG = AGENT.orgId;

const forceWrite = (page: Page, doc: string, section: string, path: string[], value: unknown) =>
  page.evaluate(
    ([d, s, p, v]) => {
      const sync = window.__rangelineSync;
      if (!sync) throw new Error("no sync debug hook");
      sync.forceWrite(d as string, s as string, p as string[], v);
    },
    [doc, section, path, value] as const,
  );

async function setSmsCampaigns(page: Page, on: boolean) {
  await page.waitForFunction(() => window.__rangelineSync !== undefined);
  await forceWrite(page, `org/${ORG}`, "settings", ["enableSMSCampaigns"], on);
  await expectAllSynced(page);
}

test(
  "the SMS channel is offered only with SMS campaigns on and the customer's summary saying SMS",
  EXCLUSIVE,
  async ({ browser }) => {
    const admin = await device(browser, ADMIN, "/");
    const agent = await device(browser, AGENT, newCustomerPath());
    try {
      const textable = await saveNewCustomer(agent.page, freshName("Texting Ranch"));
      await agent.page.goto(newCustomerPath());
      const silent = await saveNewCustomer(agent.page, freshName("Quiet Ranch"));
      await field(agent.page, "E-mail").fill("quiet@ranch.test");
      await expectAllSynced(agent.page);
      // The book summary's `sms`: the profile has a mobile phone and SMS consent (shared/book/summaries.ts).
      await forceWrite(agent.page, `org/${ORG}/book`, "customers", [textable, "sms"], true);
      await expectAllSynced(agent.page);

      await setSmsCampaigns(admin.page, true);
      await agent.page.goto("/agent/quote-campaigns/create");
      const row = agent.page.getByTestId(`recipient-${textable}`);
      await expect(row.getByRole("checkbox", { name: "SMS" })).toBeVisible({ timeout: 15_000 });
      await expect(row.getByRole("checkbox", { name: "E-mail" })).toHaveCount(0);
      const quiet = agent.page.getByTestId(`recipient-${silent}`);
      await expect(quiet.getByRole("checkbox", { name: "E-mail" })).toBeVisible();
      await expect(quiet.getByRole("checkbox", { name: "SMS" })).toHaveCount(0);
      await row.getByRole("checkbox", { name: "SMS" }).check();
      await agent.page.getByLabel("Campaign name").fill("Texts e2e");
      await expect(agent.page.getByText(/Reply STOP to opt out/)).toBeVisible({ timeout: 20_000 });

      // SMS campaigns off: the channel goes (and the customer with SMS only is not offered at all).
      await setSmsCampaigns(admin.page, false);
      await expect(row).toHaveCount(0, { timeout: 15_000 });
      await expect(
        agent.page.getByText("SMS campaigns are not enabled for this organisation: e-mail only."),
      ).toBeVisible();
      await expect(quiet.getByRole("checkbox", { name: "E-mail" })).toBeVisible();
      // CAMP1: and no SMS preview.
      await expect(agent.page.getByTestId("sms-preview")).toHaveCount(0);
    } finally {
      await setSmsCampaigns(admin.page, false).catch(() => {});
      await admin.context.close();
      await agent.context.close();
    }
  },
);

async function goOffline(page: Page, context: BrowserContext) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await dropSocket(page);
  await context.setOffline(true);
}

test("the campaigns list and edit form work offline after one visit; changes reach the server later", async ({
  browser,
}) => {
  const { page, context } = await device(browser, AGENT, "/agent/quote-campaigns/create");
  const name = freshName("Offline LRP");
  try {
    await page.getByLabel("Campaign name").fill(name);
    await page.getByRole("button", { name: "Save campaign" }).click();
    await expect(page).toHaveURL(/\/agent\/quote-campaigns$/);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expectAllSynced(page);
    // The server lists it (the document reached it), and the list is now kept on the device.
    await page.reload();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("The campaigns on this device")).toHaveCount(0);

    await goOffline(page, context);
    await page.reload();
    await expect(page.getByText(/The campaigns on this device as of/)).toBeVisible({ timeout: 20_000 });
    const card = page.locator(".card", { has: page.getByRole("heading", { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("button", { name: "Run log" })).toBeDisabled();
    await expect(card.getByText("The run log is kept on the server: it needs a connection.")).toBeVisible();
    await card.getByRole("button", { name: "Pause" }).click();
    await expect(card.getByText("PAUSED")).toBeVisible();
    for (const [width, file] of [
      [360, "campaigns-offline-360.png"],
      [1280, "campaigns-offline-desktop.png"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
    }

    await card.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Campaign name")).toHaveValue(name);
    await expect(page.getByRole("button", { name: "Send a test to me" })).toBeDisabled();
    await expect(page.getByTestId("test-offline")).toContainText("Sending a test needs a connection.");
    await page.getByLabel("Campaign name").fill(`${name} edited`);
    await page.getByRole("button", { name: "Save campaign" }).click();
    await expect(page.getByRole("heading", { name: `${name} edited` })).toBeVisible();

    await context.setOffline(false);
    await restoreSocket(page);
    await expectAllSynced(page, 45_000);

    // Another device reads it from the server: renamed and paused.
    const other = await device(browser, AGENT, "/agent/quote-campaigns");
    try {
      const otherCard = other.page.locator(".card", {
        has: other.page.getByRole("heading", { name: `${name} edited` }),
      });
      await expect(otherCard).toBeVisible({ timeout: 20_000 });
      await expect(otherCard.getByText("PAUSED")).toBeVisible();
    } finally {
      await other.context.close();
    }
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test("the e-mail preview keeps its inline styles under the app's CSP, with no violation", async ({
  browser,
}) => {
  const { page, context } = await device(browser, AGENT, "/agent/quote-campaigns/create");
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  try {
    // The control: under this policy a frame's inline style attribute is refused (why the preview
    // applies them through the CSS object model instead).
    const refused = await page.evaluate(async () => {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-same-origin");
      frame.srcdoc = '<body style="background:rgb(1, 2, 3)">x</body>';
      const loaded = new Promise((resolve) => frame.addEventListener("load", resolve));
      document.body.append(frame);
      await loaded;
      const colour = getComputedStyle(frame.contentDocument?.body as HTMLElement).backgroundColor;
      frame.remove();
      return colour;
    });
    expect(refused).not.toBe("rgb(1, 2, 3)");
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    violations.length = 0;

    await page.getByLabel("Campaign name").fill("Styled preview");
    const preview = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(preview.getByRole("heading", { name: "Styled preview" })).toBeVisible({ timeout: 20_000 });
    await expect(preview.locator("html[data-styled=true]")).toHaveCount(1);
    const styles = await preview.locator("body").evaluate((body) => ({
      background: getComputedStyle(body).backgroundColor,
      font: getComputedStyle(body).fontFamily,
      table: getComputedStyle(body.querySelector("table") as HTMLElement).borderCollapse,
    }));
    expect(styles).toEqual({
      background: "rgb(245, 245, 245)",
      font: "Arial, Helvetica, sans-serif",
      table: "collapse",
    });

    for (const [width, height, file] of [
      [360, 780, "campaign-form-360.png"],
      [1280, 900, "campaign-form-desktop.png"],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
    }
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
});
