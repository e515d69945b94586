import { expect, test } from "@playwright/test";
import { premiumDueDate, todayCentral } from "../../shared/book/dates";
import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../shared/book/test-fixtures";
import { addDays, daysBetween } from "../../shared/market/dates";
import { formatDate } from "../../src/lib/format/dates";
import { AGENT, deviceWithNewCustomer, expectAllSynced, freshName } from "./sync-helpers";

// The agent hub and My coverages (issue 10 §3) read the book on the device: a customer's coverage
// ending in 10 days is listed under "Ending in the next 30 days", one that ended 20 days ago under
// "Claims to file soon" (LRP: 60 days after the end date), each linking to its record; My coverages
// shows the producer's view of the same coverages with days to the end date, the premium due (by the
// shared date rules) and today's estimated indemnity, labelled an estimate. The records are written
// through the app's sync client on the agent's device (valid records of the shared shapes); the
// record page derives the organisation's summaries from them, as after any write.

test("the hub lists what needs the agent, and My coverages shows the producer's view", async ({
  browser,
}) => {
  const name = freshName("Hub Ranch");
  const agent = await deviceWithNewCustomer(browser, AGENT, name);
  const { page, id } = agent;
  const run = Date.now().toString(36).toUpperCase();
  const today = todayCentral(new Date());
  const entity = sampleEntity({ id: `E${run}`, legalName: `Hub Cattle ${run}` });
  const policy = samplePolicy({ id: `P${run}`, entityId: entity.id, policyNumber: `PL-${run}` });
  const ending = sampleLrpCoverage({
    id: `CE${run}`,
    policyId: policy.id,
    status: "accepted",
    endDate: addDays(today, 10),
    head: 140,
  });
  const ended = sampleLrpCoverage({
    id: `CX${run}`,
    policyId: policy.id,
    status: "ended",
    endDate: addDays(today, -20),
    head: 60,
  });
  try {
    await expectAllSynced(page);
    const documentName = `org/${AGENT.orgId}/customer/${id}`;
    await page.evaluate(
      ([doc, records]) => {
        const sync = window.__rangelineSync;
        if (!sync) throw new Error("no sync debug hook");
        for (const [section, record] of records as readonly (readonly [string, { id: string }])[])
          sync.forceWrite(doc as string, section, [record.id], record);
      },
      [
        documentName,
        [
          ["entities", entity],
          ["policies", policy],
          ["coverages", ending],
          ["coverages", ended],
        ],
      ] as const,
    );
    await expect(page.getByTestId("customer-coverages")).toContainText(`Ends ${formatDate(ending.endDate)}`);
    await expectAllSynced(page);

    await page.goto("/agent");
    const hub = page.getByTestId("agent-hub");
    await expect(hub.getByTestId("market-as-of")).toContainText("Market data as of");
    const endingItem = hub.getByTestId("hub-ending").getByRole("listitem").filter({ hasText: name });
    await expect(endingItem).toContainText("140 head");
    await expect(endingItem).toContainText("(in 10 days)");
    await expect(endingItem.getByRole("link").first()).toHaveAttribute(
      "href",
      `/agent/coverages/lrp/${ending.id}`,
    );
    const claimItem = hub.getByTestId("hub-claims").getByRole("listitem").filter({ hasText: name });
    await expect(claimItem).toContainText(`file by ${formatDate(addDays(ended.endDate, 60))}`);
    // Applications (issue 14): the panel lists the organisation's waiting applications (tests/e2e/apply.spec.ts).
    await expect(hub.getByRole("heading", { name: "New applications" })).toBeVisible();
    await expect(hub.getByText("Applications arrive here once online applications are built.")).toHaveCount(
      0,
    );

    // Premiums falling due in the next 30 days, by the shared rule (which one is listed depends on today).
    for (const coverage of [ending, ended]) {
      const due = premiumDueDate(coverage);
      const days = daysBetween(today, due);
      const item = hub
        .getByTestId("hub-premiums")
        .getByRole("listitem")
        .filter({ has: page.locator(`a[href="/agent/coverages/lrp/${coverage.id}"]`) });
      await expect(item).toHaveCount(days >= 0 && days <= 30 ? 1 : 0);
    }

    await page.goto(`/insurance/my-coverages?customer=${encodeURIComponent(id)}`);
    await expect(page.getByRole("status").filter({ hasText: "This is the producer's view" })).toBeVisible();
    const view = page.getByTestId("my-coverages");
    await expect(view.getByTestId("my-coverages-name")).toHaveText(name);
    const cards = view.getByTestId("my-coverage");
    await expect(cards).toHaveCount(2);
    // Running coverages first: the one ending in 10 days.
    await expect(cards.first().getByTestId("days-to-end")).toContainText("ends in 10 days");
    await expect(cards.first().getByTestId("premium-due")).toContainText(
      `due ${formatDate(premiumDueDate(ending))}`,
    );
    await expect(cards.first().getByTestId("estimated-indemnity")).toContainText("estimate");
    await expect(cards.nth(1).getByTestId("days-to-end")).toContainText("ended 20 days ago");
    await expect(view).not.toContainText(entity.taxIdLast4 ?? "6789");
  } finally {
    await agent.context.close();
  }
});
