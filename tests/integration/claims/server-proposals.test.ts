import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookSummaries } from "../../../shared/book/summaries";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "../../../shared/book/test-fixtures";
import type { ClaimProposalRecord } from "../../../shared/documents/claim";
import { DOCUMENT_SECTIONS } from "../../../shared/documents/shapes";
import { addDays, weekday } from "../../../shared/market/dates";
import type { FuturesSettlement, MarketSnapshot } from "../../../shared/market/snapshot";
import { sqliteJobStoreIn } from "../../../sync-server/jobs/tables";
import { type FixtureServer, startFixtureServer } from "../market/fixture-server";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// Claim proposals (docs/claims.md), end to end through the server: the market feed imports the day's RMA files (A00620
// included) from a local fixture server and publishes the snapshot; the server then records, in the
// organisation document the agent hub reads, a claim proposal for exactly the endorsements that pay —
// LRP at RMA's actual ending values, LGM at the actual gross margins worked out from the futures
// settlements kept in the market history (the last three trading days before each contract's expiry).

const agent = demoUser("agent@demo.rangeline.test");
const THURSDAY = Date.parse("2026-11-19T21:45:00Z"); // 15:45 Central: the day's fetch is due
const setAt = Date.now();
const clock = () => new Date(THURSDAY + (Date.now() - setAt));
const CUSTOMER = "c-proposals";
const NOW = "2026-11-19T15:00:00.000Z";
const stamps = { createdAt: NOW, updatedAt: NOW, updatedBy: agent.sub };
// The fixture's actual ending values for 2026-11-13: 0801/809 265.12, 0801/810 241.87, 0802/820 228.40.
const endDate = "2026-11-13";

const lrp = (id: string, type: string, coveragePrice: string, over = {}) =>
  sampleLrpCoverage({
    id,
    status: "ended",
    commodity: type === "820" ? "0802" : "0801",
    type,
    salesDate: "2026-08-14",
    snapshotAsOf: "2026-08-14",
    endorsementLengthWeeks: 13,
    endDate,
    coveragePrice,
    ...stamps,
    ...over,
  });
// Swine Finishing sold 2026-01-15: marketings Feb–Jul 2026, Lean Hogs of the month, Corn and Soybean
// Meal two months before; every contract it reads has expired by 2026-11-19.
const lgm = (id: string, grossMarginGuarantee: string, over = {}) =>
  sampleLgmEndorsement({
    id,
    policyId: "p-lgm",
    status: "accepted",
    cropYear: 2026,
    salesDate: "2026-01-15",
    snapshotAsOf: "2026-01-15",
    firstMonth: "2026-02",
    endDate: "2026-07-31",
    targetMarketings: [0, 100, 100, 100, 100, 100],
    expectedGrossMargin: grossMarginGuarantee,
    grossMarginGuarantee,
    ...stamps,
    ...over,
  });

const coverages = [
  lrp("pays-809", "809", "270.00"), // (270 − 265.12) × 100 × 7.5 = 3,660
  lrp("even-809", "809", "265.12"), // at the actual value: nothing
  lrp("above-810", "810", "230.00"), // actual 241.87 above the coverage price: nothing
  lrp("pays-820", "820", "230.40", { share: "0.5", head: 10 }), // 2.00 × 10 × 7.5 × 0.5 = 75
  lrp("cancelled-809", "809", "280.00", { status: "cancelled" }),
  lrp("quoted-809", "809", "280.00", { status: "quoted" }), // never bought
  // 2.6 × 0.74 × 71 − 9 × 4.50 − 0.041 × 300 = 83.804 a head, × 500 head = 41,902: 45,000 pays 3,098
  lgm("lgm-pays", "45000"),
  lgm("lgm-short", "40000"), // the margin is above this guarantee: nothing
];

/** Every weekday's settlements from Oct 2025 to Jul 2026: Lean Hogs 71 (Feb 2026 contract: 70, 71, 72
 * on its last three trading days before expiry, 2026-02-10 to 12, and 60 on every other day), Corn 4.50,
 * Soybean Meal 300, for every contract month of the next year. */
function historyDays(): MarketSnapshot[] {
  const out: MarketSnapshot[] = [];
  for (let day = "2025-10-01"; day <= "2026-07-31"; day = addDays(day, 1)) {
    if (weekday(day) === 0 || weekday(day) === 6) continue;
    const futures: FuturesSettlement[] = [];
    for (let i = 0; i < 14; i++) {
      const y = 2025 + Math.floor((9 + i) / 12);
      const m = ((9 + i) % 12) + 1;
      const contractMonth = `${y}-${String(m).padStart(2, "0")}`;
      const feb = { "2026-02-10": 70, "2026-02-11": 71, "2026-02-12": 72 }[day];
      futures.push(
        { root: "HE", contractMonth, settle: contractMonth === "2026-02" ? (feb ?? 60) : 71 },
        { root: "ZC", contractMonth, settle: 4.5 },
        { root: "ZM", contractMonth, settle: 300 },
      );
    }
    out.push({
      label: "history",
      source: "imported",
      asOf: day,
      riskFreeRate: 0.04,
      futures,
      lrpRates: [],
      lrpActualEndingValues: [],
      lgm: [],
    });
  }
  return out;
}

let http: FixtureServer;
let server: TestServer;
let org: Client;
/** The agent book's summaries: the book document from schema version 3, the organisation's before. */
const bookDocument = "book" in DOCUMENT_SECTIONS ? "org/demo/book" : "org/demo";

