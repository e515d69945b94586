import { expect, test } from "./fixtures";
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
  restoreSocket,
} from "./sync-helpers";

// Offline merge (docs/local-first.md, docs/agent-book.md): one agent on two devices edits one customer while both are
// offline — different fields and the same field — then both reconnect; both converge, and a third,
// fresh device loaded from the server shows the same. Run with both reconnect orders.

for (const firstBack of ["A", "B"] as const) {
  test(`two devices edit one customer offline and converge when ${firstBack} reconnects first`, async ({
    browser,
  }) => {
    const onA = freshName("Name typed on A");
    const onB = freshName("Name typed on B");
    const a = await deviceWithNewCustomer(browser, AGENT, freshName(`Merge ${firstBack}`));
    const b = await device(browser, AGENT, customerPath(a.id));
    try {
      // An address is written once all of it is valid (street, city, state, ZIP).
      await field(a.page, "Street address").fill("1 Feedlot Rd");
      await field(a.page, "City").fill("Garden City");
      await field(a.page, "State").selectOption("KS");
      await field(a.page, "ZIP code").fill("67846");
      await expect(field(b.page, "City")).toHaveValue("Garden City");
      await expectAllSynced(a.page);
      await expectAllSynced(b.page);

      await dropSocket(a.page);
      await dropSocket(b.page);
      await field(a.page, "Name").fill(onA);
      await field(a.page, "Mobile phone").fill("555-555-0101");
      await field(b.page, "Name").fill(onB);
      await field(b.page, "E-mail").fill("b@example.test");
      expect(await pendingOf(a.page)).toBeGreaterThan(0);
      expect(await pendingOf(b.page)).toBeGreaterThan(0);
      // Offline, neither sees the other's edit.
      await expect(field(a.page, "E-mail")).toHaveValue("");
      await expect(field(b.page, "Mobile phone")).toHaveValue("");

      const [first, second] = firstBack === "A" ? [a, b] : [b, a];
      await restoreSocket(first.page);
      await expectAllSynced(first.page);
      await restoreSocket(second.page);
      await expectAllSynced(second.page);

      for (const { page } of [a, b]) {
        await expect(field(page, "Mobile phone")).toHaveValue("555-555-0101");
        await expect(field(page, "E-mail")).toHaveValue("b@example.test");
        await expect(field(page, "City")).toHaveValue("Garden City");
      }
      // The same field, a shared text (docs/sync-rules.md TEXT1): each device replaced the name, so both texts are kept
      // whole, one after the other, the same on both.
      await expect
        .poll(async () => {
          const x = await field(a.page, "Name").inputValue();
          const y = await field(b.page, "Name").inputValue();
          return x === y && (x === onA + onB || x === onB + onA);
        })
        .toBe(true);
      const merged = await field(a.page, "Name").inputValue();

      const c = await device(browser, AGENT, customerPath(a.id));
      try {
        await expect(field(c.page, "Name")).toHaveValue(merged);
        await expect(field(c.page, "Mobile phone")).toHaveValue("555-555-0101");
        await expect(field(c.page, "E-mail")).toHaveValue("b@example.test");
        await expect(field(c.page, "City")).toHaveValue("Garden City");
        // The list follows the merged name (the organisation's summaries converge too).
        await c.page.goto("/agent/customers");
        await expect(c.page.getByRole("link", { name: merged })).toBeVisible();
      } finally {
        await c.context.close();
      }
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
}
