import { addFromRecord, createEntity } from "./book-helpers";
import { expect, type Page, test } from "./fixtures";
import {
  AGENT as AGENT_USER,
  AGENT2,
  customerPath,
  device,
  deviceWithNewCustomer,
  dropSocket,
  expectAllSynced,
  field,
  freshName,
  newCustomerPath,
  status,
} from "./sync-helpers";

// docs/local-first.md, "Created records are on the device before the screen says so": "Save customer"
// opens the new record only once its document is stored in IndexedDB. The page dies at the very
// moment the app shows the record (its address changes): every IndexedDB transaction not committed by
// then is aborted and none can start — what a reload or a closed tab does to writes still in flight.
// The socket is down before saving, so the device's copy is all there is; a new page of the same
// device must show the customer, offline, and send it to the server once back online.

test.setTimeout(120_000);

/**
 * In the page: once the address becomes `pattern` (the app's navigation to the saved record), abort
 * every IndexedDB write transaction that has not completed, refuse new ones and send nothing more on
 * the sync socket, as when the page goes. Until then, every write transaction takes 100 ms to commit.
 */
async function dieWhenAddressMatches(page: Page, pattern: string) {
  await page.evaluate((source) => {
    const live = new Set<IDBTransaction>();
    let dead = false;
    const open = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof open>) {
      if (dead) throw new DOMException("The page is gone.", "InvalidStateError");
      const transaction = open.apply(this, args);
      if (transaction.mode !== "readonly") {
        live.add(transaction);
        const settle = () => live.delete(transaction);
        transaction.addEventListener("complete", settle);
        transaction.addEventListener("abort", settle);
        // A slow disk: each write commits only after 100 ms of reads, so a screen that leaves without
        // waiting for its writes always leaves before they are stored (on a fast disk, only sometimes).
        const store = transaction.objectStoreNames[0];
        const until = performance.now() + 100;
        const busy = () => {
          if (dead || store === undefined || performance.now() > until) return;
          try {
            transaction.objectStore(store).count().onsuccess = busy;
          } catch {
            // Finished or aborted.
          }
        };
        busy();
      }
      return transaction;
    } as typeof open;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<typeof send>) {
      if (!dead) send.apply(this, args);
    };
    const regex = new RegExp(source);
    const die = () => {
      if (dead || !regex.test(window.location.href)) return;
      dead = true;
      for (const transaction of live) {
        try {
          transaction.abort();
        } catch {
          // Already committing: that one is on the device.
        }
      }
    };
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History["pushState"]>) => {
        original(...args);
        die();
      };
    }
  }, pattern);
}

/**
 * A new entity of the customer `customerId`, on the server, on a page whose service worker controls it
 * (so a new page of the device starts offline).
 */
async function entityOnDevice(page: Page, customerId: string, legalName: string): Promise<string> {
  await addFromRecord(page, customerId, "Add entity");
  const entityId = await createEntity(page, { legalName, ssn: "567-89-1234" });
  await expectAllSynced(page);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  return entityId;
}

/** Closes `page` (what was stored on the device stays) and opens `path` in a new page, offline. */
async function openAgainOffline(page: Page, path: string): Promise<Page> {
  await page.close();
  await page.context().setOffline(true);
  const again = await page.context().newPage();
  await again.goto(path);
  return again;
}

