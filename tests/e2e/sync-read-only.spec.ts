import { expect, test } from "@playwright/test";
import { AGENT, CUSTOMER, customerPath, device, expectAllSynced, field } from "./sync-helpers";

// Read-only documents (issue 5 §4, rules ACL and SYNC1): the linked customer reads their record but
// the UI never offers to change it; a write forced past the UI is refused by the server, and the
// device's copy is reset to the server's.

test("a customer sees their record read-only, and a forced write is refused and undone", async ({
  browser,
}) => {
  const marker = `Casey Cattle Co ${Date.now().toString(36)}`;
  const customerId = CUSTOMER.customerId as string;
  const agent = await device(browser, AGENT, customerPath(customerId));
  const customer = await device(browser, CUSTOMER, "/insurance/my-coverages");
  try {
    await field(agent.page, "Name").fill(marker);
    await expectAllSynced(agent.page);

    const record = customer.page.getByTestId("customer-record");
    await expect(record.getByTestId("profile-name")).toHaveText(marker);
    await expect(record.getByTestId("read-only-note")).toBeVisible();
    await expect(record.getByRole("textbox")).toHaveCount(0);
    await expect(record.locator("input, select, textarea, [contenteditable]")).toHaveCount(0);
    await expect(record.getByRole("button")).toHaveCount(0);

    // Past the UI: the server refuses the write and the device goes back to the server's copy.
    const name = `org/${CUSTOMER.orgId}/customer/${customerId}`;
    await customer.page.evaluate(
      ([documentName]) =>
        window.__rangelineSync?.forceWrite(documentName as string, "profile", ["name"], "Forged by customer"),
      [name],
    );
    await expect(record.getByRole("status").or(record.getByRole("alert"))).toContainText(
      "The server refused your last change",
    );
    await expect(record.getByTestId("profile-name")).toHaveText(marker);
    await expect(field(agent.page, "Name")).toHaveValue(marker);
    await expectAllSynced(customer.page);
  } finally {
    await agent.context.close();
    await customer.context.close();
  }
});
