import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, EXCLUSIVE, expect, type Page, test } from "./fixtures";
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
  signOut,
  status,
} from "./sync-helpers";

// docs/hardening.md, "nothing lost when the server goes back in time": five drills with the real server (its
// own process, data folder and port, 8192-8196) and real Chromium on persistent profiles. Each ends by
// reading the records from a device that never held them: what the server has is what was kept.

test.setTimeout(120_000);
// Each drill has its own port, folders and browsers: the two workers may share them out; only drill 5,
// which times the kill, waits until nothing else runs (EXCLUSIVE).
test.describe.configure({ mode: "parallel" });

let server: DrillServer | null = null;
test.afterEach(async ({ browserName: _browser }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server)
    await testInfo.attach("server output", { body: server.output() });
  if (process.env.DRILL_LOG && server) console.log(server.output());
  await server?.stop();
  server = null;
  cleanUp();
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

test("drill 3: sign-out with unsent offline edits — the person is warned, the edits wait for their next sign-in here and are never shown to another user", async ({
  browser,
}) => {
  server = await startDrillServer(8194);
  const a = await signedInDevice(server.origin, AGENT, newCustomerPath());
  const warnings: string[] = [];
  a.page.on("dialog", (dialog) => {
    warnings.push(dialog.message());
    void dialog.accept();
  });
  try {
    const id = await saveNewCustomer(a.page, "Sign-out Ranch");
    await expectAllSynced(a.page);
    await dropSocket(a.page);
    await field(a.page, "Name").fill("Sign-out Ranch Unsent");
    await field(a.page, "E-mail").fill("unsent@example.com");
    await expect.poll(() => pendingOf(a.page)).toBeGreaterThan(0);
    await signOut(a.page, AGENT);

    // Someone else signs in on this device: the server's copy, never the first user's unsent edits.
    await signIn(a.page, AGENT2, customerPath(id));
    await expect(field(a.page, "Name")).toHaveValue("Sign-out Ranch");
    await expect(field(a.page, "E-mail")).toHaveValue("");
    await expectAllSaved(a.page);
    await signOut(a.page, AGENT2);

    // The same user again: the edits are on the device and reach the server.
    await signIn(a.page, AGENT, customerPath(id));
    await expect(field(a.page, "Name")).toHaveValue("Sign-out Ranch Unsent");
    await expect(field(a.page, "E-mail")).toHaveValue("unsent@example.com");
    await expectAllSaved(a.page);
    await expectOnServer(browser, server.origin, id, {
      Name: "Sign-out Ranch Unsent",
      "E-mail": "unsent@example.com",
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("not yet on the server");
  } finally {
    await a.close();
  }
});

test("drill 4: a new version deployed while edits are pending — the update prompt appears and nothing pending is lost", async ({
  browser,
}) => {
  server = await startDrillServer(8195);
  const a = await signedInDevice(server.origin, AGENT, newCustomerPath());
  try {
    const id = await saveNewCustomer(a.page, "Update Ranch");
    await expectAllSynced(a.page);
    await controlled(a.page);
    await dropSocket(a.page);
    await field(a.page, "Name").fill("Update Ranch LLC");
    await field(a.page, "Mobile phone").fill("555-555-0177");
    await expect.poll(() => pendingOf(a.page)).toBeGreaterThan(0);

    // A deployment changes the service worker; the device notices it.
    appendFileSync(join(server.staticDir, "sw.js"), "\n// drill 4: version 2\n");
    await a.page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const banner = a.page.getByRole("status").filter({ hasText: "A new version of Rangeline is ready." });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(field(a.page, "Name")).toHaveValue("Update Ranch LLC");
    await banner.getByRole("button", { name: "Reload" }).click();
    await expect(banner).toHaveCount(0);
    await expect(field(a.page, "Name")).toHaveValue("Update Ranch LLC");
    await expect(field(a.page, "Mobile phone")).toHaveValue("555-555-0177");
    await expectAllSaved(a.page);
    await expectOnServer(browser, server.origin, id, {
      Name: "Update Ranch LLC",
      "Mobile phone": "555-555-0177",
    });
  } finally {
    await a.close();
  }
});

test(
  "drill 5: the browser killed within 100 ms of the last keystroke, offline — every field survives",
  EXCLUSIVE,
  async ({ browser }) => {
    server = await startDrillServer(8196);
    const profile = tempDir("profile");
    const typed: Record<string, string> = {
      Name: "Kill Ranch LLC",
      "E-mail": "kill@example.com",
      "Mobile phone": "555-555-0166",
      "Street address": "1 Feedlot Road",
      City: "Dodge City",
    };
    // Yesterday: the agent signed in on this device and opened the record; the browser was closed.
    const yesterday = await killableBrowser(profile);
    let id: string;
    try {
      await signInAt(yesterday.page, server.origin, AGENT, newCustomerPath());
      id = await saveNewCustomer(yesterday.page, "Kill Ranch");
      await expectAllSynced(yesterday.page);
      await controlled(yesterday.page);
    } finally {
      await yesterday.close();
    }
    // Today, offline: every field typed, and the browser killed right after the last key.
    const today = await killableBrowser(profile);
    try {
      await today.context.setOffline(true);
      await today.page.goto(`${server.origin}${customerPath(id)}`);
      await expect(status(today.page)).toHaveAttribute("data-state", "offline", { timeout: 20_000 });
      const labels = Object.keys(typed);
      for (const label of labels.slice(0, -1)) await field(today.page, label).fill(typed[label] as string);
      const last = labels.at(-1) as string;
      await field(today.page, last).fill("");
      await field(today.page, last).pressSequentially(typed[last] as string);
      const keyed = Date.now();
      // 20 ms after the last key: a busy machine delays this timer (50 ms came at 122 ms in one CI run),
      // and the kill must still land within the 100 ms the drill is about.
      await new Promise((resolve) => setTimeout(resolve, 20));
      today.kill();
      expect(Date.now() - keyed).toBeLessThan(100);
    } finally {
      today.kill();
    }

    const again = await openDevice(profile, server.origin, customerPath(id), { offline: true });
    try {
      for (const [label, value] of Object.entries(typed))
        await expect(field(again.page, label), `${label} after the kill`).toHaveValue(value, {
          timeout: 20_000,
        });
      await again.context.setOffline(false);
      await reconnectNow(again.page);
      await expectAllSaved(again.page);
      // The address is not complete (no state, no ZIP code): it waits on this device, shown, until it is.
      await expect(field(again.page, "Street address")).toHaveValue(typed["Street address"] as string);
      const { Name, "E-mail": email, "Mobile phone": phone } = typed;
      await expectOnServer(browser, server.origin, id, {
        Name,
        "E-mail": email,
        "Mobile phone": phone,
      } as Record<string, string>);
    } finally {
      await again.close();
    }
  },
);
