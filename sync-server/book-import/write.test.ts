import { describe, expect, it } from "vitest";
import { backdatedCoverage } from "../../shared/book/sce-backdated";
import { samplePolicy } from "../../shared/book/test-fixtures";
import { issuesOf } from "./write";

// docs/book-import.md "SCE figures on the server": the server's import checks an endorsement entered from
// the SCE with the same rule as the write guard (shared/book/sce-record.ts) before writing anything.

const built = backdatedCoverage(
  {
    plan: "lrp",
    salesDate: "2026-05-13",
    commodity: "0801",
    type: "810",
    endorsementLengthWeeks: 26,
    coverageLevel: 0.95,
    head: 100,
    targetWeightCwt: 7.5,
    share: 1,
    profile: { farmerClassification: "Neither" },
    policy: samplePolicy(),
    existingCoverages: [],
    id: "cv-1",
    now: new Date("2026-11-18T18:00:00Z"),
    userId: "agent-1",
  },
  null,
  { coveragePrice: "240.00", rate: "0.0312", totalPremium: "5,616", subsidy: "1,966" },
);
if (!built.ok) throw new Error(built.message);
const record = built.record;
const writes = (value: unknown) => ({
  kind: "customer" as const,
  customerId: "c-1",
  entries: [{ section: "coverages", key: "cv-1", value }],
});
const profile = () => ({ farmerClassification: "Neither" });

describe("issuesOf (the server's import)", () => {
  it("takes an endorsement whose SCE figures agree, refuses one whose subsidy does not", () => {
    expect(issuesOf(writes(record), profile)).toEqual([]);
    expect(issuesOf(writes({ ...record, subsidy: "1000" }), profile)).toEqual([
      {
        path: ["coverages", "cv-1", "subsidy"],
        message:
          "entered from the SCE: $1000 does not agree with the other figures: total premium $5616 × 35 % subsidy gives $1966",
      },
    ]);
  });
});