test("a new customer saved while offline is on the device even when the page dies as the record opens", async ({
  browser,
}) => {
  const name = freshName("Durable Ranch");
  const { context, page } = await device(browser, AGENT_USER, newCustomerPath());
  try {
    // The app must come from the service worker on the offline page below.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await dropSocket(page);
    await dieWhenAddressMatches(page, "[?&]customer=");

    const form = page.getByTestId("new-customer-form");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByRole("button", { name: "Save customer" }).click();
    await expect(page).toHaveURL(/[?&]customer=/);
    const id = new URL(page.url()).searchParams.get("customer") as string;
    await page.close();

    // The same device, no network: the record comes from IndexedDB.
    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(customerPath(id));
    await expect(field(again, "Name"), "the profile on the device").toHaveValue(name, { timeout: 20_000 });
    await expect(status(again)).toContainText("not yet on the server");

    // Back online: the device sends it; another agent's fresh device reads it from the server.
    await context.setOffline(false);
    await again.evaluate(() => window.__rangelineSync?.connect());
    await expectAllSynced(again, 45_000);
    const other = await device(browser, AGENT2, customerPath(id));
    try {
      await expect(field(other.page, "Name"), "the profile on the server").toHaveValue(name, {
        timeout: 20_000,
      });
    } finally {
      await other.context.close();
    }
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test("a new customer saved online is on the device and reaches the server even when the page dies as the record opens", async ({
  browser,
}) => {
  // The CI case (saved, then the page reloaded at once), online: what the socket did not carry before
  // the page went must be on the device. (This passes without whenStored too when the shared socket was
  // up: the provider sends the update at once. The offline test above is the one that fails without it.)
  const name = freshName("Online Durable Ranch");
  const { context, page } = await device(browser, AGENT_USER, newCustomerPath());
  try {
    await expectAllSynced(page);
    await dieWhenAddressMatches(page, "[?&]customer=");
    const form = page.getByTestId("new-customer-form");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByRole("button", { name: "Save customer" }).click();
    await expect(page).toHaveURL(/[?&]customer=/);
    const id = new URL(page.url()).searchParams.get("customer") as string;
    await page.close();

    const again = await context.newPage();
    await again.goto(customerPath(id));
    await expect(field(again, "Name"), "the profile on the device").toHaveValue(name, { timeout: 20_000 });
    await expectAllSynced(again, 45_000);
    const other = await device(browser, AGENT2, customerPath(id));
    try {
      await expect(field(other.page, "Name"), "the profile on the server").toHaveValue(name, {
        timeout: 20_000,
      });
    } finally {
      await other.context.close();
    }
  } finally {
    await context.close();
  }
});

test("an entity edited while offline is on the device even when the page dies as the entity opens", async ({
  browser,
}) => {
  // The edit screens wait for the device too (useAfterStored): the changed tax id (its last four in
  // the customer's document, the whole in the internal one) must survive the page dying the moment the
  // app shows the entity again.
  const { context, page, id } = await deviceWithNewCustomer(browser, AGENT_USER, freshName("Edit Ranch"));
  try {
    const entityId = await entityOnDevice(page, id, freshName("Edit Ranch LLC"));
    await page.goto(`/agent/entities/${entityId}/edit`);
    const form = page.getByTestId("entity-edit");
    await expect(form.getByRole("button", { name: "Save changes" })).toBeEnabled({ timeout: 15_000 });
    await dropSocket(page);
    await dieWhenAddressMatches(page, `/agent/entities/${entityId}$`);
    await form.getByLabel("Tax id", { exact: true }).fill("567-89-1299");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/agent/entities/${entityId}$`));
    const again = await openAgainOffline(page, `/agent/entities/${entityId}`);
    await expect(again.getByTestId("entity-page"), "the edit on the device").toContainText("1299", {
      timeout: 20_000,
    });
    await expect(status(again)).toContainText("not yet on the server");
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test("an entity deactivated while offline is on the device even when the page dies as the entity opens", async ({
  browser,
}) => {
  // The status-change screens wait for the device too (RecordActionRoute's leave): the new status must
  // survive the page dying the moment the app shows the entity again.
  const { context, page, id } = await deviceWithNewCustomer(browser, AGENT_USER, freshName("Status Ranch"));
  try {
    const entityId = await entityOnDevice(page, id, freshName("Status Ranch LLC"));
    await page.goto(`/agent/entities/${entityId}/deactivate`);
    const confirm = page.getByTestId("confirm-action");
    await expect(confirm).toBeEnabled({ timeout: 15_000 });
    await dropSocket(page);
    await dieWhenAddressMatches(page, `/agent/entities/${entityId}$`);
    await confirm.click();
    await expect(page).toHaveURL(new RegExp(`/agent/entities/${entityId}$`));
    const again = await openAgainOffline(page, `/agent/entities/${entityId}`);
    await expect(again.getByTestId("entity-status"), "the new status on the device").toHaveText(
      "Deactivated",
      { timeout: 20_000 },
    );
    await expect(status(again)).toContainText("not yet on the server");
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});
