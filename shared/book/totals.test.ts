import { describe, expect, it } from "vitest";
import type { CoverageSummary } from "../documents/book";
import { sampleLgmEndorsement, sampleLrpCoverage } from "./test-fixtures";
import { coverageTotals, sumDecimals, summaryTotals } from "./totals";

describe("exact totals", () => {
  it("sums decimal text exactly where floats would not", () => {
    expect(sumDecimals(["0.1", "0.2"])).toBe("0.3");
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(Array.from({ length: 1000 }, () => "1234.01"))).toBe("1234010");
    expect(sumDecimals([])).toBe("0");
    expect(sumDecimals(["-12.5", 2])).toBe("-10.5");
  });

  it("totals premiums and head of coverage records (LGM head: total target marketings)", () => {
    const totals = coverageTotals([
      sampleLrpCoverage({
        id: "a",
        head: 100,
        totalPremium: "5524",
        subsidy: "1933",
        producerPremium: "3591",
      }),
      sampleLrpCoverage({ id: "b", head: 50, totalPremium: "1001", subsidy: "501", producerPremium: "500" }),
      sampleLgmEndorsement({ id: "c", targetMarketings: [0, 100, 100, 100, 100, 100] }),
    ]);
    expect(totals).toEqual({
      count: 3,
      head: 650,
      totalPremium: "10825",
      subsidy: "3208",
      producerPremium: "7617",
      producerPremiumPerHead: "11.72",
    });
    expect(coverageTotals([])).toEqual({
      count: 0,
      head: 0,
      totalPremium: "0",
      subsidy: "0",
      producerPremium: "0",
      producerPremiumPerHead: null,
    });
  });

  it("totals the organisation's coverage summaries", () => {
    const s = (id: string, head: number, producerPremium: string): CoverageSummary => ({
      id,
      customerId: "c",
      policyId: "p",
      plan: "lrp",
      commodity: "0801",
      type: "810",
      cropYear: 2026,
      salesDate: "2026-11-20",
      endDate: "2027-05-21",
      head,
      producerPremium,
      status: "accepted",
      updatedAt: "2026-11-23T15:00:00.000Z",
    });
    expect(summaryTotals([s("a", 3, "10.01"), s("b", 0, "0.02")])).toEqual({
      count: 2,
      head: 3,
      producerPremium: "10.03",
      producerPremiumPerHead: "3.34",
    });
  });
});
