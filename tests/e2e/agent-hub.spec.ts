import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../shared/book/test-fixtures";
import { E2E_DAY } from "./clock";
import { expect, test } from "./fixtures";
import { AGENT, deviceWithNewCustomer, expectAllSynced, freshName } from "./sync-helpers";

// The agent hub and My coverages (docs/agent-book.md) read the book on the device: a customer's coverage
// ending in 10 days is listed under "Ending in the next 30 days", one that ended 20 days ago under
// "Claims to file soon" (LRP: 60 days after the end date), each linking to its record; My coverages
// shows the producer's view of the same coverages with days to the end date, the premium due (by the
// shared date rules) and today's estimated indemnity, labelled an estimate. The records are written
// through the app's sync client on the agent's device (valid records of the shared shapes); the
// record page derives the organisation's summaries from them, as after any write.
// The run's day is Wednesday 2026-11-18 (tests/e2e/clock.ts): every date below is written out.

test("the hub lists what needs the agent, and My coverages shows the producer's view", async ({
  browser,
}) => {
  const name = freshName("Hub Ranch");
  const agent = await deviceWithNewCustomer(browser, AGENT, name);
  const { page, id } = agent;
  const run = Date.now().toString(36).toUpperCase();
  expect(E2E_DAY).toBe("2026-11-18");
  const entity = sampleEntity({ id: `E${run}`, legalName: `Hub Cattle ${run}` });
  const policy = samplePolicy({ id: `P${run}`, entityId: entity.id, policyNumber: `PL-${run}` });
  const ending = sampleLrpCoverage({
    id: `CE${run}`,
    policyId: policy.id,
    status: "accepted",
    endDate: "2026-11-28", // in 10 days; CY2026 premium billed 2 months after: due 2027-01-01
    head: 140,
  });
  const ended = sampleLrpCoverage({
    id: `CX${run}`,
    policyId: policy.id,
    status: "ended",
    endDate: "2026-10-29", // 20 days ago: claims to file by 2026-12-28; premium due 2026-12-01
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
    await expect(page.getByTestId("customer-coverages")).toContainText("Ends Nov 28, 2026");
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
    await expect(claimItem).toContainText("file by Dec 28, 2026");
    // HUB1: the row opens the claim form of that endorsement, not the customer.
    await expect(claimItem.getByRole("link").first()).toHaveAttribute("href", /^\/agent\/claims\?coverage=/);
    // Applications (docs/applications.md): the panel lists the organisation's waiting applications (tests/e2e/apply.spec.ts).
    await expect(hub.getByRole("heading", { name: "New applications" })).toBeVisible();
    await expect(hub.getByText("Applications arrive here once online applications are built.")).toHaveCount(
      0,
    );

    // Premiums falling due in the next 30 days: the ended coverage's (2026-12-01, in 13 days), not the
    // running one's (2027-01-01, in 44 days).
    const premiumItem = (coverage: { id: string }) =>
      hub
        .getByTestId("hub-premiums")
        .getByRole("listitem")
        .filter({ has: page.locator(`a[href="/agent/coverages/lrp/${coverage.id}"]`) });
    await expect(premiumItem(ended)).toHaveCount(1);
    await expect(premiumItem(ended)).toContainText("Dec 1, 2026");
    await expect(premiumItem(ending)).toHaveCount(0);

    await page.goto(`/insurance/my-coverages?customer=${encodeURIComponent(id)}`);
    await expect(page.getByRole("status").filter({ hasText: "This is the producer's view" })).toBeVisible();
    const view = page.getByTestId("my-coverages");
    await expect(view.getByTestId("my-coverages-name")).toHaveText(name);
    const cards = view.getByTestId("my-coverage");
    await expect(cards).toHaveCount(2);
    // Running coverages first: the one ending in 10 days.
    await expect(cards.first().getByTestId("days-to-end")).toContainText("ends in 10 days");
    await expect(cards.first().getByTestId("premium-due")).toContainText("due Jan 1, 2027");
    await expect(cards.first().getByTestId("estimated-indemnity")).toContainText("estimate");
    await expect(cards.nth(1).getByTestId("days-to-end")).toContainText("ended 20 days ago");
    await expect(view).not.toContainText(entity.taxIdLast4 ?? "6789");
  } finally {
    await agent.context.close();
  }
});
