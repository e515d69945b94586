import { expect, test } from "./fixtures";
import {
  AGENT,
  device,
  deviceWithNewCustomer,
  expectAllSynced,
  field,
  freshName,
  user,
} from "./sync-helpers";

// docs/hardening.md-§5: an admin opens the document history on /settings, sees an agent's change by time
// and author, looks at the customer document as it was just before it, and restores the profile; the
// agent's open record shows the restored name at once (the restore is a new change, live).

const ADMIN = user("admin@demo.rangeline.test");

test("an admin restores a customer's profile from the document history; the agent sees it at once", async ({
  browser,
}) => {
  const original = freshName("Restore Ranch");
  const agent = await deviceWithNewCustomer(browser, AGENT, original);
  const admin = await device(browser, ADMIN, "/settings");
  try {
    await expectAllSynced(agent.page);
    // The agent's mistaken change.
    await field(agent.page, "Name").fill(`${original} (wrong)`);
    await expectAllSynced(agent.page);

    const panel = admin.page.getByTestId("document-history");
    await panel.getByLabel("Document").selectOption(`org/demo/customer/${agent.id}`);
    const latest = panel.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
    await expect(latest).toContainText(AGENT.name);
    await expect(latest).toContainText("profile");
    await latest.getByRole("button", { name: "Before this change" }).click();

    const point = admin.page.getByTestId("document-history-point");
    await expect(point).toContainText(`"name": "${original}"`);
    await test
      .info()
      .attach("the history panel at 1280 px", { body: await panel.screenshot(), contentType: "image/png" });
    await point.getByRole("button", { name: "Restore profile" }).click();
    await expect(panel.getByRole("status")).toContainText("is restored");

    // Live on the agent's open record, and in the history as the admin's change.
    await expect(field(agent.page, "Name")).toHaveValue(original);
    await expect(latest).toContainText(ADMIN.name);

    // The whole document: asked once more before it is done.
    await panel.getByRole("button", { name: "Restore the whole document to this point" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Restore the whole document?" })).toBeVisible();
    await panel.getByRole("button", { name: "Cancel" }).click();

    await admin.page.setViewportSize({ width: 360, height: 800 });
    await test
      .info()
      .attach("the history panel at 360 px", { body: await panel.screenshot(), contentType: "image/png" });
  } finally {
    await agent.context.close();
    await admin.context.close();
  }
});
