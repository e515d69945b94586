import { describe, expect, it } from "vitest";
import { lrpCoverageFromOffer } from "../book/lrp-coverage";
import { samplePolicy } from "../book/test-fixtures";
import { DomainError } from "../errors";
import { generateSampleSnapshot } from "./sample/generate";

// lrpCoverageFromOffer refuses an endorsement on a day the sales calendar suspends the group's sales.
const input = (salesDate: string, commodity: string, type: string) => {
  const snapshot = generateSampleSnapshot(salesDate);
  const row = snapshot.lrpRates.find(
    (r) => r.commodityCode === commodity && r.typeCode === type && r.salesEffectiveDate === salesDate,
  );
  if (!row) throw new Error(`no sample offer on ${salesDate}`);
  return {
    snapshot,
    salesDate,
    commodity,
    type,
    offer: { endorsementLengthWeeks: row.endorsementLengthWeeks, coverageLevel: row.coverageLevel },
    head: 100,
    targetWeightCwt: commodity === "0815" ? 2.6 : 7.5,
    share: 1,
    profile: { farmerClassification: "Neither" as const },
    policy: samplePolicy(),
    existingCoverages: [],
    id: "01JCOVERAGE000000000000009",
    now: new Date(`${salesDate}T22:00:00Z`),
    userId: "agent-1",
  };
};

describe("lrpCoverageFromOffer and the sales calendar", () => {
  it("refuses cattle on a Cattle on Feed report day, with the day and the reason", () => {
    let error: unknown;
    try {
      lrpCoverageFromOffer(input("2026-01-23", "0801", "810"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(
      "salesDate: LRP cattle sales are suspended on 2026-01-23 (USDA Cattle on Feed report day): no endorsement can be bought that day",
    );
  });

  it("still sells cattle the next trading day", () => {
    expect(lrpCoverageFromOffer(input("2026-01-26", "0801", "810")).salesDate).toBe("2026-01-26");
  });
});
