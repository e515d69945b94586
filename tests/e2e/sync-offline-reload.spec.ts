import { expect, test } from "./fixtures";
import { waitForServiceWorker } from "./quote-helpers";
import {
  AGENT,
  customerPath,
  device,
  deviceWithNewCustomer,
  dropSocket,
  expectAllSynced,
  field,
  freshName,
  pendingOf,
  status,
} from "./sync-helpers";

// Reload while offline (docs/local-first.md): edits made without a connection survive a reload with no
// network (the app from the service worker, the signed-in identity the auth layer kept, the document
// from IndexedDB) and reach the server once the network is back.

test("unsynced edits survive an offline reload and reach the server after reconnecting", async ({
  browser,
}) => {
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Reload Ranch"));
  const { page, context, id } = agent;
  try {
    await expectAllSynced(page);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });

    await dropSocket(page);
    await field(page, "Name").fill("Offline Ranch LLC");
    await field(page, "Mobile phone").fill("555-555-0199");
    await expect.poll(() => pendingOf(page)).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await expect(field(page, "Name")).toHaveValue("Offline Ranch LLC");
    await expect(field(page, "Mobile phone")).toHaveValue("555-555-0199");
    await expect(status(page)).toHaveAttribute("data-state", /offline|connecting/);
    await expect(status(page)).toContainText("not yet on the server");
    // The history comes from the server: offline the record says so instead.
    await expect(page.getByTestId("history-offline")).toContainText("needs a connection");

    await context.setOffline(false);
    await expectAllSynced(page, 45_000);

    const fresh = await device(browser, AGENT, customerPath(id));
    try {
      await expect(field(fresh.page, "Name")).toHaveValue("Offline Ranch LLC");
      await expect(field(fresh.page, "Mobile phone")).toHaveValue("555-555-0199");
    } finally {
      await fresh.context.close();
    }
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test("[STATUS1] after an offline reload of a quote screen one status says offline", async ({ browser }) => {
  const agent = await device(browser, AGENT, "/insurance/lrp-quote");
  try {
    await expectAllSynced(agent.page);
    await waitForServiceWorker(agent.page);
    await agent.context.setOffline(true);
    await agent.page.reload();
    await expect(status(agent.page)).toHaveAttribute("data-state", "offline");
    await expect(status(agent.page)).not.toContainText("all changes saved");
    await expect(agent.page.getByText("You are offline. Rangeline keeps working")).toHaveCount(0);
  } finally {
    await agent.context.setOffline(false);
    await agent.context.close();
  }
});
