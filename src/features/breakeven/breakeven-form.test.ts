import { describe, expect, it } from "vitest";
import { BREAKEVEN_DEFAULTS, buildBreakeven, lrpTypeForSaleWeight } from "./breakeven-form";

describe("breakeven form", () => {
  it("builds the engine input with the LRP figures beside it", () => {
    const built = buildBreakeven(BREAKEVEN_DEFAULTS, {
      coveragePricePerCwt: 320,
      producerPremiumPerCwt: 6.5,
    });
    expect(built).toEqual({
      ok: true,
      input: {
        purchaseWeightCwt: 5.5,
        purchasePricePerCwt: 380,
        saleWeightCwt: 8.5,
        deathLossPercent: 1.5,
        feed: 250,
        interest: 30,
        health: 20,
        yardage: 60,
        other: 0,
        lrp: { coveragePricePerCwt: 320, producerPremiumPerCwt: 6.5 },
      },
    });
  });
  it("names fields that are not numbers and takes own LRP figures", () => {
    expect(buildBreakeven({ ...BREAKEVEN_DEFAULTS, pw: "", feed: "a lot" }, null)).toEqual({
      ok: false,
      errors: { pw: "Enter the purchase weight in cwt, e.g. 5.5", feed: "Enter the feed cost in $/head" },
    });
    const own = buildBreakeven({ ...BREAKEVEN_DEFAULTS, lrp: "own", cp: "300", prem: "5" }, null);
    expect(own.ok && own.input.lrp).toEqual({ coveragePricePerCwt: 300, producerPremiumPerCwt: 5 });
  });
  it("finds the LRP type for the sale weight", () => {
    expect(lrpTypeForSaleWeight(8.5)?.type).toBe("810");
    expect(lrpTypeForSaleWeight(5)?.type).toBe("809");
    expect(lrpTypeForSaleWeight(13)?.type).toBe("820");
    expect(lrpTypeForSaleWeight(20)).toBeNull();
  });
});
