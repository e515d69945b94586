import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import { forwardPurchaseUnanswered } from "./forward-purchase";
import { lrpCoverageFromOffer } from "./lrp-coverage";
import { samplePolicy } from "./test-fixtures";

// CY2027 SCE question on forward-purchased cattle, stored on the coverage record. 2026-11-13 is crop
// year 2027; the 26-week endorsement of that day ends 2027-05-14 (90 days before: 2027-02-13).
const SALES_DATE = "2026-11-13";
const snapshot = generateSampleSnapshot(SALES_DATE);
const make = (forwardPurchase?: { forwardPurchasedCattle?: boolean; forwardPurchaseDeliveryDate?: string }) =>
  lrpCoverageFromOffer({
    snapshot,
    salesDate: SALES_DATE,
    commodity: "0801",
    type: "810",
    offer: { endorsementLengthWeeks: 26, coverageLevel: 1 },
    head: 100,
    targetWeightCwt: 7.5,
    profile: { farmerClassification: "Neither" },
    policy: samplePolicy(),
    existingCoverages: [],
    id: "cov-1",
    now: new Date("2026-11-13T22:00:00Z"),
    userId: "agent-1",
    ...(forwardPurchase ? { forwardPurchase } : {}),
  });

describe("CY2027 forward-purchased cattle question", () => {
  it("stores a yes with a delivery date at least 90 days before the end date on the record", () => {
    const c = make({ forwardPurchasedCattle: true, forwardPurchaseDeliveryDate: "2027-01-10" });
    expect([c.endDate, c.forwardPurchasedCattle, c.forwardPurchaseDeliveryDate]).toEqual([
      "2027-05-14",
      true,
      "2027-01-10",
    ]);
  });

  it("refuses cattle delivered later than 90 days before the end date, naming the last day", () => {
    expect(() => make({ forwardPurchasedCattle: true, forwardPurchaseDeliveryDate: "2027-03-01" })).toThrow(
      "forwardPurchaseDeliveryDate: forward-purchased cattle must be received at least 90 days before the end date 2027-05-14, by 2027-02-13",
    );
  });

  it("a quoted CY2027 cattle record without the answer is flagged unanswered; a CY2026 one is not asked", () => {
    const unanswered = make();
    expect([
      forwardPurchaseUnanswered(unanswered),
      forwardPurchaseUnanswered(make({ forwardPurchasedCattle: false })),
      forwardPurchaseUnanswered({ ...unanswered, cropYear: 2026 }),
    ]).toEqual([true, false, false]);
  });
});
