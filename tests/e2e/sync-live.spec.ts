import { EXCLUSIVE, expect, test } from "./fixtures";
import {
  AGENT,
  AGENT2,
  customerPath,
  device,
  deviceWithNewCustomer,
  expectAllSynced,
  field,
  freshName,
} from "./sync-helpers";

// Live co-editing (docs/local-first.md, docs/agent-book.md): two agents on one customer; an edit in one appears in
// the other within 1 s, each sees the other's presence and the field they are in, edits of different
// fields both survive, a field that is not valid yet stays on its own screen, and the record's history
// (rule AUDIT1) names who changed which field, from the server.

test("two agents co-edit a customer live and see each other", EXCLUSIVE, async ({ browser }) => {
  const alex = await deviceWithNewCustomer(browser, AGENT, freshName("Live Ranch"));
  const jordan = await device(browser, AGENT2, customerPath(alex.id));
  try {
    await expectAllSynced(alex.page);
    await expectAllSynced(jordan.page);

    await field(alex.page, "Name").focus();
    await expect(jordan.page.getByTestId("presence")).toContainText(`${AGENT.name} · editing Name`);
    await expect(
      jordan.page.getByTestId("customer-record").locator('[data-field="name"]').getByTestId("field-editors"),
    ).toContainText(`${AGENT.name} is editing this`);
    // Jordan is in no field yet, and Alex sees Jordan is here.
    await expect(alex.page.getByTestId("presence")).toContainText(AGENT2.name);

    for (const [i, value] of ["Casey Rancher", "Casey Rancher & Sons", "C. Rancher"].entries()) {
      const [from, to] = i % 2 === 0 ? [alex, jordan] : [jordan, alex];
      await field(from.page, "Name").fill(value);
      await expect(field(to.page, "Name")).toHaveValue(value, { timeout: 1000 });
    }

    await field(jordan.page, "Mobile phone").focus();
    await expect(alex.page.getByTestId("presence")).toContainText(`${AGENT2.name} · editing Mobile phone`);

    // Different fields at the same time: both survive, on both screens.
    await field(jordan.page, "Mobile phone").fill("620-555-0134");
    await field(alex.page, "E-mail").fill("casey@example.test");
    await expect(field(alex.page, "Mobile phone")).toHaveValue("620-555-0134", { timeout: 1000 });
    await expect(field(jordan.page, "E-mail")).toHaveValue("casey@example.test", { timeout: 1000 });

    // A half-typed phone number stays on Jordan's screen with the schema's message; Alex keeps the last
    // valid one.
    await field(jordan.page, "Mobile phone").fill("620-55");
    await expect(
      jordan.page
        .getByTestId("customer-record")
        .locator('[data-field="mobilePhone"]')
        .getByTestId("field-error"),
    ).toContainText("Phone must be");
    await expect(field(alex.page, "Mobile phone")).toHaveValue("620-555-0134");

    // The profile's history, from the server's record of who wrote what.
    const history = alex.page.getByTestId("record-history");
    await expect(
      history.getByTestId("history-entry").filter({ hasText: `${AGENT2.name} changed Mobile phone` }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(
      history
        .getByTestId("history-entry")
        .filter({ hasText: `${AGENT.name} changed` })
        .first(),
    ).toContainText(/Name|E-mail/);
  } finally {
    await alex.context.close();
    await jordan.context.close();
  }
});
