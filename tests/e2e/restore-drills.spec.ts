import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  cleanUp,
  controlled,
  type DrillServer,
  killableBrowser,
  openDevice,
  rangeline,
  reconnectNow,
  signedInDevice,
  signInAt,
  startDrillServer,
  tempDir,
} from "./restore-helpers";
import {
  AGENT,
  AGENT2,
  customerPath,
  dropSocket,
  expectAllSynced,
  field,
  newCustomerPath,
  pendingOf,
  restoreSocket,
  saveNewCustomer,
  signIn,
  status,
} from "./sync-helpers";

// Issue 31, "nothing lost when the server goes back in time": five drills with the real server (its
// own process, data folder and port, 8192-8196) and real Chromium on persistent profiles. Each ends by
// reading the records from a device that never held them: what the server has is what was kept.

test.setTimeout(120_000);
test.afterAll(cleanUp);

let server: DrillServer | null = null;
test.afterEach(async ({ browserName: _browser }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server)
    await testInfo.attach("server output", { body: server.output() });
  if (process.env.DRILL_LOG && server) console.log(server.output());
  await server?.stop();
  server = null;
});

/** The profile fields a fresh device reads on the server's copy of a customer's record. */
async function expectOnServer(browser: Browser, origin: string, id: string, fields: Record<string, string>) {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    await signIn(page, AGENT2, customerPath(id));
    for (const [label, value] of Object.entries(fields))
      await expect(field(page, label), `${label} on the server`).toHaveValue(value, { timeout: 15_000 });
  } finally {
    await context.close();
  }
}

/** The documents of the page the server refused, with why (empty: none). */
const refusedOf = (page: Page) =>
  page.evaluate(() =>
    (window.__rangelineSync?.documents() ?? [])
      .filter((d) => d.connection === "refused")
      .map((d) => `${d.name}: ${d.problem?.reason ?? "?"} ${d.problem?.detail ?? ""}`),
  );

/** Every document of the page synced, none refused (the refused ones named when not). */
async function expectAllSaved(page: Page) {
  await expect.poll(() => refusedOf(page), { timeout: 45_000 }).toEqual([]);
  await expectAllSynced(page, 45_000);
  await expect(page.getByTestId("refused-record")).toHaveCount(0);
}

test("drill 1: a restore from an older backup — every record the devices hold comes back whole, from a device online and one offline at the restore", async ({
  browser,
}) => {
  server = await startDrillServer(8192);
  const a = await signedInDevice(server.origin, AGENT, newCustomerPath());
  try {
    const probe = await saveNewCustomer(a.page, "Backup Probe");
    await field(a.page, "E-mail").fill("before@example.com");
    await expectAllSynced(a.page);
    const b = await signedInDevice(server.origin, AGENT, customerPath(probe));
    try {
      await expect(field(b.page, "E-mail")).toHaveValue("before@example.com");
      await expectAllSynced(b.page);

      const backup = join(tempDir("backup"), "rangeline.sqlite");
      await rangeline(["backup", "--out", backup, "--data-dir", server.dataDir]);

      // After the backup: device A (online) changes the e-mail and adds a customer; device B, offline,
      // changes the phone.
      await field(a.page, "E-mail").fill("after@example.com");
      await a.page.goto(newCustomerPath());
      const after = await saveNewCustomer(a.page, "After Backup");
      await field(a.page, "Mobile phone").fill("555-555-0101");
      await expectAllSaved(a.page);
      await dropSocket(b.page);
      await field(b.page, "Mobile phone").fill("555-555-0142");
      await expect.poll(() => pendingOf(b.page)).toBeGreaterThan(0);

      // The bad night: the server is stopped, its database replaced by the backup, and started.
      await server.stop();
      await rangeline(["restore", "--from", backup, "--data-dir", server.dataDir, "--force"]);
      await server.start();

      await reconnectNow(a.page);
      await expectAllSaved(a.page);
      await restoreSocket(b.page);
      await expectAllSaved(b.page);

      await expectOnServer(browser, server.origin, after, {
        Name: "After Backup",
        "Mobile phone": "555-555-0101",
      });
      await expectOnServer(browser, server.origin, probe, {
        Name: "Backup Probe",
        "E-mail": "after@example.com",
        "Mobile phone": "555-555-0142",
      });
    } finally {
      await b.close();
    }
  } finally {
    await a.close();
  }
});

test("drill 2: a server restart while a device has unsent edits — they reach the restarted server", async ({
  browser,
}) => {
  server = await startDrillServer(8193);
  const a = await signedInDevice(server.origin, AGENT, newCustomerPath());
  try {
    const id = await saveNewCustomer(a.page, "Restart Ranch");
    await expectAllSynced(a.page);
    await server.stop();
    await expect(status(a.page)).toHaveAttribute("data-state", /offline|connecting/, { timeout: 20_000 });
    await field(a.page, "Name").fill("Restart Ranch LLC");
    await field(a.page, "E-mail").fill("restart@example.com");
    await expect.poll(() => pendingOf(a.page)).toBeGreaterThan(0);
    await expect(status(a.page)).not.toContainText("all changes saved");
    await server.start();
    await reconnectNow(a.page);
    await expectAllSaved(a.page);
    await expectOnServer(browser, server.origin, id, {
      Name: "Restart Ranch LLC",
      "E-mail": "restart@example.com",
    });
  } finally {
    await a.close();
  }
});
