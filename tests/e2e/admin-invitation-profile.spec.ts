import { expect, test } from "@playwright/test";
import { AGENT2, device, user } from "./sync-helpers";

// Issue 13 §3, the profile screen's part of an invitation (production: the link sends the invitee to
// sign in and then to /profile?invitation=…; here the same screen and API with the embedded sign-in).
// The signed-in user accepts with a button; someone signed in with another e-mail is told so and how
// to fix it; a used link says so.

const ADMIN = user("admin@demo.rangeline.test");

test("the profile screen accepts an invitation; another e-mail and a used link are told what to do", async ({
  browser,
}) => {
  const admin = await device(browser, ADMIN, "/settings/manage-users");
  const email = `profile-${Date.now().toString(36)}@example.test`;
  const invite = async (role: "Agent" | "Partner") => {
    const form = admin.page.getByTestId("invite-form");
    await form.getByLabel("E-mail address").fill(email);
    for (const r of ["Agent", "Partner"]) await form.getByLabel(r, { exact: true }).setChecked(r === role);
    await admin.page.getByTestId("invite-send").click();
    await expect(admin.page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible();
    const href = (await admin.page.getByTestId("invitation-link").getAttribute("href")) as string;
    return new URL(href, "http://x").searchParams.get("token") as string;
  };
  const invitee = await browser.newContext({ viewport: { width: 360, height: 760 } });
  const other = await device(browser, AGENT2, "/profile");
  try {
    // The invitee exists: a first invitation (the development link) made them an agent.
    const first = await invite("Agent");
    const page = await invitee.newPage();
    await page.goto(`/api/invitations/accept?token=${first}`);
    await expect(page.getByRole("button", { name: `Account: ${email}` })).toBeVisible({ timeout: 20_000 });

    // A second invitation, opened on the profile screen as the production link would after sign-in.
    const second = await invite("Partner");

    // Signed in as someone else: refused, with the invited address and a way out.
    await other.page.goto(`/profile?invitation=${second}`);
    await other.page.getByTestId("invitation-accept").click();
    const refused = other.page.getByTestId("invitation-panel");
    await expect(refused).toHaveAttribute("data-state", "wrong-email");
    await expect(refused).toContainText("This invitation is for another e-mail address");
    await expect(refused).toContainText(
      `This invitation is for ${email}; you are signed in as ${AGENT2.email}.`,
    );
    await expect(refused.getByRole("button", { name: "Sign out" })).toBeVisible();

    // The invitee accepts: joined, the organisations list shows the new role, the link leaves the address.
    await page.goto(`/profile?invitation=${second}`);
    const panel = page.getByTestId("invitation-panel");
    await expect(panel).toContainText(`as ${email}`);
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "joined");
    await expect(panel).toContainText("You are now partner of demo.");
    await expect(page.getByTestId("profile-orgs")).toContainText("demo: Agent, Partner");
    await expect(page).toHaveURL(/\/profile$/);
    await page.screenshot({ path: "test-results/profile-invitation-joined-360.png", fullPage: true });

    // The same link again: already used.
    await page.goto(`/profile?invitation=${second}`);
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "used");
    await expect(panel).toContainText("This invitation was already used");
    // A cut link: not valid.
    await page.goto(`/profile?invitation=${second.slice(0, 20)}`);
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "malformed");
    await expect(panel).toContainText("This invitation link is not valid");
  } finally {
    await invitee.close();
    await other.context.close();
    await admin.context.close();
  }
});
