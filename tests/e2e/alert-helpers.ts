import type { Page } from "@playwright/test";
import { storedDocumentJson } from "../../sync-server/campaigns/stored-doc";
import type { RunningServer } from "../../sync-server/server";
import { expect } from "./fixtures";

// The price alert's steps that alerts.spec.ts and push-subscribe.spec.ts share: a watchlist setup with
// a target any day's premium meets, and the wait until the server holds it.

/** Saves a setup named `name` on the watchlist screen with a target of premium per head ≤ $99,999. */
export async function addSetupWithTarget(page: Page, name: string): Promise<void> {
  const form = page.getByRole("form", { name: "Add a setup" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Save to watchlist" }).click();
  const item = page.locator(`[data-testid="watch-item"][data-name=${JSON.stringify(name)}]`);
  await item.getByRole("button", { name: "Set target" }).click();
  await item.getByLabel("Alert when").selectOption("premiumPerHead");
  await item.getByLabel("Target amount").fill("99999");
  await item.getByRole("button", { name: "Save target" }).click();
  await expect(item.getByTestId("watch-target")).toHaveText(
    "Alert: Producer premium ($/head) at or below $99999",
  );
}

/** Waits until a user's watchlist document on `server` holds the setup `name` with its target. */
export async function targetStoredOnServer(server: RunningServer, name: string): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const n of await server.storage.listDocuments("user/")) {
          if (!n.endsWith("/watchlist")) continue;
          const items = ((await storedDocumentJson(server.storage, n)).items ?? {}) as Record<
            string,
            { name?: string; target?: unknown }
          >;
          if (Object.values(items).some((i) => i.name === name && i.target)) return true;
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
