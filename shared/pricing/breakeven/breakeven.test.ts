import { describe, expect, it } from "vitest";
import { breakeven } from "./breakeven";

describe("breakeven", () => {
  it("works out cost, breakeven per head sold and per cwt, beside the LRP net price floor", () => {
    // cost = 5.5 × 300 + 400 + 35 + 20 + 60 + 10 = 2,175 per head placed
    // per head sold = 2,175 ÷ 0.98 = 2,219.3877… → 2,219.39; per cwt = 2,219.3877… ÷ 8.5 = 261.1044… → 261.10
    // floor = 250 − 6.2727 = 243.7273; over breakeven = 243.7273 − 261.1044… = −17.3771… → −17.38 per cwt,
    // × 8.5 = −147.7057… → −147.71 per head
    expect(
      breakeven({
        purchaseWeightCwt: 5.5,
        purchasePricePerCwt: 300,
        saleWeightCwt: 8.5,
        feed: 400,
        interest: 35,
        health: 20,
        yardage: 60,
        deathLossPercent: 2,
        other: 10,
        lrp: { coveragePricePerCwt: 250, producerPremiumPerCwt: 6.2727 },
      }),
    ).toEqual({
      costPerHead: 2175,
      breakevenPerHead: 2219.39,
      breakevenPerCwt: 261.1,
      lrp: {
        netPriceFloorPerCwt: 243.7273,
        floorOverBreakevenPerCwt: -17.38,
        floorOverBreakevenPerHead: -147.71,
      },
    });
  });
  it("treats missing costs as zero and rejects a bad weight", () => {
    expect(
      breakeven({ purchaseWeightCwt: 6, purchasePricePerCwt: 250, saleWeightCwt: 6 }).breakevenPerCwt,
    ).toBe(250);
    expect(() => breakeven({ purchaseWeightCwt: 6, purchasePricePerCwt: 250, saleWeightCwt: 0 })).toThrow(
      "saleWeightCwt: Too small",
    );
  });
});
