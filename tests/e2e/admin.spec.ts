import { EXCLUSIVE, expect, test } from "./fixtures";
import { AGENT, CUSTOMER, device, expectAllSynced, user } from "./sync-helpers";

// The tests of this file are independent of one another: the two workers may share them out, so that
// only the test holding a lock waits for it.
test.describe.configure({ mode: "parallel" });

// Administration (docs/administration.md): an admin changes the organisation's primary colour and an agent's open
// screen takes it at once; invitations; the last admin cannot demote themselves.

const ADMIN = user("admin@demo.rangeline.test");

const primaryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());

test(
  "an admin changes the primary colour and the agent's screen shows it live",
  EXCLUSIVE,
  async ({ browser }) => {
    const admin = await device(browser, ADMIN, "/settings/app");
    const agent = await device(browser, AGENT, "/agent/customers");
    try {
      await expectAllSynced(admin.page);
      await expectAllSynced(agent.page);
      const before = await primaryOf(agent.page);
      const colour = before.toUpperCase() === "#1F5C99" ? "#2A6B3F" : "#1F5C99";

      const primary = admin.page
        .getByTestId("app-settings-form")
        .locator('input[name="colorScheme.primary"]');
      // A colour white text cannot be read on: the contrast warning appears in the preview.
      await primary.fill("#FFD400");
      await expect(admin.page.getByText("Hard to read")).toBeVisible();
      await expect(admin.page.getByTestId("colour-preview").locator(".settings__preview-bar")).toHaveCSS(
        "background-color",
        "rgb(255, 212, 0)",
      );
      // Not a colour: the field says so and nothing is saved.
      await primary.fill("blue");
      await admin.page.getByTestId("app-settings-save").click();
      await expect(
        admin.page.getByTestId("app-settings-form").locator('[data-field="colorScheme.primary"]'),
      ).toContainText("enter the primary colour as a hex colour such as #AC141C, or pick one");
      expect(await primaryOf(agent.page)).toBe(before);

      await primary.fill(colour);
      await expect(admin.page.getByText("Hard to read")).toHaveCount(0);
      await admin.page.getByTestId("app-settings-save").click();
      await expect(
        admin.page.getByText("Saved. Every member's screen takes the new look now."),
      ).toBeVisible();
      // The agent did nothing: their screen follows within seconds, header included.
      await expect.poll(() => primaryOf(agent.page), { timeout: 5000 }).toBe(colour);
      const header = agent.page.locator(".app-header");
      await expect(header).toBeVisible();
      const bg = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
      expect(bg).toBe(`rgb(${r}, ${g}, ${b})`);
    } finally {
      await admin.context.close();
      await agent.context.close();
    }
  },
);

test("an admin invites an agent; the link signs the new user in with the agent role", async ({ browser }) => {
  const admin = await device(browser, ADMIN, "/settings/manage-users");
  const email = `agent-${Date.now().toString(36)}@example.test`;
  try {
    const form = admin.page.getByTestId("invite-form");
    await form.getByLabel("E-mail address").fill(email);
    await form.getByLabel("Agent").check();
    await admin.page.getByTestId("invite-send").click();
    await expect(admin.page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible();
    await expect(admin.page.getByTestId("invitations")).toContainText(email);
    const link = await admin.page.getByTestId("invitation-link").getAttribute("href");
    expect(link).toMatch(/\/api\/invitations\/accept\?token=/);

    // A new device opens the link from the e-mail: signed in as the invitee, an agent of the demo org.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(link as string);
      await expect(page.getByRole("button", { name: `Account: ${email}` })).toBeVisible({ timeout: 20_000 });
      await page.goto("/agent/customers");
      // An agent's screen: the customers list, not the role gate.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Not available for your role" })).toHaveCount(0);
      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: "Not available for your role" })).toBeVisible();
      // The link works once.
      const again = await page.goto(link as string);
      expect(again?.status()).toBe(409);
      await expect(page.getByText("This invitation was already used")).toBeVisible();
    } finally {
      await context.close();
    }
    // The admin's list shows the new agent and the audit log names the acceptance.
    await admin.page.reload();
    await expect(admin.page.locator(`[data-member="${email}"]`).getByTestId("member-roles")).toHaveText(
      "Agent",
    );
    await expect(admin.page.getByTestId("audit-log")).toContainText(
      `accepted the invitation sent to ${email}`,
    );
  } finally {
    await admin.context.close();
  }
});

