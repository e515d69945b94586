import { sampleEntity, sampleLgmEndorsement, samplePolicy } from "../../shared/book/test-fixtures";
import { ensureDemoCustomerProfile } from "./book-helpers";
import { e2eNow } from "./clock";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { waitForServiceWorker } from "./quote-helpers";
import {
  AGENT,
  CUSTOMER,
  customerPath,
  device,
  documentDatabases,
  dropSocket,
  expectAllSynced,
  signOut,
} from "./sync-helpers";

// docs/claims.md for LGM: an agent opens a claim from an ended LGM endorsement, types RMA's actual gross
// margins and what the producer actually marketed — below 75 % of the target, so the indemnity is
// prorated, shown with and without proration — opens it, marks it submitted and paid; the producer
// sees it in My coverages. A file picked offline and still waiting on the device is deleted when the
// agent signs out, from whichever screen.

const CUSTOMER_ID = CUSTOMER.customerId as string;

test(
  "an LGM claim: actual marketings prorate the indemnity; submitted, paid, and the producer sees it",
  DEMO_CUSTOMER,
  async ({ browser }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36).toUpperCase();
    const now = e2eNow().toISOString();
    const stamps = { createdAt: now, updatedAt: now, updatedBy: AGENT.sub };
    const entity = sampleEntity({ id: `EL${run}`, legalName: `LGM Hogs ${run}`, ...stamps });
    const policy = samplePolicy({
      id: `PL${run}`,
      plan: "lgm",
      providerId: "nau",
      entityId: entity.id,
      policyNumber: `LGM-${run}`,
      ...stamps,
    });
    // Swine Finishing sold 2026-01-15, marketings Feb–Jul 2026 (500 head), guarantee $45,000.
    const endorsement = sampleLgmEndorsement({
      id: `GL${run}`,
      policyId: policy.id,
      status: "accepted",
      cropYear: 2026,
      salesDate: "2026-01-15",
      snapshotAsOf: "2026-01-15",
      firstMonth: "2026-02",
      endDate: "2026-07-31",
      targetMarketings: [0, 100, 100, 100, 100, 100],
      expectedGrossMargin: "45000",
      grossMarginGuarantee: "45000",
      ...stamps,
    });

    const agent = await device(browser, AGENT, customerPath(CUSTOMER_ID));
    const page = agent.page;
    try {
      await expectAllSynced(page);
      await ensureDemoCustomerProfile(page);
      await page.evaluate(
        ([doc, profileName, records]) => {
          const sync = window.__rangelineSync;
          if (!sync) throw new Error("no sync debug hook");
          sync.forceWrite(doc as string, "profile", ["name"], profileName);
          for (const [section, record] of records as readonly (readonly [string, { id: string }])[])
            sync.forceWrite(doc as string, section, [record.id], record);
        },
        [
          `org/${AGENT.orgId}/customer/${CUSTOMER_ID}`,
          `Casey Claims`,
          [
            ["entities", entity],
            ["policies", policy],
            ["coverages", endorsement],
          ],
        ] as const,
      );
      await expect(page.getByTestId("customer-coverages")).toContainText("Finishing");
      await expectAllSynced(page);

      // From the ended endorsement's page: Open a claim.
      await page.goto(`/agent/coverages/lgm/${endorsement.id}`);
      await page.getByTestId("open-claim").click();
      const panel = page.getByTestId("open-claim-panel");
      await expect(panel).toContainText("Type RMA's actual gross margin of every month");
      // RMA's actual gross margin: $80 a head each month → 500 × 80 = $40,000, $5,000 under the guarantee.
      for (let i = 0; i < 6; i++) await panel.getByTestId(`lgm-margin-${i}`).fill("80");
      await expect(panel.getByTestId("claim-indemnity")).toHaveText("$5,000");
      await expect(panel.getByTestId("claim-proration")).toContainText("so no proration");
      // The producer marketed 60 a month from March: 300 of 500 head, 60 %, below 75 %: × 0.6.
      for (let i = 1; i < 6; i++) await panel.getByTestId(`lgm-marketed-${i}`).fill("60");
      await expect(panel.getByTestId("claim-indemnity")).toHaveText("$3,000");
      await expect(panel.getByTestId("claim-unprorated")).toContainText("$5,000");
      await expect(panel.getByTestId("claim-proration")).toContainText("300 of 500 target (60 %)");
      await expect(panel.getByTestId("claim-proration")).toContainText("prorated × 0.6");
      await panel.getByTestId("open-claim-submit").click();

      await expect(page.getByTestId("claim-page")).toBeVisible();
      const claimId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      await expect(page.getByTestId("claim-indemnity")).toHaveText("$3,000");
      await expect(page.getByTestId("claim-unprorated")).toContainText("$5,000");
      await expect(page.getByTestId("claim-source")).toContainText("prorated × 0.6");
      await expect(page.getByTestId("claim-status-value")).toHaveText("Open");

      await page.getByRole("button", { name: "Mark submitted" }).click();
      await page.getByTestId("claim-status-save").click();
      await expect(page.getByTestId("claim-status-value")).toHaveText("Submitted to the insurance provider");
      await page.getByRole("button", { name: "Mark paid" }).click();
      await page.getByTestId("claim-status-form").getByLabel("Amount paid ($)").fill("3000");
      await page.getByTestId("claim-status-save").click();
      await expect(page.getByTestId("claim-status-value")).toHaveText("Paid");
      await expectAllSynced(page);

      // The producer sees it, read only, in My coverages.
      const producer = await device(browser, CUSTOMER, "/insurance/my-coverages");
      try {
        const mine = producer.page.locator(`[data-testid="my-claim"][data-claim="${claimId}"]`);
        await expect(mine).toHaveAttribute("data-status", "paid", { timeout: 30_000 });
        await expect(mine).toContainText("Paid $3,000.00");
        await expect(mine).toContainText("Status: Paid");
        await expect(producer.page.getByRole("button", { name: /Mark/ })).toHaveCount(0);
      } finally {
        await producer.context.close();
      }

      // Offline, the marketing records wait on the device… (the service worker, registered once the page
      // has settled (docs/first-visit.md), must hold the app first: the Agent Hub's screen is opened offline below)
      await waitForServiceWorker(page);
      await dropSocket(page);
      await agent.context.setOffline(true);
      await page.getByTestId("attach-marketing-records").setInputFiles({
        name: "hog-sales.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
      await expect(page.getByTestId("claim-attachment-waiting")).toContainText("waiting for a connection");
      const queue = `rangeline-doc:${encodeURIComponent(AGENT.sub)}:claim-uploads`;
      expect(await documentDatabases(page)).toContain(queue);
      // …and signing out from another screen (the claim page closed) leaves no file on the device.
      await page.getByRole("link", { name: "Agent Hub" }).click();
      await expect(page.getByTestId("agent-hub")).toBeVisible();
      await agent.context.setOffline(false);
      await signOut(page, AGENT);
      await expect.poll(() => documentDatabases(page)).toEqual([]);
    } finally {
      await agent.context.close();
    }
  },
);
