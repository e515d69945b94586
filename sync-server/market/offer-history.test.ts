import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import type { LrpOfferDay } from "../jobs/store";
import { offerHistoryWithSample } from "./offer-history";

// The history of one offer: stored (real) days wherever held, sample days for the other weekdays.
const key = {
  commodityCode: "0801",
  typeCode: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  from: "2026-11-16",
  to: "2026-11-22",
};
const real: LrpOfferDay = {
  asOf: "2026-11-18",
  commodityCode: "0801",
  typeCode: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  coveragePrice: 301.5,
  expectedEndingValue: 317.37,
  rate: 0.031,
  costPerCwt: 9.35,
  endDate: "2027-05-19",
};

describe("offer history with sample days", () => {
  it("keeps the stored day as real, fills the other weekdays from the sample and skips the weekend", () => {
    const days = offerHistoryWithSample([real], key);
    expect(days.map((d) => `${d.asOf} ${d.source}`)).toEqual([
      "2026-11-16 sample",
      "2026-11-17 sample",
      "2026-11-18 real",
      "2026-11-19 sample",
      "2026-11-20 sample",
    ]);
  });

  it("a sample day is the sample snapshot's row of the length at the nearest level at or below", () => {
    const [day] = offerHistoryWithSample([], { ...key, to: key.from });
    const rows = generateSampleSnapshot(key.from).lrpRates.filter(
      (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.endorsementLengthWeeks === 26,
    );
    const level = Math.max(...rows.map((r) => r.coverageLevel).filter((l) => l <= 0.95));
    const row = rows.find((r) => r.coverageLevel === level);
    expect(day).toEqual({
      asOf: key.from,
      coveragePrice: row?.coveragePrice,
      expectedEndingValue: row?.expectedEndingValue,
      rate: row?.rate,
      costPerCwt: row?.costPerCwt,
      endDate: row?.endDate,
      coverageLevel: level,
      requestedLevel: 0.95,
      source: "sample",
    });
  });

  it("a real day at a continuous level takes its row at the nearest level at or below and names it", () => {
    // RMA's levels are continuous: on 2026-11-18 the nearest at or below 0.95 is 0.9489 (0.9612 is above).
    const above = { ...real, coverageLevel: 0.9612, coveragePrice: 305.06 };
    const below = { ...real, coverageLevel: 0.9489, coveragePrice: 301.15 };
    const lower = { ...real, coverageLevel: 0.9012, coveragePrice: 286.02 };
    const days = offerHistoryWithSample([below, above, lower], { ...key, from: real.asOf, to: real.asOf });
    expect(days).toEqual([
      {
        asOf: real.asOf,
        coveragePrice: 301.15,
        expectedEndingValue: real.expectedEndingValue,
        rate: real.rate,
        costPerCwt: real.costPerCwt,
        endDate: real.endDate,
        coverageLevel: 0.9489,
        requestedLevel: 0.95,
        source: "real",
      },
    ]);
  });
});
