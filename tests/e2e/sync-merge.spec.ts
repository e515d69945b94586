import { expect, test } from "@playwright/test";
import {
  AGENT,
  customerPath,
  device,
  dropSocket,
  expectAllSynced,
  field,
  freshCustomerId,
  pendingOf,
  restoreSocket,
} from "./sync-helpers";

// Offline merge (issue 5 §4): one agent on two devices edits one customer document while both are
// offline — different fields and the same field — then both reconnect; both converge, and a third,
// fresh device loaded from the server shows the same. Run with both reconnect orders.

for (const firstBack of ["A", "B"] as const) {
  test(`two devices edit one customer offline and converge when ${firstBack} reconnects first`, async ({
    browser,
  }) => {
    const id = freshCustomerId(`merge${firstBack}`);
    const a = await device(browser, AGENT, customerPath(id));
    const b = await device(browser, AGENT, customerPath(id));
    try {
      await field(a.page, "Operation").fill("Seeded ranch");
      await expect(field(b.page, "Operation")).toHaveValue("Seeded ranch");
      await expectAllSynced(a.page);
      await expectAllSynced(b.page);

      await dropSocket(a.page);
      await dropSocket(b.page);
      await field(a.page, "Name").fill("Name typed on A");
      await field(a.page, "Phone").fill("555-0101");
      await field(b.page, "Name").fill("Name typed on B");
      await field(b.page, "Email").fill("b@example.test");
      expect(await pendingOf(a.page)).toBeGreaterThan(0);
      expect(await pendingOf(b.page)).toBeGreaterThan(0);
      // Offline, neither sees the other's edit.
      await expect(field(a.page, "Email")).toHaveValue("");
      await expect(field(b.page, "Phone")).toHaveValue("");

      const [first, second] = firstBack === "A" ? [a, b] : [b, a];
      await restoreSocket(first.page);
      await expectAllSynced(first.page);
      await restoreSocket(second.page);
      await expectAllSynced(second.page);

      for (const { page } of [a, b]) {
        await expect(field(page, "Phone")).toHaveValue("555-0101");
        await expect(field(page, "Email")).toHaveValue("b@example.test");
        await expect(field(page, "Operation")).toHaveValue("Seeded ranch");
      }
      // The same field: one value wins, the same on both.
      await expect
        .poll(async () => {
          const x = await field(a.page, "Name").inputValue();
          const y = await field(b.page, "Name").inputValue();
          return x === y && (x === "Name typed on A" || x === "Name typed on B");
        })
        .toBe(true);
      const merged = await field(a.page, "Name").inputValue();

      const c = await device(browser, AGENT, customerPath(id));
      try {
        await expect(field(c.page, "Name")).toHaveValue(merged);
        await expect(field(c.page, "Phone")).toHaveValue("555-0101");
        await expect(field(c.page, "Email")).toHaveValue("b@example.test");
        await expect(field(c.page, "Operation")).toHaveValue("Seeded ranch");
      } finally {
        await c.context.close();
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
}
