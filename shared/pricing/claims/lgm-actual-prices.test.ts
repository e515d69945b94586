import { describe, expect, it } from "vitest";
import { lgmActualPriceNeeds, lgmActualPrices, tradingDaysBefore } from "./lgm-actual-prices";
import { lgmClaim } from "./lgm-claim";

// Swine, Finishing (805), sold 2026-01-15: marketings Feb–Jul 2026; Lean Hogs of the month, Corn and
// Soybean Meal two months before (DOMAIN.md).
const setup = { commodity: "0815", type: "805", salesDate: "2026-01-15" };

describe("the actual prices of an LGM claim", () => {
  it("skip weekends and CME holidays: the three trading days before an expiry", () => {
    // Presidents' Day 2026-02-16 is a holiday; the 14th and 15th a weekend.
    expect(tradingDaysBefore("2026-02-18", 3)).toEqual(["2026-02-12", "2026-02-13", "2026-02-17"]);
  });

  it("read each month's own contract, or its two neighbours when none trades that month", () => {
    const needs = lgmActualPriceNeeds(setup);
    const by = (root: string) => needs.filter((n) => n.root === root).map((n) => n.contractMonth);
    expect(by("HE")).toEqual(["2026-02", "2026-04", "2026-05", "2026-06", "2026-07"]);
    expect(by("ZC")).toEqual(["2025-12", "2026-03", "2026-05"]);
    expect(by("ZM")).toEqual(["2025-12", "2026-01", "2026-03", "2026-05"]);
    // Lean Hogs expire on the 10th weekday of the month: 2026-02-13; the three trading days before it.
    expect(needs.find((n) => n.root === "HE" && n.contractMonth === "2026-02")).toMatchObject({
      expiry: "2026-02-13",
      days: ["2026-02-10", "2026-02-11", "2026-02-12"],
    });
  });

  it("average the three settlements and give the engine the actual gross margins", () => {
    const needs = lgmActualPriceNeeds(setup);
    // HE settles 70, 71, 72 on its three days (average 71); Corn 4.50; Soybean Meal 300.
    const settle = (day: string, root: string, contractMonth: string) => {
      const need = needs.find((n) => n.root === root && n.contractMonth === contractMonth);
      const i = need?.days.indexOf(day) ?? -1;
      if (i < 0) return null;
      return root === "HE" ? 70 + i : root === "ZC" ? 4.5 : 300;
    };
    const result = lgmActualPrices(needs, settle, "2026-08-01");
    if (!("prices" in result)) throw new Error(result.missing);
    expect(result.prices.HE?.["2026-02"]).toEqual([70, 71, 72]);
    const claim = lgmClaim({
      ...setup,
      cropYear: 2026,
      targetMarketings: [0, 100, 100, 100, 100, 100],
      grossMarginGuarantee: "45000",
      actualPrices: result.prices,
    });
    // 2.6 × 0.74 × 71 − 9 × 4.50 − 0.041 × 300 = 136.604 − 40.5 − 12.3 = 83.804 per head, every month
    expect(claim.months.map((m) => m.actualGrossMargin)).toEqual([
      83.804, 83.804, 83.804, 83.804, 83.804, 83.804,
    ]);
    expect(claim.totalGrossMargin).toBe(41902);
    expect(claim.indemnity).toBe(3098);
  });

  it("say what is missing: a contract not yet expired, a day without a settlement", () => {
    const needs = lgmActualPriceNeeds(setup);
    expect(lgmActualPrices(needs, () => 1, "2026-07-01")).toEqual({
      missing: "HE 2026-07 has not expired yet (2026-07-14)",
    });
    expect(lgmActualPrices(needs, () => null, "2026-08-01")).toEqual({
      missing: "no HE 2026-02 settlement of 2026-02-10 in the market history",
    });
  });
});
