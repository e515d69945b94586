import { readFile } from "node:fs/promises";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { AGENT, CUSTOMER, customerPath, device, expectAllSynced, field } from "./sync-helpers";

// Read-only documents (docs/local-first.md, docs/agent-book.md, rules ACL and SYNC1): the linked customer sees their
// record on My coverages but the UI never offers to change it; a write forced past the UI is refused by
// the server; the device keeps its copy and says so until the person takes the server's (docs/hardening.md).

test(
  "a customer sees their record read-only, and a forced write is refused and undone",
  DEMO_CUSTOMER,
  async ({ browser }) => {
    const marker = `Casey Cattle Co ${Date.now().toString(36)}`;
    const customerId = CUSTOMER.customerId as string;
    const agent = await device(browser, AGENT, customerPath(customerId));
    const customer = await device(browser, CUSTOMER, "/insurance/my-coverages");
    try {
      // The linked customer's record (the run's global setup started it, tests/e2e/global-setup.ts).
      await expect(agent.page.getByTestId("customer-record")).toBeVisible({ timeout: 15_000 });
      await field(agent.page, "Name").fill(marker);
      await expectAllSynced(agent.page);

      const view = customer.page.getByTestId("my-coverages");
      await expect(view.getByTestId("my-coverages-name")).toHaveText(marker);
      await expect(view.getByTestId("read-only-note")).toBeVisible();
      await expect(view.getByRole("textbox")).toHaveCount(0);
      await expect(view.locator("input, select, textarea, [contenteditable]")).toHaveCount(0);
      await expect(view.getByRole("button")).toHaveCount(0);
      // Never a tax id or an internal note on the producer's view.
      await expect(view).not.toContainText(/tax id|•••/i);

      // Past the UI: the server refuses the write and the device goes back to the server's copy.
      const name = `org/${CUSTOMER.orgId}/customer/${customerId}`;
      await customer.page.evaluate(
        ([documentName]) =>
          window.__rangelineSync?.forceWrite(
            documentName as string,
            "profile",
            ["name"],
            "Forged by customer",
          ),
        [name],
      );
      await expect(view.getByRole("status").or(view.getByRole("alert"))).toContainText(
        "The server refused your last change",
      );
      // docs/hardening.md: the refused copy is kept and said so, never "all changes saved", until the person
      // chooses the server's copy.
      const refused = customer.page.getByTestId("refused-record");
      await expect(refused).toContainText(
        "This record could not be saved to the server: you may not change it",
      );
      await expect(customer.page.getByTestId("sync-status")).not.toContainText("all changes saved");
      await expect(field(agent.page, "Name")).toHaveValue(marker);
      // Export: the kept copy as JSON, with why it was refused.
      const download = customer.page.waitForEvent("download");
      await refused.getByRole("button", { name: "Export" }).click();
      const exported = JSON.parse(await readFile((await (await download).path()) as string, "utf8"));
      expect(exported).toMatchObject({
        document: name,
        refusal: { reason: "forbidden" },
        content: { profile: { name: "Forged by customer" } },
      });
      // Send again: judged again, refused again, still kept.
      await refused.getByRole("button", { name: "Send again" }).click();
      await expect
        .poll(() =>
          customer.page.evaluate(() => window.__rangelineSync?.documents().map((d) => d.problem?.reason)),
        )
        .toContain("forbidden");
      await expect(refused).toContainText("This record could not be saved to the server");
      await refused.getByRole("button", { name: "Use the server's copy" }).click();
      await expect(view.getByTestId("my-coverages-name")).toHaveText(marker);
      await expectAllSynced(customer.page);
    } finally {
      await agent.context.close();
      await customer.context.close();
    }
  },
);
