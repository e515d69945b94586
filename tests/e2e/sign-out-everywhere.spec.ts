import { EXCLUSIVE, expect, test } from "./fixtures";
import { AGENT, device, expectAllSynced, signOut } from "./sync-helpers";

// docs/hardening.md: "Sign out on all devices" from the account menu ends the user's sessions on the server
// at once: the other device's live sync connection closes, its token is refused by the API, and this
// device is signed out like any sign-out; the other device goes to the signed-out state by itself.

test(
  "signing out on all devices closes the other device's connections and refuses its token",
  EXCLUSIVE,
  async ({ browser }) => {
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

      await signOut(laptop.page, AGENT, "Sign out on all devices");

      // The phone's connection was closed by the server and its token no longer opens anything.
      const refused = await members();
      expect(refused.status()).toBe(401);
      expect(await refused.text()).toContain("session-revoked");
      // The phone signs out cleanly, without a reload: the signed-out header, no sign-in problem shown,
      // and none of the user's documents left on it.
      await expect(phone.page.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(phone.page.getByText(/sign-in needs renewing/i)).toHaveCount(0);
      await expect
        .poll(() =>
          phone.page.evaluate(async () =>
            (await indexedDB.databases())
              .map((d) => d.name ?? "")
              .filter((n) => n.startsWith("rangeline-doc:")),
          ),
        )
        .toEqual([]);
      // A reload stays signed out (the device's token cache was cleared).
      await phone.page.reload();
      await expect(phone.page.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible();
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  },
);

test(
  "a device that was closed when every session was revoked opens signed out, not with a sign-in problem",
  EXCLUSIVE,
  async ({ browser }) => {
    const laptop = await device(browser, AGENT, "/insurance/watchlist");
    const phone = await device(browser, AGENT, "/insurance/watchlist");
    try {
      await expectAllSynced(phone.page);
      // The phone's app is closed (its token stays in its cache) while the laptop signs out everywhere.
      await phone.page.close();
      const logout = laptop.page.waitForRequest(
        (request) => new URL(request.url()).pathname === "/v2/logout",
      );
      await laptop.page.getByRole("button", { name: `Account: ${AGENT.name}` }).click();
      await laptop.page.getByRole("menuitem", { name: "Sign out on all devices" }).click();
      await logout;

      const reopened = await phone.context.newPage();
      await reopened.goto("/insurance/watchlist");
      await expect(reopened.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(reopened.getByText(/sign-in needs renewing/i)).toHaveCount(0);
      await expect
        .poll(() =>
          reopened.evaluate(async () =>
            (await indexedDB.databases())
              .map((d) => d.name ?? "")
              .filter((n) => n.startsWith("rangeline-doc:")),
          ),
        )
        .toEqual([]);
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  },
);