beforeAll(async () => {
  http = await startFixtureServer();
  server = await startTestServer(
    {
      MARKET_A00630_URL: `${http.url}/lrp/{yyyymmdd}.zip`,
      MARKET_A00620_URL: `${http.url}/lrp/{yyyymmdd}.zip`,
      MARKET_FUTURES_URL: `${http.url}/futures/{yyyymmdd}.csv`,
      MARKET_FETCH_TIMEOUT_MS: "3000",
    },
    { marketFeed: { manual: true, clock, retry: { firstMs: 10, maxMs: 20 } } },
  );
  // The market history the feed keeps (its job store in DATA_DIR): the days before this test.
  const jobs = sqliteJobStoreIn(server.dataDir);
  for (const s of historyDays())
    await jobs.saveSnapshot({ asOf: s.asOf, publishedAt: 0, data: gzipSync(JSON.stringify(s)) });
  await jobs.close();

  // The agent writes the customer's book and its summaries, as the device does (server-checked).
  const token = await server.token(agent);
  const customer = connect(server.syncUrl, `org/demo/customer/${CUSTOMER}`, token);
  expect(await customer.ready).toBe(true);
  const entity = sampleEntity({ id: "e-p", ...stamps });
  const policies = [
    samplePolicy({ id: "01JPOLICY00000000000000001", entityId: entity.id, ...stamps }),
    samplePolicy({
      id: "p-lgm",
      plan: "lgm",
      providerId: "nau",
      entityId: entity.id,
      policyNumber: "LGM-1",
      ...stamps,
    }),
  ];
  customer.doc.transact(() => {
    const profile = customer.doc.getMap("profile");
    for (const [k, v] of Object.entries(sampleProfile({ id: CUSTOMER, ...stamps }))) profile.set(k, v);
    customer.doc.getMap("entities").set(entity.id, entity);
    for (const p of policies) customer.doc.getMap("policies").set(p.id, p);
    for (const c of coverages) customer.doc.getMap("coverages").set(c.id, c);
  });
  const summaries = bookSummaries(CUSTOMER, customer.doc.toJSON() as Parameters<typeof bookSummaries>[1]);
  const book = connect(server.syncUrl, bookDocument, token);
  expect(await book.ready).toBe(true);
  book.doc.transact(() => {
    if (summaries.customer) book.doc.getMap("customers").set(CUSTOMER, summaries.customer);
    for (const section of ["entities", "policies", "coverages"] as const)
      for (const [key, value] of Object.entries(summaries[section])) book.doc.getMap(section).set(key, value);
  });
  await vi.waitFor(() => expect(customer.provider.unsyncedChanges + book.provider.unsyncedChanges).toBe(0));
  expect([...customer.closeReasons, ...book.closeReasons]).toEqual([]);
  customer.destroy();
  book.destroy();
  org = connect(server.syncUrl, "org/demo", token);
  expect(await org.ready).toBe(true);
}, 60_000);

afterAll(async () => {
  org?.destroy();
  await server?.stop();
  await http?.close();
});

const proposals = () => org.doc.getMap("claimProposals").toJSON() as Record<string, ClaimProposalRecord>;

describe("claim proposals recorded by the server when a snapshot is published", () => {
  it("importing the actual ending values proposes exactly the endorsements that pay, with the engine's indemnity", async () => {
    expect(proposals()).toEqual({});
    expect(await server.market.feed?.tick()).toEqual({ status: "done", attempts: 1 });
    await vi.waitFor(
      () => expect(Object.keys(proposals()).sort()).toEqual(["lgm-pays", "pays-809", "pays-820"]),
      {
        timeout: 15_000,
      },
    );
    const p = proposals();
    expect([p["pays-809"]?.indemnity, p["pays-809"]?.actual.value, p["pays-809"]?.filingDueDate]).toEqual([
      "3660",
      "265.12",
      "2027-01-12",
    ]);
    expect(p["pays-809"]?.actual.sourceText).toBe("RMA actual ending value (A00620) for 2026-11-13");
    expect(p["pays-820"]?.indemnity).toBe("75");
    expect(p["lgm-pays"]).toMatchObject({
      plan: "lgm",
      customerId: CUSTOMER,
      indemnity: "3098",
      filingDueDate: null,
      actual: { value: "41902.00", source: "futures-actual", kind: "final", date: "2026-11-19" },
      lgm: { actualGrossMargins: ["83.804", "83.804", "83.804", "83.804", "83.804", "83.804"] },
      marketAsOf: "2026-11-19",
    });
  });

  it("only the server writes the proposals: an agent's write is refused", async () => {
    const token = await server.token(agent);
    const other = connect(server.syncUrl, "org/demo", token);
    expect(await other.ready).toBe(true);
    other.doc.getMap("claimProposals").delete("pays-809");
    await vi.waitFor(() => expect(other.closeReasons.join(" ")).toMatch(/forbidden/));
    other.destroy();
    expect(Object.keys(proposals())).toContain("pays-809");
  });

  it("an endorsement a claim names is no longer proposed at the next publication", async () => {
    const claimSummary = {
      id: "cl-1",
      customerId: CUSTOMER,
      plan: "lrp",
      coverageIds: ["pays-809"],
      commodity: "0801",
      type: "809",
      endDate,
      filingDueDate: "2027-01-12",
      indemnity: "3660",
      actualKind: "final",
      status: "open",
      needed: [],
      updatedAt: NOW,
    };
    org.doc.getMap("claims").set("cl-1", claimSummary);
    await vi.waitFor(() => expect(org.provider.unsyncedChanges).toBe(0));
    const current = await server.market.source.current();
    if (!current) throw new Error("the feed published no snapshot");
    await server.publishMarket(current);
    await vi.waitFor(() => expect(Object.keys(proposals()).sort()).toEqual(["lgm-pays", "pays-820"]), {
      timeout: 15_000,
    });
  });
});
