import { describe, expect, it } from "vitest";
import type { CoverageSummary } from "../../documents/book";
import type { ClaimProposalRecord } from "../../documents/claim";
import type { MarketSnapshot } from "../../market/snapshot";
import { bookSummaries } from "../summaries";
import { sampleLgmEndorsement, sampleLrpCoverage } from "../test-fixtures";
import {
  computeLgmClaim,
  hubProposals,
  LGM_FUTURES_ACTUAL_TEXT,
  type LgmProposalSource,
  lgmProration,
  lrpActualPays,
  lrpClaimCompanions,
  lrpProposalRecord,
  proposeClaims,
  proposeLgmClaim,
} from ".";

// The proposals the hub shows and the server records, the endorsements a claim may name together, and
// an LGM claim's proration (docs/claims.md).

const endDate = "2026-11-13";
const lrp = (id: string, coveragePrice: string, over = {}) =>
  sampleLrpCoverage({ id, status: "ended", commodity: "0801", type: "809", endDate, coveragePrice, ...over });
const snapshot = {
  asOf: "2026-11-19",
  lrpActualEndingValues: [{ commodityCode: "0801", typeCode: "809", endDate, actualEndingValue: 265.12 }],
} as MarketSnapshot;
const summariesOf = (records: Record<string, unknown>) =>
  Object.values(bookSummaries("c-1", { coverages: records } as never).coverages) as CoverageSummary[];

describe("LRP proposals", () => {
  const coverages = summariesOf({ a: lrp("a", "270.00"), b: lrp("b", "260.00") });

  it("say whether an ended endorsement pays at RMA's actual value, or that the value is not out", () => {
    expect(lrpActualPays(coverages[0] as CoverageSummary, snapshot)).toEqual({ value: "265.12", pays: true });
    expect(lrpActualPays(coverages[1] as CoverageSummary, snapshot)).toEqual({
      value: "265.12",
      pays: false,
    });
    expect(lrpActualPays(coverages[0] as CoverageSummary, { ...snapshot, lrpActualEndingValues: [] })).toBe(
      null,
    );
  });

  it("are recorded by the server with the value's source and the filing due date", () => {
    const [p] = proposeClaims(coverages, [], snapshot, "2026-11-19");
    expect(lrpProposalRecord(p as never, "2026-11-19", "2026-11-19T22:00:00.000Z")).toEqual({
      id: "a",
      customerId: "c-1",
      plan: "lrp",
      commodity: "0801",
      type: "809",
      endDate,
      filingDueDate: "2027-01-12",
      actual: {
        value: "265.12",
        source: "rma-actual",
        sourceText: "RMA actual ending value (A00620) for 2026-11-13",
        date: "2026-11-19",
        kind: "final",
      },
      // (270 − 265.12) × 100 × 7.5 = 3,660
      indemnity: "3660",
      marketAsOf: "2026-11-19",
      computedAt: "2026-11-19T22:00:00.000Z",
    });
  });
});

describe("the hub's list merges the device's and the server's proposals", () => {
  const lgmSummary = summariesOf({
    g: sampleLgmEndorsement({ id: "g", status: "accepted", endDate: "2026-07-31" }),
  })[0] as CoverageSummary;
  const coverages = [...summariesOf({ a: lrp("a", "270.00") }), lgmSummary];
  const record = (id: string, plan: "lrp" | "lgm", indemnity: string): ClaimProposalRecord => ({
    id,
    customerId: "c-1",
    plan,
    commodity: "0801",
    type: "809",
    endDate,
    filingDueDate: plan === "lrp" ? "2027-01-12" : null,
    actual: { value: "1", source: "rma-actual", sourceText: "x", date: "2026-11-19", kind: "final" },
    indemnity,
    marketAsOf: "2026-11-19",
    computedAt: "2026-11-19T22:00:00.000Z",
  });

  it("one line per endorsement (the device's when both have it), LGM from the server only, last", () => {
    const local = proposeClaims(coverages, [], snapshot, "2026-11-19");
    const merged = hubProposals(
      local,
      { a: record("a", "lrp", "9999"), g: record("g", "lgm", "3098") },
      coverages,
      [],
      "2026-11-19",
    );
    expect(merged.map((p) => [p.coverage.id, p.plan, p.indemnity, p.from])).toEqual([
      ["a", "lrp", "3660", "device"],
      ["g", "lgm", "3098", "server"],
    ]);
    expect(merged[1]?.urgency).toEqual({ level: "none" });
  });

  it("drop a server proposal once a claim names the endorsement or it is no longer claimable", () => {
    const server = { g: record("g", "lgm", "3098") };
    expect(hubProposals([], server, coverages, [{ coverageIds: ["g"] }], "2026-11-19")).toEqual([]);
    const cancelled = coverages.map((c) => (c.id === "g" ? { ...c, status: "cancelled" as const } : c));
    expect(hubProposals([], server, cancelled, [], "2026-11-19")).toEqual([]);
  });
});