test("[INVITE1] inviting an address twice says so; sent again, the old link stops; revoked, it goes", async ({
  browser,
}) => {
  const admin = await device(browser, ADMIN, "/settings/manage-users");
  const email = `twice-${Date.now().toString(36)}@example.test`;
  try {
    const form = admin.page.getByTestId("invite-form");
    const invite = async () => {
      await form.getByLabel("E-mail address").fill(email);
      await form.getByLabel("Agent").check();
      await admin.page.getByTestId("invite-send").click();
    };
    await invite();
    await expect(admin.page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible();
    const first = await admin.page.getByTestId("invitation-link").getAttribute("href");
    // The form empties after a sent invitation; then the same address again.
    await expect(form.getByLabel("E-mail address")).toHaveValue("");
    await invite();
    await expect(form.getByTestId("invitation-open")).toHaveText(
      `${email} already has an open invitation: send it again to replace it (the old link then stops working), or revoke it.`,
    );
    await form.getByTestId("invite-resend").click();
    await expect(
      admin.page.getByText(
        `A new invitation was e-mailed to ${email}; the link sent before no longer works.`,
      ),
    ).toBeVisible();
    await expect(admin.page.locator(`[data-testid="invitation"][data-email="${email}"]`)).toHaveCount(1);
    const old = await admin.page.request.get(first as string);
    expect(old.status()).toBe(410);
    expect(await old.text()).toContain("replaced by a newer invitation");

    await admin.page.getByRole("button", { name: `Revoke the invitation of ${email}` }).click();
    await expect(
      admin.page.getByText(`The invitation of ${email} is revoked: its link no longer works.`),
    ).toBeVisible();
    await expect(admin.page.locator(`[data-testid="invitation"][data-email="${email}"]`)).toHaveCount(0);
    await expect(admin.page.getByTestId("audit-log")).toContainText(`revoked the invitation of ${email}`);
  } finally {
    await admin.context.close();
  }
});

test("the last admin cannot demote themselves", async ({ browser }) => {
  const admin = await device(browser, ADMIN, "/settings/manage-users");
  try {
    const me = admin.page.locator(`[data-member="${ADMIN.email}"]`);
    await me.getByRole("button", { name: "Change roles" }).click();
    await me.getByLabel("Admin").uncheck();
    await me.getByLabel("Agent").check();
    await me.getByRole("button", { name: "Save roles" }).click();
    await expect(admin.page.getByRole("alert")).toContainText(
      "An organisation needs at least one admin: make someone else an admin before this one loses the role.",
    );
    await admin.page.reload();
    await expect(admin.page.locator(`[data-member="${ADMIN.email}"]`).getByTestId("member-roles")).toHaveText(
      "Admin",
    );
  } finally {
    await admin.context.close();
  }
});

test(
  "[PROV1] AIP settings: the agent's and the producer's LRP quote offer only the agency's providers",
  EXCLUSIVE,
  async ({ browser }) => {
    const admin = await device(browser, ADMIN, "/settings/aip");
    const agent = await device(browser, AGENT, "/insurance/lrp-quote");
    let producer: Awaited<ReturnType<typeof device>> | null = null;
    const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
    try {
      await expectAllSynced(admin.page);
      const form = admin.page.getByTestId("aip-form");
      await form.getByLabel("NAU Country writes Livestock Risk Protection (LRP)").check();
      await form.getByLabel("Farmers Mutual Hail writes Livestock Risk Protection (LRP)").check();
      await form.locator('[data-provider="nau"]').getByLabel("Primary").check();
      await admin.page.getByTestId("aip-save").click();
      await expect(
        admin.page.getByText("Saved. Quote and coverage screens now offer these providers."),
      ).toBeVisible();
      await expect(admin.page.getByTestId("aip-defaults")).toContainText(
        "Livestock Risk Protection (LRP): NAU Country",
      );

      const select = agent.page.locator('select[name="provider"]');
      await expect
        .poll(async () => select.locator("option").allTextContents(), { timeout: 15_000 })
        .toEqual(["NAU Country", "Farmers Mutual Hail"]);

      // PROV1: the agency's producer (signed in) and a visitor who followed its link see the same
      // providers, not ProAg nor the whole catalogue (the agency's answer is cached up to 30 s: reload).
      const offered = async (page: import("@playwright/test").Page) => {
        const options = page.locator('select[name="provider"] option');
        await expect
          .poll(
            async () => {
              const texts = await options.allTextContents();
              if (texts.join() !== "NAU Country,Farmers Mutual Hail") await page.reload();
              return texts;
            },
            { timeout: 40_000, intervals: [500, 1000, 2000] },
          )
          .toEqual(["NAU Country", "Farmers Mutual Hail"]);
      };
      producer = await device(browser, CUSTOMER, "/insurance/lrp-quote");
      await offered(producer.page);
      await expect(producer.page.getByText(/through ProAg/)).toHaveCount(0);
      const page = await visitor.newPage();
      await page.goto("/insurance/lrp-quote?org=demo");
      await offered(page);
    } finally {
      // Back to the whole catalogue for the other tests.
      const form = admin.page.getByTestId("aip-form");
      await form.getByLabel("NAU Country writes Livestock Risk Protection (LRP)").uncheck();
      await form.getByLabel("Farmers Mutual Hail writes Livestock Risk Protection (LRP)").uncheck();
      await admin.page.getByTestId("aip-save").click();
      await expect(
        admin.page.getByText("Saved. Quote and coverage screens now offer these providers."),
      ).toBeVisible();
      await expect(admin.page.getByTestId("aip-defaults")).toContainText(
        "Livestock Risk Protection (LRP): ProAg",
      );
      await admin.context.close();
      await agent.context.close();
      await producer?.context.close();
      await visitor.close();
    }
  },
);
