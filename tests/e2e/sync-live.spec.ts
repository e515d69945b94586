import { expect, test } from "@playwright/test";
import { AGENT, AGENT2, customerPath, device, expectAllSynced, field, freshCustomerId } from "./sync-helpers";

// Live co-editing (issue 5 §4): two agents on one customer; an edit in one appears in the other
// within 1 s, and each sees the other's presence and the field they are in.

test("two agents co-edit a customer live and see each other", async ({ browser }) => {
  const id = freshCustomerId("live");
  const alex = await device(browser, AGENT, customerPath(id));
  const jordan = await device(browser, AGENT2, customerPath(id));
  try {
    await expectAllSynced(alex.page);
    await expectAllSynced(jordan.page);

    await field(alex.page, "Name").focus();
    await expect(jordan.page.getByTestId("presence")).toContainText(`${AGENT.name} · editing Name`);
    await expect(alex.page.getByTestId("presence")).toContainText(AGENT2.name);

    for (const [i, value] of ["Casey Rancher", "Casey Rancher & Sons", "C. Rancher"].entries()) {
      const [from, to] = i % 2 === 0 ? [alex, jordan] : [jordan, alex];
      await field(from.page, "Name").fill(value);
      await expect(field(to.page, "Name")).toHaveValue(value, { timeout: 1000 });
    }

    await field(jordan.page, "Phone").focus();
    await expect(alex.page.getByTestId("presence")).toContainText(`${AGENT2.name} · editing Phone`);
  } finally {
    await alex.context.close();
    await jordan.context.close();
  }
});
