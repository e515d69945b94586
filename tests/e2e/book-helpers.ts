import { expect, type Page } from "@playwright/test";
import { lgmEndorsementFromQuote } from "../../shared/book/lgm-endorsement";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
} from "../../shared/book/test-fixtures";
import { marketSnapshotSchema } from "../../shared/market/snapshot";
import { e2eNow } from "./clock";
import { AGENT, CUSTOMER, expectAllSynced } from "./sync-helpers";

// Steps of the agent book's end-to-end tests (tests/e2e/book-*.spec.ts), through the screens as an
// agent uses them: the customer record's "Add …" links, the forms' labels, the offer table's row
// buttons. Each returns what a later step needs (an id, a figure shown).

/** The customer record page (agent). */
export const recordPath = (customerId: string) =>
  `/agent/customers?customer=${encodeURIComponent(customerId)}`;

/** Opens the customer record and follows one of its "Add …" links. */
export async function addFromRecord(
  page: Page,
  customerId: string,
  link: "Add entity" | "Add policy" | "Add LRP coverage",
) {
  if (!page.url().endsWith(recordPath(customerId))) await page.goto(recordPath(customerId));
  await expect(page.getByTestId("customer-record")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: link }).click();
}

export interface NewEntity {
  legalName: string;
  /** Digits of an SSN; the form shows and stores the last four only outside the internal document. */
  ssn: string;
  sbi?: { name: string; ssn: string; sharePercent: string };
}

