import { DEMO_CUSTOMER_ID, recordPath, seedDemoCustomerBook } from "./book-helpers";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { AGENT, device, expectAllSynced } from "./sync-helpers";

// docs/agent-book.md: an unknown id or action on every {id} and {action} route of the agent book gets a clear
// "not found" page (what was not found, a way back), never a crash: no uncaught error on the page, and
// the route's own page is not shown. An action the record's status does not allow says why.

test(
  "unknown ids and actions on the book's routes are 'not found', not a crash",
  DEMO_CUSTOMER,
  async ({ browser }) => {
    test.setTimeout(180_000);
    const agent = await device(browser, AGENT, recordPath(DEMO_CUSTOMER_ID));
    const page = agent.page;
    const crashes: string[] = [];
    page.on("pageerror", (error) => crashes.push(`${page.url()}: ${error.message}`));
    try {
      await expectAllSynced(page);
      const ids = await seedDemoCustomerBook(page);
      await expectAllSynced(page);

      // [address, text the not-found page says]
      const unknown: [string, string | RegExp][] = [
        ["/agent/entities/no-such-entity", "There is no entity “no-such-entity” in your book"],
        ["/agent/entities/no-such-entity/edit", "There is no entity “no-such-entity” in your book"],
        [`/agent/entities/${ids.entityId}/archive`, /archive/],
        ["/agent/policies/no-such-policy", "There is no policy “no-such-policy” in your book"],
        ["/agent/policies/no-such-policy/cancel", "There is no policy “no-such-policy” in your book"],
        [`/agent/policies/${ids.lrpPolicyId}/renew`, /renew/],
        ["/agent/coverages/lrp/no-such-coverage", 'There is no LRP coverage "no-such-coverage"'],
        ["/agent/coverages/lrp/no-such-coverage/edit", 'There is no LRP coverage "no-such-coverage"'],
        // An id of the other plan is not found under this plan's address.
        [
          `/agent/coverages/lrp/${ids.lgmEndorsementId}`,
          `There is no LRP coverage "${ids.lgmEndorsementId}"`,
        ],
        ["/agent/coverages/lgm/no-such-endorsement", 'There is no LGM endorsement "no-such-endorsement"'],
        [`/agent/coverages/lgm/${ids.lrpCoverageId}`, `There is no LGM endorsement "${ids.lrpCoverageId}"`],
        ["/agent/claims/no-such-claim", 'There is no claim "no-such-claim"'],
        [
          "/agent/customers?customer=no-such-customer",
          "There is no customer with this id in your organisation",
        ],
      ];
      for (const [path, text] of unknown) {
        await page.goto(path);
        const notFound = page.getByTestId("record-not-found");
        await expect(notFound, path).toContainText(text, { timeout: 20_000 });
        // The way back (to the list, or to the record for an unknown action).
        await expect(notFound.getByRole("link").last(), path).toHaveText(/^(All |Back to )/);
      }

      // No route: the app's page-not-found screen.
      for (const path of [
        `/agent/coverages/lrp/${ids.lrpCoverageId}/cancel`,
        `/agent/coverages/lgm/${ids.lgmEndorsementId}/edit`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page not found");
        await expect(page.getByText(`There is no page at ${path}`), path).toBeVisible();
      }

      // A known action the status does not allow: said why, with the way back.
      await page.goto(`/agent/entities/${ids.entityId}/reactivate`);
      await expect(page.getByTestId("action-not-allowed")).toBeVisible({ timeout: 20_000 });
      await page.goto(`/agent/policies/${ids.lrpPolicyId}/activate`);
      await expect(page.getByTestId("action-not-allowed")).toBeVisible({ timeout: 20_000 });

      expect(crashes).toEqual([]);
    } finally {
      await agent.context.close();
    }
  },
);
