import { bookSummaries } from "../../shared/book/summaries";
import {
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "../../shared/book/test-fixtures";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { loadOrCreateSigningKeys } from "../../sync-server/identity/keys";
import { issueTestToken } from "../../sync-server/identity/testing";
import { connect } from "../integration/sync/harness";
import { e2eNow } from "./clock";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { AGENT, CUSTOMER, device, dropSocket, restoreSocket } from "./sync-helpers";

// ATTACH1 (docs/hardening.md): the server stores a file only for a claim it holds. A claim
// opened offline and given a file offline reaches the server through the sync socket when the device is
// back; the file waits on the device for it (the server's "claim-not-found" is not a refusal) and is
// then stored and listed on the claim.

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
const CUSTOMER_ID = CUSTOMER.customerId as string;

/** An ended, paying LRP endorsement of the demo customer, written as an agent's device would. */
async function seedEndedCoverage(actual: {
  commodityCode: string;
  typeCode: string;
  endDate: string;
  value: number;
}) {
  const keys = await loadOrCreateSigningKeys(dataDir);
  const token = await issueTestToken(keys, AGENT, { issuer: `http://localhost:${port}/` });
  const url = `ws://127.0.0.1:${port}/sync`;
  const now = e2eNow().toISOString();
  const stamps = { createdAt: now, updatedAt: now, updatedBy: AGENT.sub };
  const id = `cv-offline-${Date.now().toString(36)}`;
  const entity = sampleEntity({ id: "e-offline", legalName: "Offline Claims Ranch", ...stamps });
  const policy = samplePolicy({ id: "p-offline", entityId: entity.id, policyNumber: "LRP-OFF-1", ...stamps });
  const coverage = sampleLrpCoverage({
    id,
    policyId: policy.id,
    status: "accepted",
    commodity: actual.commodityCode as "0801",
    type: actual.typeCode,
    endDate: actual.endDate,
    coveragePrice: (actual.value + 10).toFixed(2),
    head: 50,
    targetWeightCwt: "5.5",
    priceAdjustmentFactor: "1.1",
    share: "1",
    ...stamps,
  });
  const profile = sampleProfile({ id: CUSTOMER_ID, name: "Casey Claims", ...stamps });
  const customer = connect(url, `org/demo/customer/${CUSTOMER_ID}`, token);
  expect(await customer.ready).toBe(true);
  customer.doc.transact(() => {
    const p = customer.doc.getMap("profile");
    if (p.size === 0) for (const [k, v] of Object.entries(profile)) p.set(k, v);
    customer.doc.getMap("entities").set(entity.id, entity);
    customer.doc.getMap("policies").set(policy.id, policy);
    customer.doc.getMap("coverages").set(coverage.id, coverage);
  });
  const summaries = bookSummaries(CUSTOMER_ID, customer.doc.toJSON() as Parameters<typeof bookSummaries>[1]);
  const book = connect(url, "org/demo/book", token);
  expect(await book.ready).toBe(true);
  book.doc.transact(() => {
    if (summaries.customer) book.doc.getMap("customers").set(CUSTOMER_ID, summaries.customer);
    for (const section of ["entities", "policies", "coverages"] as const)
      for (const [key, value] of Object.entries(summaries[section])) book.doc.getMap(section).set(key, value);
  });
  await expect.poll(() => customer.provider.unsyncedChanges + book.provider.unsyncedChanges).toBe(0);
  customer.destroy();
  book.destroy();
  return id;
}

test(
  "[ATTACH1] a claim opened offline with a file attached offline: the file reaches the server after the claim",
  DEMO_CUSTOMER,
  async ({ browser, request }) => {
    test.setTimeout(90_000);
    const market = (await (await request.get("/api/market/current")).json()) as {
      snapshot?: MarketSnapshot;
    } & MarketSnapshot;
    const snapshot = (market.snapshot ?? market) as MarketSnapshot;
    const row = snapshot.lrpActualEndingValues.find(
      (r) => r.commodityCode === "0801" && r.typeCode === "809",
    );
    if (!row) throw new Error("the server's market data has no actual ending value for 0801/809");
    const coverageId = await seedEndedCoverage({
      commodityCode: row.commodityCode,
      typeCode: row.typeCode,
      endDate: row.endDate,
      value: row.actualEndingValue,
    });

    const agent = await device(browser, AGENT, `/agent/coverages/lrp/${coverageId}`);
    try {
      const page = agent.page;
      await expect(page.getByTestId("open-claim")).toBeVisible({ timeout: 30_000 });
      // Offline from here (once the service worker holds the app): the claim and its file exist only on
      // the device.
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      await dropSocket(page);
      await agent.context.setOffline(true);
      await page.getByTestId("open-claim").click();
      await page.getByTestId("open-claim-panel").getByTestId("open-claim-submit").click();
      await expect(page.getByTestId("claim-page")).toBeVisible();
      await page.getByTestId("attach-proof-of-ownership").setInputFiles({
        name: "brand-inspection.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
      await expect(page.getByTestId("claim-attachment-waiting")).toContainText("waiting for a connection");

      await agent.context.setOffline(false);
      await restoreSocket(page);
      await expect(page.getByTestId("claim-attachment")).toContainText("brand-inspection.pdf", {
        timeout: 30_000,
      });
      await expect(page.getByTestId("claim-attachment-waiting")).toHaveCount(0);
    } finally {
      await agent.context.close();
    }
  },
);
