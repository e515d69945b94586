import { bookSummaries } from "../../shared/book/summaries";
import {
  sampleEntity,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "../../shared/book/test-fixtures";
import { DOCUMENT_SECTIONS } from "../../shared/documents/shapes";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { loadOrCreateSigningKeys } from "../../sync-server/identity/keys";
import { issueTestToken } from "../../sync-server/identity/testing";
import { connect } from "../integration/sync/harness";
import { e2eNow } from "./clock";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";
import { AGENT, CUSTOMER, device, dropSocket, restoreSocket } from "./sync-helpers";

// docs/claims.md: an agent opens a claim from an ended LRP endorsement (proposed by the hub because RMA's
// actual ending value in today's market data shows an indemnity) and names in it the customer's other
// endorsement of the same type and end date, attaches a document, marks the claim submitted and paid;
// the producer sees it, read only, in My coverages.

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
const CUSTOMER_ID = CUSTOMER.customerId as string;

/** Writes the producer's book straight into the documents, as an agent's device would (server-checked). */
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
  const id = `cv-claim-${Date.now().toString(36)}`;
  const second = `${id}-b`;
  const entity = sampleEntity({ id: "e-claims", legalName: "Claims Test Ranch", ...stamps });
  const policy = samplePolicy({
    id: "p-claims",
    entityId: entity.id,
    policyNumber: "LRP-CLAIM-1",
    ...stamps,
  });
  // Coverage price $10 above RMA's actual ending value: 10 × 50 head × 5.5 cwt × PAF 1.1 = $3,025.
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
  // The same customer's second endorsement of that type ending that day (one claim may name both).
  const other = { ...coverage, id: second };
  const profile = sampleProfile({ id: CUSTOMER_ID, name: "Casey Claims", ...stamps });
  const customer = connect(url, `org/demo/customer/${CUSTOMER_ID}`, token);
  expect(await customer.ready).toBe(true);
  customer.doc.transact(() => {
    const p = customer.doc.getMap("profile");
    if (p.size === 0) for (const [k, v] of Object.entries(profile)) p.set(k, v);
    customer.doc.getMap("entities").set(entity.id, entity);
    customer.doc.getMap("policies").set(policy.id, policy);
    customer.doc.getMap("coverages").set(coverage.id, coverage);
    customer.doc.getMap("coverages").set(other.id, other);
  });
  const records = customer.doc.toJSON() as Parameters<typeof bookSummaries>[1];
  const summaries = bookSummaries(CUSTOMER_ID, records);
  // The book's summaries: in the book document from schema version 3, in the organisation's before.
  const org = connect(url, "book" in DOCUMENT_SECTIONS ? "org/demo/book" : "org/demo", token);
  expect(await org.ready).toBe(true);
  org.doc.transact(() => {
    if (summaries.customer) org.doc.getMap("customers").set(CUSTOMER_ID, summaries.customer);
    for (const section of ["entities", "policies", "coverages"] as const)
      for (const [key, value] of Object.entries(summaries[section])) org.doc.getMap(section).set(key, value);
  });
  // Let the server acknowledge both writes before the browser opens them.
  await expect.poll(() => customer.provider.unsyncedChanges + org.provider.unsyncedChanges).toBe(0);
  const name = String(customer.doc.getMap("profile").get("name"));
  customer.destroy();
  org.destroy();
  return { id, second, name };
}

