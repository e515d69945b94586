import { describe, expect, it } from "vitest";
import { proposeClaims } from "../../../shared/book/claims";
import { bookSummaries } from "../../../shared/book/summaries";
import { sampleLrpCoverage } from "../../../shared/book/test-fixtures";
import { FIXTURE_FILES } from "../../../shared/market/fixtures";
import { importMarketFiles } from "../../../shared/market/importers/snapshot-builder";

// docs/claims.md: importing RMA's actual ending values (A00620) makes the agent hub propose claims for
// exactly the endorsements that pay — proposeClaims is the function the hub calls, on the summaries
// the organisation document holds (derived from the customer's records by bookSummaries).

const endDate = "2026-11-13"; // the fixture's end date: 0801/809 265.12, 0801/810 241.87, 0802/820 228.40
const coverage = (id: string, type: string, coveragePrice: string, over = {}) =>
  sampleLrpCoverage({
    id,
    status: "ended",
    commodity: type === "820" ? "0802" : "0801",
    type,
    endDate,
    coveragePrice,
    ...over,
  });

const records = {
  coverages: Object.fromEntries(
    [
      coverage("pays-809", "809", "270.00"), // 4.88 below: pays
      coverage("even-809", "809", "265.12"), // at the actual value: nothing
      coverage("above-810", "810", "230.00"), // actual 241.87 above the coverage price: nothing
      coverage("pays-820", "820", "230.40", { share: "0.5", head: 10 }), // 2 × 10 × 7.5 × 0.5 = 75
      coverage("claimed-809", "809", "280.00"), // pays, but a claim names it already
      coverage("cancelled-809", "809", "280.00", { status: "cancelled" }),
      coverage("other-date", "809", "280.00", { endDate: "2026-11-06" }), // no actual value for it
    ].map((c) => [c.id, c]),
  ),
};
const summaries = Object.values(bookSummaries("c-1", records).coverages);
const existing = [{ coverageIds: ["claimed-809"] }];
const today = "2026-11-20";

describe("the hub's claim proposals from imported actual ending values", () => {
  it("propose nothing before the actual ending values are imported", () => {
    const withoutActuals = importMarketFiles(
      { lrpRate: FIXTURE_FILES.lrpRate, futures: FIXTURE_FILES.futures },
      { label: "test" },
    );
    expect(withoutActuals.lrpActualEndingValues).toEqual([]);
    expect(proposeClaims(summaries, existing, withoutActuals, today)).toEqual([]);
  });

  it("propose exactly the endorsements that pay once A00620 is imported, with RMA's indemnity", () => {
    const snapshot = importMarketFiles(
      {
        lrpRate: FIXTURE_FILES.lrpRate,
        futures: FIXTURE_FILES.futures,
        lrpActualEndingValue: FIXTURE_FILES.lrpActualEndingValue,
      },
      { label: "test" },
    );
    const proposals = proposeClaims(summaries, existing, snapshot, today);
    expect(proposals.map((p) => [p.coverage.id, p.indemnity, p.actualEndingValue, p.filingDueDate])).toEqual([
      // (270 − 265.12) × 100 × 7.5 = 3,660
      ["pays-809", "3660", "265.12", "2027-01-12"],
      ["pays-820", "75", "228.4", "2027-01-12"],
    ]);
    expect(proposals[0]?.urgency).toEqual({ level: "ok", daysLeft: 53 });
    // 2 days before the due date the hub warns; after it the proposal stays, marked overdue.
    expect(proposeClaims(summaries, existing, snapshot, "2027-01-10")[0]?.urgency).toEqual({
      level: "warn",
      daysLeft: 2,
      threshold: 2,
    });
    expect(proposeClaims(summaries, existing, snapshot, "2027-01-13")[0]?.urgency.level).toBe("overdue");
  });
});
