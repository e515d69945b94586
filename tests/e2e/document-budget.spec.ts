import { expect, test } from "./fixtures";
import { device, user } from "./sync-helpers";

// IMPORT3's setting on the organisation's settings screen (docs/administration.md): an admin reads and
// raises the agency's budget of new documents an hour; a value outside the schema's bounds is refused at
// its field with the sentence, nothing saved; the saved value is the server's after a reload.

const ADMIN = user("admin@demo.rangeline.test");

test("an admin raises the agency's budget of new documents on /settings", async ({ browser }) => {
  const admin = await device(browser, ADMIN, "/settings");
  try {
    const panel = admin.page.getByTestId("document-budget");
    const field = panel.getByLabel("New documents per hour");
    await expect(field).toHaveValue(/^\d+$/);
    await expect(panel).toContainText("each new customer takes two");
    await field.fill("0");
    await panel.getByTestId("document-budget-save").click();
    await expect(panel).toContainText("enter a whole number of new documents an hour from 1 to 100,000");
    await field.fill("6000");
    await panel.getByTestId("document-budget-save").click();
    await expect(panel.getByRole("status")).toHaveText("Saved.");
    await admin.page.reload();
    await expect(admin.page.getByTestId("document-budget").getByLabel("New documents per hour")).toHaveValue(
      "6000",
    );
  } finally {
    await admin.context.close();
  }
});