test(
  "an agent opens a claim from an ended endorsement, attaches a document, marks it submitted and paid; the producer sees it",
  DEMO_CUSTOMER,
  async ({ browser, request }) => {
    test.setTimeout(120_000);
    const market = (await (await request.get("/api/market/current")).json()) as {
      snapshot?: MarketSnapshot;
    } & MarketSnapshot;
    const snapshot = (market.snapshot ?? market) as MarketSnapshot;
    const row = snapshot.lrpActualEndingValues.find(
      (r) => r.commodityCode === "0801" && r.typeCode === "809",
    );
    if (!row) throw new Error("the server's market data has no actual ending value for 0801/809");
    const {
      id: coverageId,
      second,
      name: customerName,
    } = await seedEndedCoverage({
      commodityCode: row.commodityCode,
      typeCode: row.typeCode,
      endDate: row.endDate,
      value: row.actualEndingValue,
    });

    const agent = await device(browser, AGENT, "/agent");
    const page = agent.page;
    // The hub proposes the claim: RMA's actual ending value shows an indemnity.
    const proposal = page.getByTestId("hub-proposals").locator(`li[data-coverage="${coverageId}"]`);
    await expect(proposal).toContainText("$3,025", { timeout: 30_000 });
    await expect(proposal).toContainText("file by");
    await expect(page.getByTestId("hub-proposals").locator(`li[data-coverage="${second}"]`)).toContainText(
      "$3,025",
    );
    await expect(proposal.getByTestId("proposal-together")).toContainText("one claim can name them all");

    // From the ended endorsement's page: Open a claim.
    await page.goto(`/agent/coverages/lrp/${coverageId}`);
    await page.getByTestId("open-claim").click();
    const panel = page.getByTestId("open-claim-panel");
    await expect(panel.getByTestId("claim-indemnity")).toHaveText("$3,025");
    // SAMPLE1: the run's market is the generated sample data, and the source says so (not RMA, not A00620).
    await expect(panel.getByTestId("claim-source")).toContainText("sample data");
    await expect(panel.getByTestId("claim-source")).not.toContainText("A00620");
    // The other endorsement ending that day goes into the same claim: the indemnities add.
    await panel.getByTestId("claim-endorsements").locator(`input[data-coverage="${second}"]`).check();
    await expect(panel.getByTestId("claim-indemnity")).toHaveText("$6,050");
    await panel.getByTestId("open-claim-submit").click();
    await expect(page.getByTestId("claim-page")).toBeVisible();
    const claimId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
    await expect(page.getByTestId("claim-indemnity")).toHaveText("$6,050");
    await expect(page.getByTestId("claim-endorsement-link")).toHaveCount(2);
    await expect(page.getByTestId("claim-status-value")).toHaveText("Open");

    // Attach the producer's proof of ownership (a PDF) while offline: it waits on the device and
    // uploads on reconnect; the server stores it.
    await dropSocket(page);
    await agent.context.setOffline(true);
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
    await expect(page.getByTestId("claim-attachment")).toContainText("PDF");
    // A file that is not a PDF or a photo is refused on the device, saying why.
    await page.getByTestId("attach-proof-of-ownership").setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html>not a pdf</html>"),
    });
    await expect(
      page.getByRole("alert").filter({ hasText: "notes.pdf is not a PDF, PNG, JPEG or HEIC" }),
    ).toBeVisible();
    const ownership = page.locator('[data-testid="checklist-item"][data-kind="proof-of-ownership"]');
    // The styled file button names the file picked last.
    await expect(ownership.getByTestId("file-button-name")).toHaveText("notes.pdf");
    await ownership.getByTestId("checklist-status").click();
    await page.getByRole("option", { name: "Received" }).click();
    await expect(ownership).toHaveAttribute("data-status", "received");
    await expect(ownership.getByTestId("checklist-status")).toHaveText(/Received/);
    // [CLAIMLOG1] The history says what happened, once per event, in words.
    const history = page.getByTestId("record-history");
    await expect(history).toContainText("opened the claim with 3 documents to collect", { timeout: 15_000 });
    await expect(history).toContainText(
      "attached “brand-inspection.pdf” to “Proof of ownership of the insured animals”",
    );
    await expect(history).not.toContainText("created checklist");

    // Submitted to the insurance provider, then paid.
    await page.getByRole("button", { name: "Mark submitted" }).click();
    await page.getByTestId("claim-status-save").click();
    await expect(page.getByTestId("claim-status-value")).toHaveText("Submitted to the insurance provider");
    // The producer sees the claim, read only, with what is still needed from them.
    const producer = await device(browser, CUSTOMER, "/insurance/my-coverages");
    const mine = producer.page.locator(`[data-testid="my-claim"][data-claim="${claimId}"]`);
    await expect(mine).toHaveAttribute("data-status", "submitted", { timeout: 30_000 });
    await expect(mine).toContainText("Indemnity $6,050");
    await expect(mine.getByTestId("my-claim-needed")).toContainText(
      "affidavits from disinterested third parties",
    );
    await expect(mine.getByTestId("my-claim-needed")).not.toContainText("Proof of ownership");
    await expect(producer.page.getByRole("button", { name: /Mark/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Mark paid" }).click();
    await page.getByTestId("claim-status-form").getByLabel("Amount paid ($)").fill("6050");
    await page.getByTestId("claim-status-save").click();
    await expect(page.getByTestId("claim-status-value")).toHaveText("Paid");
    await expect(page.getByTestId("claim-paid")).toContainText("$6,050.00");
    // The endorsement followed: paid.
    await page.goto("/agent/claims");
    await expect(page.getByTestId("claims-page")).toContainText(customerName);
    await expect(page.getByTestId("claims-page")).toContainText("Paid");

    // …and, live, that it was paid.
    await expect(mine).toHaveAttribute("data-status", "paid", { timeout: 30_000 });
    await expect(mine).toContainText("Paid $6,050.00");
    await expect(mine).toContainText("Status: Paid");
    await agent.context.close();
    await producer.context.close();
  },
);