/** Fills the entity form (type Individual, SSN) and creates it; returns the entity's id (its address). */
export async function createEntity(page: Page, entity: NewEntity): Promise<string> {
  const form = page.getByTestId("entity-create");
  await expect(form.getByRole("button", { name: "Create entity" })).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel("Legal name", { exact: true }).fill(entity.legalName);
  await form.getByLabel("Tax id", { exact: true }).fill(entity.ssn);
  if (entity.sbi) {
    await form.getByRole("button", { name: "Add an SBI" }).click();
    const sbi = form.getByTestId("sbi").last();
    await sbi.getByLabel("Name", { exact: true }).fill(entity.sbi.name);
    await sbi.getByLabel("SBI tax id", { exact: true }).fill(entity.sbi.ssn);
    await sbi.getByLabel("Share (%)", { exact: true }).fill(entity.sbi.sharePercent);
  }
  await form.getByRole("button", { name: "Create entity" }).click();
  await page.waitForURL(/\/agent\/entities\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/** Fills the policy form (LRP, Nebraska, the first county) for `entityName` and creates it (pending). */
export async function createLrpPolicy(page: Page, entityName: string, policyNumber: string): Promise<string> {
  const form = page.getByTestId("policy-create");
  await expect(form.getByRole("button", { name: "Create policy" })).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel("Entity", { exact: true }).selectOption({ label: entityName });
  await form.getByLabel("Plan", { exact: true }).selectOption("lrp");
  await form.getByLabel("Policy number", { exact: true }).fill(policyNumber);
  await form.getByLabel("State", { exact: true }).selectOption("NE");
  await form.getByLabel("County", { exact: true }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Create policy" }).click();
  await page.waitForURL(/\/agent\/policies\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/** The LRP create page's form (already open for a customer). */
export const createPage = (page: Page) => page.getByTestId("lrp-coverage-create-page");

/** Picks the policy whose option names `policyNumber` (a customer may have several). */
export async function choosePolicy(page: Page, policyNumber: string) {
  const select = createPage(page).getByLabel("LRP policy", { exact: true });
  await expect(select.locator("option", { hasText: policyNumber })).toHaveCount(1, { timeout: 15_000 });
  const value = await select.locator("option", { hasText: policyNumber }).getAttribute("value");
  await select.selectOption(value as string);
}

/**
 * Types the head, chooses the first row of today's offer table that carries RMA's rate (modelled rows
 * cannot be bought), and returns the producer premium the page shows for it.
 */
export async function chooseOffer(page: Page, head: number): Promise<string> {
  const form = createPage(page);
  await form.getByLabel("Head", { exact: true }).fill(String(head));
  const table = form.getByRole("table", { name: "LRP coverage table" });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await table.locator("tbody tr:not(.indicative) button.row-button").first().click();
  const premium = form.getByTestId("chosen-premium");
  await expect(premium).toBeVisible();
  await answerNotForwardPurchased(page);
  return (await premium.textContent())?.trim() ?? "";
}

/**
 * From crop year 2027 the form asks whether any cattle are forward-purchased, and will not save until
 * answered (shared/book/forward-purchase.ts). The run's day (2026-11-18) sells crop year 2027 feeder
 * cattle, so it is asked: answers "No". Call it once the chosen offer is shown.
 */
export async function answerNotForwardPurchased(page: Page): Promise<void> {
  const forward = createPage(page).getByTestId("forward-purchase");
  await forward.getByLabel("No", { exact: true }).check();
  await expect(forward.getByLabel("No", { exact: true })).toBeChecked();
}

/** On a day without LRP cattle sales (`day`): saving the chosen offer is refused with the rule's message. */
export async function expectCattleSaleRefused(page: Page, day: string, reason: string): Promise<void> {
  // Said beside the button before anything is saved (docs/agent-book.md "Bought on an earlier day"), the button off; a past sales date
  // stays allowed (tests/e2e/backdated-endorsement.spec.ts).
  const save = createPage(page).getByRole("button", { name: "Save coverage (status Quoted)" });
  await expect(createPage(page).getByTestId("no-sales-note")).toContainText(
    `No LRP cattle sales on ${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}: ${reason}. Nothing can be bought today`,
  );
  await expect(save).toBeDisabled();
  await expect(page).toHaveURL(/\/agent\/coverages\/lrp\/create/);
}

/** Saves the chosen offer as a coverage; returns the coverage's id (its page's address). */
export async function saveCoverage(page: Page): Promise<string> {
  const save = createPage(page).getByRole("button", { name: "Save coverage (status Quoted)" });
  await expect(save).toBeEnabled();
  await save.click();
  await page.waitForURL(/\/agent\/coverages\/lrp\/[^/?]+$/);
  await expect(page.getByTestId("lrp-coverage-page")).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
}

/**
 * Makes sure this device holds the demo customer's profile record (an agent's page open), which the
 * run's global setup made: writing its own id back changes nothing, and is refused until the device
 * holds the server's copy of the document, so the write is tried again once it is synced.
 */
export async function ensureDemoCustomerProfile(page: Page): Promise<void> {
  const doc = `org/${AGENT.orgId}/customer/${DEMO_CUSTOMER_ID}`;
  // The debug hook comes with the signed-in sync session: without it, nothing here can be checked.
  await page.waitForFunction(() => window.__rangelineSync !== undefined, undefined, { timeout: 20_000 });
  const writeOwnId = () =>
    page.evaluate(
      ([name, id]) => {
        const sync = window.__rangelineSync;
        if (!sync) throw new Error("no sync debug hook");
        try {
          sync.forceWrite(name as string, "profile", ["id"], id);
          return true;
        } catch {
          return false;
        }
      },
      [doc, DEMO_CUSTOMER_ID],
    );
  if (await writeOwnId()) return;
  // The first try opened the document on this device; wait for it to catch up with the server.
  await expect
    .poll(
      () =>
        page.evaluate(
          (name) => window.__rangelineSync?.documents().find((d) => d.name === name)?.connection,
          doc,
        ),
      { timeout: 15_000 },
    )
    .toBe("synced");
  // The run's global setup made the record (tests/e2e/global-setup.ts): now it can be written.
  expect(await writeOwnId(), `the demo customer's record (${doc}) can be written once synced`).toBe(true);
}

/** "$1,234" or "$1,234.56" → 1234.56 */
export const dollars = (text: string): number => Number(text.replace(/[^0-9.-]/g, ""));

/** The demo customer (linked to customer@demo.rangeline.test). */
export const DEMO_CUSTOMER_ID = CUSTOMER.customerId as string;

export interface SeededBook {
  entityId: string;
  lrpPolicyId: string;
  lrpPolicyNumber: string;
  lgmPolicyId: string;
  lrpCoverageId: string;
  /** Sold on a day whose market data is on neither the device nor the server. */
  lgmEndorsementId: string;
  /** Sold today, on the server's current snapshot. */
  lgmTodayId: string;
}

/**
 * Writes an entity, an LRP and an LGM policy, an LRP coverage and an LGM endorsement for the demo
 * customer, through the sync debug hook (as the claims tests do); makes the customer record first if
 * the demo customer has none yet. The page must be signed in as AGENT on the customer's record.
 */
export async function seedDemoCustomerBook(page: Page): Promise<SeededBook> {
  const run = Date.now().toString(36).toUpperCase();
  const now = e2eNow().toISOString();
  const stamps = { createdAt: now, updatedAt: now, updatedBy: AGENT.sub };
  const entity = sampleEntity({ id: `EP${run}`, legalName: `Phone Ranch Holdings ${run}`, ...stamps });
  const lrpPolicy = samplePolicy({
    id: `PR${run}`,
    entityId: entity.id,
    policyNumber: `LRP-PHONE-${run}`,
    ...stamps,
  });
  const lgmPolicy = samplePolicy({
    id: `PG${run}`,
    plan: "lgm",
    providerId: "nau",
    entityId: entity.id,
    policyNumber: `LGM-PHONE-${run}`,
    ...stamps,
  });
  const lrp = sampleLrpCoverage({ id: `CR${run}`, policyId: lrpPolicy.id, status: "accepted", ...stamps });
  // Sold 2026-01-15: no snapshot of that day on the device or the server, so its curve cannot be priced.
  const lgm = sampleLgmEndorsement({
    id: `GP${run}`,
    policyId: lgmPolicy.id,
    status: "accepted",
    cropYear: 2026,
    salesDate: "2026-01-15",
    snapshotAsOf: "2026-01-15",
    firstMonth: "2026-02",
    endDate: "2026-07-31",
    ...stamps,
  });
  // Priced as the create screen does, on the server's current snapshot (made for today, so the clock
  // is inside its sales window): its page can price the whole deductible curve on the device.
  const market = await page.request.get("/api/market/current");
  expect(market.ok()).toBe(true);
  const snapshot = marketSnapshotSchema.parse(await market.json());
  const lgmToday = lgmEndorsementFromQuote({
    snapshot,
    salesDate: snapshot.asOf,
    commodity: "0803",
    type: "807",
    targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
    deductible: 30,
    profile: { farmerClassification: "Neither" },
    policy: lgmPolicy,
    id: `GT${run}`,
    now: e2eNow(),
    userId: AGENT.sub,
  });
  const doc = `org/${AGENT.orgId}/customer/${DEMO_CUSTOMER_ID}`;
  await ensureDemoCustomerProfile(page);
  await page.evaluate(
    ([doc, records]) => {
      const sync = window.__rangelineSync;
      if (!sync) throw new Error("no sync debug hook");
      for (const [section, record] of records as readonly (readonly [string, { id: string }])[])
        sync.forceWrite(doc as string, section, [record.id], record);
    },
    [
      doc,
      [
        ["entities", entity],
        ["policies", lrpPolicy],
        ["policies", lgmPolicy],
        ["coverages", lrp],
        ["coverages", lgm],
        ["coverages", lgmToday],
      ],
    ] as const,
  );
  // The server holds the records before the page is left (a reload would otherwise race the save).
  await expect
    .poll(
      () =>
        page.evaluate(
          (name) => window.__rangelineSync?.documents().find((d) => d.name === name)?.pending,
          doc,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
  await page.goto(recordPath(DEMO_CUSTOMER_ID));
  await expect(page.getByTestId("customer-coverages")).toContainText("Finishing", {
    timeout: 15_000,
  });
  // The record page derives the book's summaries (what a policy or coverage page finds the records by)
  // once the book document is in step with the server; they reach the server before the test moves on.
  const book = `org/${AGENT.orgId}/book`;
  await expect
    .poll(
      () =>
        page.evaluate((name) => {
          const state = window.__rangelineSync?.documents().find((d) => d.name === name);
          return state ? `${state.connection}/${state.pending}` : "closed";
        }, book),
      { timeout: 15_000 },
    )
    .toBe("synced/0");
  await expectAllSynced(page);
  return {
    entityId: entity.id,
    lrpPolicyId: lrpPolicy.id,
    lrpPolicyNumber: lrpPolicy.policyNumber as string,
    lgmPolicyId: lgmPolicy.id,
    lrpCoverageId: lrp.id,
    lgmEndorsementId: lgm.id,
    lgmTodayId: lgmToday.id,
  };
}