describe("the endorsements one LRP claim may name", () => {
  it("the customer's others of the same type and end date, bought or ended, named by no claim", () => {
    const first = lrp("a", "270.00");
    const customer = {
      a: first,
      b: lrp("b", "270.00"),
      c: lrp("c", "270.00", { endDate: "2026-11-06" }),
      d: lrp("d", "270.00", { type: "810" }),
      e: lrp("e", "270.00", { status: "quoted" }),
      f: lrp("f", "270.00"),
      g: sampleLgmEndorsement({ id: "g" }),
    };
    expect(lrpClaimCompanions(first, customer, [{ coverageIds: ["f"] }]).map((c) => c.id)).toEqual(["b"]);
  });
});

describe("LGM", () => {
  // Swine Finishing sold 2026-01-15, 500 head, guarantee 45,000.
  const e = sampleLgmEndorsement({
    id: "g",
    status: "accepted",
    cropYear: 2026,
    salesDate: "2026-01-15",
    firstMonth: "2026-02",
    endDate: "2026-07-31",
    targetMarketings: [0, 100, 100, 100, 100, 100],
    grossMarginGuarantee: "45000",
  });
  const margins = ["80", "80", "80", "80", "80", "80"];

  it("shows the indemnity with and without proration", () => {
    // 500 × 80 = 40,000: 5,000 short; 300 of 500 marketed (60 % < 75 %): × 0.6 = 3,000
    expect(lgmProration(e, margins, [0, 60, 60, 60, 60, 60])).toEqual({
      indemnityAtTargets: "5000",
      indemnity: "3000",
      targetTotal: 500,
      actualTotal: 300,
      ratio: "0.600",
      threshold: "0.75",
      prorated: true,
      marketFactor: "0.6",
    });
    // 400 of 500 (80 %): no proration.
    expect(lgmProration(e, margins, [0, 80, 80, 80, 80, 80])).toMatchObject({
      indemnity: "5000",
      prorated: false,
    });
  });

  it("a claim opened from the server's proposal keeps where its margins came from", () => {
    const claim = computeLgmClaim({
      endorsement: e,
      actualGrossMargins: margins,
      today: "2026-11-20",
      fromProposal: { marketAsOf: "2026-11-19" },
    });
    expect(claim.actual).toEqual({
      value: "40000.00",
      source: "futures-actual",
      sourceText: LGM_FUTURES_ACTUAL_TEXT,
      date: "2026-11-19",
      kind: "final",
    });
  });

  it("proposes an ended endorsement that pays at the actual prices, nothing otherwise", () => {
    const prices = {
      HE: { "2026-02": [71, 71, 71] as [number, number, number] },
      ZC: { "2025-12": [4.5, 4.5, 4.5] as [number, number, number] },
      ZM: { "2025-12": [300, 300, 300] as [number, number, number] },
    };
    const source: LgmProposalSource = {
      endorsement: e,
      customerId: "c-1",
      claims: [],
      actualPrices: { prices },
      today: "2026-11-19",
      marketAsOf: "2026-11-19",
      computedAt: "2026-11-19T22:00:00.000Z",
    };
    // 2.6 × 0.74 × 71 − 9 × 4.5 − 0.041 × 300 = 83.804 a head (one contract each: held flat)
    expect(proposeLgmClaim(source)).toMatchObject({ id: "g", plan: "lgm", indemnity: "3098" });
    expect(proposeLgmClaim({ ...source, claims: [{ coverageIds: ["g"] }] })).toBe(null);
    expect(proposeLgmClaim({ ...source, today: "2026-07-31" })).toBe(null);
    expect(proposeLgmClaim({ ...source, actualPrices: { missing: "not yet" } })).toBe(null);
    expect(proposeLgmClaim({ ...source, endorsement: { ...e, grossMarginGuarantee: "40000" } })).toBe(null);
  });
});
