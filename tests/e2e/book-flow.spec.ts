import {
  addFromRecord,
  chooseOffer,
  choosePolicy,
  createEntity,
  createLrpPolicy,
  createPage,
  dollars,
  recordPath,
  saveCoverage,
} from "./book-helpers";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { waitForServiceWorker } from "./quote-helpers";
import {
  AGENT,
  AGENT2,
  CUSTOMER,
  device,
  deviceWithNewCustomer,
  dropSocket,
  expectAllSynced,
  field,
  freshName,
  pendingOf,
  restoreSocket,
  status,
} from "./sync-helpers";

// The tests of this file are independent of one another: the two workers may share them out, so that
// only the test holding a lock waits for it.
test.describe.configure({ mode: "parallel" });

// The agent's book end to end (docs/agent-book.md): an agent builds a customer's book — the customer, an
// entity with an SBI, a policy made offline and synced on reconnect, an LRP coverage from today's
// offers — while a second agent on the same customer sees each step arrive live; then the linked
// producer sees the coverage read-only on My coverages. The demo producer's account is linked to
// customer c-demo (sync-server/identity/demo-users.ts, seeded into the server's link table), so the
// book is built on that customer: the run's global setup started its record (tests/e2e/global-setup.ts),
// and this test renames it.
// Today's offers: the run's day is a sales day (Wednesday 2026-11-18, noon Central: tests/e2e/clock.ts),
// the embedded server's sample market data is made for it, and the page's clock is on it too.

// Each step reaches the second agent's screen live (no reload) within seconds; the 1-second figure of
// docs/agent-book.md is checked on an idle record by sync-live.spec.ts. On a loaded test machine a step here
// (a new record: two documents and a summary) is given 10 s.
const LIVE = { timeout: 10_000 };

test(
  "an agent builds a customer's book offline and online while a second agent watches live; the producer sees the coverage read-only",
  DEMO_CUSTOMER,
  async ({ browser }) => {
    test.setTimeout(240_000);
    const customerId = CUSTOMER.customerId as string;
    const run = Date.now().toString(36);
    const marker = `Book Flow Ranch ${run}`;
    const legalName = `Book Flow Cattle ${run}`;
    const policyNumber = `LRP-${run.toUpperCase()}`;
    // A head count no other test gives the demo customer, so this coverage is told apart on c-demo.
    const head = 173;

    const alex = await device(browser, AGENT, recordPath(customerId));
    const jordan = await device(browser, AGENT2, recordPath(customerId));
    try {
      // 1. The customer the producer's account is linked to (started by the global setup), renamed.
      await expect(alex.page.getByTestId("customer-record")).toBeVisible({ timeout: 15_000 });
      await field(alex.page, "Name").fill(marker);
      await expect(jordan.page.getByTestId("customer-name")).toContainText(marker, LIVE);

      // 2. An entity with a substantial beneficial interest (full tax ids go to the agents' internal
      // document; every screen shows the last four at most).
      await addFromRecord(alex.page, customerId, "Add entity");
      await createEntity(alex.page, {
        legalName,
        ssn: "123-45-6789",
        sbi: { name: `Pat Partner ${run}`, ssn: "234-56-7891", sharePercent: "40" },
      });
      const jordanEntities = jordan.page.getByTestId("customer-entities");
      await expect(jordanEntities.getByRole("listitem").filter({ hasText: legalName })).toContainText(
        "1 SBI",
        LIVE,
      );
      for (const page of [alex.page, jordan.page]) {
        await expect(page.locator("body")).not.toContainText("123-45-6789");
        await expect(page.locator("body")).not.toContainText("234-56-7891");
      }

      // 3. A policy made offline: saved on the device, not on the server, until the device is back.
      await addFromRecord(alex.page, customerId, "Add policy");
      await expect(alex.page.getByTestId("policy-create")).toBeVisible();
      await waitForServiceWorker(alex.page);
      await expectAllSynced(alex.page);
      await alex.context.setOffline(true);
      // The browser's offline switch does not close an open WebSocket: the app's own switch does.
      await dropSocket(alex.page);
      await createLrpPolicy(alex.page, legalName, policyNumber);
      await expect(status(alex.page)).toHaveAttribute("data-state", "offline");
      await expect.poll(() => pendingOf(alex.page)).toBeGreaterThan(0);
      const jordanPolicies = jordan.page.getByTestId("customer-policies");
      // Jordan sees the entity (so Jordan's page is live) but not the policy that is only on Alex's device.
      await expect(jordanEntities).toContainText(legalName);
      await expect(jordanPolicies).not.toContainText(policyNumber);
      await alex.context.setOffline(false);
      await restoreSocket(alex.page);
      await expectAllSynced(alex.page);
      await expect(jordanPolicies.getByRole("listitem").filter({ hasText: policyNumber })).toContainText(
        legalName,
        LIVE,
      );

      // 4. An LRP coverage from a row of today's offers.
      await addFromRecord(alex.page, customerId, "Add LRP coverage");
      await expect(createPage(alex.page)).toBeVisible();
      await expect(createPage(alex.page).getByText("Outside the sales window")).toHaveCount(0);
      await choosePolicy(alex.page, policyNumber);
      const chosenPremium = await chooseOffer(alex.page, head);
      const coverageId = await saveCoverage(alex.page);
      const savedPremium = (await alex.page.getByTestId("producer-premium").textContent()) ?? "";
      // The premium saved is the premium the offer table showed (whole dollars there, cents here).
      expect(Math.abs(dollars(savedPremium) - dollars(chosenPremium))).toBeLessThan(1);
      const headText = head.toLocaleString("en-US");
      const jordanCoverage = jordan.page
        .getByTestId("customer-coverages")
        .getByRole("listitem")
        .filter({ hasText: `${headText} head` });
      await expect(jordanCoverage).toContainText("Quoted", LIVE);
      await expect(jordanCoverage.getByRole("link")).toHaveAttribute(
        "href",
        `/agent/coverages/lrp/${encodeURIComponent(coverageId)}`,
      );
      await expectAllSynced(alex.page);

      // 5. The producer: the coverage on My coverages, read only, with the premium and an estimate.
      const producer = await device(browser, CUSTOMER, "/insurance/my-coverages");
      try {
        const view = producer.page.getByTestId("my-coverages");
        await expect(view.getByTestId("my-coverages-name")).toHaveText(marker, { timeout: 15_000 });
        await expect(view.getByTestId("read-only-note")).toBeVisible();
        const card = view.getByTestId("my-coverage").filter({ hasText: `${headText} head` });
        await expect(card).toHaveCount(1);
        await expect(card).toContainText("Quoted");
        const due = (await card.getByTestId("premium-due").textContent()) ?? "";
        const duePremium = /\$[\d,]+(\.\d+)?/.exec(due)?.[0] ?? "none";
        expect(Math.abs(dollars(duePremium) - dollars(savedPremium)), `premium shown: ${due}`).toBeLessThan(
          0.01,
        );
        await expect(card.getByTestId("days-to-end")).toBeVisible();
        await expect(card).toContainText(/estimate/i);
        await expect(view.locator("input, select, textarea, [contenteditable]")).toHaveCount(0);
        await expect(view.getByRole("button")).toHaveCount(0);
        await expect(view).not.toContainText(/tax id|•••|6789|7891/i);
      } finally {
        await producer.context.close();
      }
    } finally {
      await alex.context.close();
      await jordan.context.close();
    }
  },
);

