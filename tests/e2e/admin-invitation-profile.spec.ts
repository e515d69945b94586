import { expect, test } from "./fixtures";
import { AGENT2, device, user } from "./sync-helpers";

// docs/administration.md, the profile screen's part of an invitation (production: the link sends the invitee to
// sign in and then to /profile?invitation=…; here the same screen and API with the embedded sign-in).
// The signed-in user accepts with a button; someone signed in with another e-mail is told so and how
// to fix it; a used link says so.

const ADMIN = user("admin@demo.rangeline.test");

test("the profile screen accepts an invitation; another e-mail and a used link are told what to do", async ({
  browser,
}) => {
  // Three sign-ins and live sync: slow on a busy machine.
  test.setTimeout(120_000);
  const admin = await device(browser, ADMIN, "/settings/manage-users");
  const email = `profile-${Date.now().toString(36)}@example.test`;
  const invite = async (role: "Agent" | "Partner") => {
    const form = admin.page.getByTestId("invite-form");
    const link = admin.page.getByTestId("invitation-link");
    const before = (await link.count()) > 0 ? await link.getAttribute("href") : null;
    await form.getByLabel("E-mail address").fill(email);
    for (const r of ["Agent", "Partner"]) await form.getByLabel(r, { exact: true }).setChecked(r === role);
    await admin.page.getByTestId("invite-send").click();
    await expect(admin.page.getByText(`Invitation e-mailed to ${email}.`)).toBeVisible({ timeout: 15_000 });
    // The same address twice: wait for the new link, not the one shown before.
    await expect.poll(() => link.getAttribute("href"), { timeout: 15_000 }).not.toBe(before);
    const href = (await link.getAttribute("href")) as string;
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
    // The profile loaded: the session's token is there.
    await expect(other.page.getByTestId("profile-form")).toBeVisible({ timeout: 15_000 });
    await other.page.getByTestId("invitation-accept").click();
    const refused = other.page.getByTestId("invitation-panel");
    await expect(refused).toHaveAttribute("data-state", "wrong-email", { timeout: 15_000 });
    await expect(refused).toContainText("This invitation is for another e-mail address");
    await expect(refused).toContainText(
      `This invitation is for ${email}; you are signed in as ${AGENT2.email}.`,
    );
    await expect(refused.getByRole("button", { name: "Sign out" })).toBeVisible();

    // The invitee accepts: joined, the organisations list shows the new role, the link leaves the address.
    await page.goto(`/profile?invitation=${second}`);
    const panel = page.getByTestId("invitation-panel");
    await expect(panel).toContainText(`as ${email}`);
    // The profile loaded: the session's token is there.
    await expect(page.getByTestId("profile-form")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "joined", { timeout: 15_000 });
    await expect(panel).toContainText("You are now partner of demo.");
    await expect(page.getByTestId("profile-orgs")).toContainText("demo: Agent, Partner");
    await expect(page).toHaveURL(/\/profile$/);
    await page.screenshot({ path: "test-results/profile-invitation-joined-360.png", fullPage: true });

    // The same link again: already used.
    await page.goto(`/profile?invitation=${second}`);
    // The profile loaded: the session's token is there.
    await expect(page.getByTestId("profile-form")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "used", { timeout: 15_000 });
    await expect(panel).toContainText("This invitation was already used");
    // A cut link: not valid.
    await page.goto(`/profile?invitation=${second.slice(0, 20)}`);
    // The profile loaded: the session's token is there.
    await expect(page.getByTestId("profile-form")).toBeVisible({ timeout: 15_000 });
    await page.getByTestId("invitation-accept").click();
    await expect(panel).toHaveAttribute("data-state", "malformed", { timeout: 15_000 });
    await expect(panel).toContainText("This invitation link is not valid");
  } finally {
    await invitee.close();
    await other.context.close();
    await admin.context.close();
  }
});
