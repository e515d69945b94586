import { expect, test } from "@playwright/test";
import { AGENT, device, expectAllSynced, status } from "./sync-helpers";

// Issue 16 §3: "Sign out on all devices" from the account menu ends the user's sessions on the server
// at once: the other device's live sync connection closes, its token is refused by the API, and this
// device is signed out like any sign-out.

test("signing out on all devices closes the other device's connections and refuses its token", async ({
  browser,
}) => {
  const laptop = await device(browser, AGENT, "/insurance/watchlist");
  const phone = await device(browser, AGENT, "/insurance/watchlist");
  try {
    await expectAllSynced(laptop.page);
    await expectAllSynced(phone.page);
    const phoneToken = await phone.page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith("@@auth0spajs@@") || key.includes("@@user@@")) continue;
        const entry = JSON.parse(localStorage.getItem(key) ?? "{}");
        if (entry.body?.access_token) return entry.body.access_token as string;
      }
      return null;
    });
    expect(phoneToken).toBeTruthy();
    const members = () =>
      phone.page.request.get("/api/orgs/demo/members", {
        headers: { authorization: `Bearer ${phoneToken}` },
      });
    expect((await members()).status()).toBe(200);

    const logout = laptop.page.waitForRequest((request) => new URL(request.url()).pathname === "/v2/logout");
    await laptop.page.getByRole("button", { name: `Account: ${AGENT.name}` }).click();
    await laptop.page.getByRole("menuitem", { name: "Sign out on all devices" }).click();
    await logout;
    await laptop.page.waitForEvent("load");
    await expect(laptop.page.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible();

    // The phone's connection was closed by the server and its token no longer opens anything.
    await expect(status(phone.page)).not.toHaveAttribute("data-state", "online", { timeout: 10_000 });
    const refused = await members();
    expect(refused.status()).toBe(401);
    expect(await refused.text()).toContain("session-revoked");
  } finally {
    await laptop.context.close();
    await phone.context.close();
  }
});