test("head limits: 13,000 feeder cattle on one endorsement, and a crop year's cattle over 25,000, are refused with their messages", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const policyNumber = `LRP-LIM-${run.toUpperCase()}`;
  const legalName = `Limit Cattle ${run}`;
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Limit Ranch"));
  try {
    await addFromRecord(agent.page, agent.id, "Add entity");
    await createEntity(agent.page, { legalName, ssn: "345-67-8912" });
    await addFromRecord(agent.page, agent.id, "Add policy");
    await createLrpPolicy(agent.page, legalName, policyNumber);

    // Per endorsement (spec §5): the message at the Head field, and nothing can be saved.
    await addFromRecord(agent.page, agent.id, "Add LRP coverage");
    const form = createPage(agent.page);
    await choosePolicy(agent.page, policyNumber);
    await form.getByLabel("Head", { exact: true }).fill("13000");
    await expect(form.getByText("Feeder Cattle max limit is 12,000")).toBeVisible();
    await expect(form.getByRole("button", { name: "Save coverage (status Quoted)" })).toBeDisabled();

    // Per crop year (RMA, all of the customer's LRP cattle endorsements): 12,000 + 12,000 are saved,
    // then 1,001 more would make 25,001.
    await chooseOffer(agent.page, 12_000);
    await saveCoverage(agent.page);
    await addFromRecord(agent.page, agent.id, "Add LRP coverage");
    await chooseOffer(agent.page, 12_000);
    await saveCoverage(agent.page);
    await addFromRecord(agent.page, agent.id, "Add LRP coverage");
    await form.getByLabel("Head", { exact: true }).fill("1001");
    await expect(
      form.getByText(
        /^Crop year \d{4} cattle limit is 25,000 head: 24,000 already covered, this endorsement adds 1,001$/,
      ),
    ).toBeVisible();
    await expect(form.getByRole("button", { name: "Save coverage (status Quoted)" })).toBeDisabled();
    // Within the limit again: 1,000 more is allowed (exactly 25,000).
    await form.getByLabel("Head", { exact: true }).fill("1000");
    await expect(form.getByText(/cattle limit is 25,000 head/)).toHaveCount(0);

    await agent.page.goto(recordPath(agent.id));
    await expect(agent.page.getByTestId("customer-coverages").getByRole("listitem")).toHaveCount(2);
    await expectAllSynced(agent.page);
  } finally {
    await agent.context.close();
  }
});
