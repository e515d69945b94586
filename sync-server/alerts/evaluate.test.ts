import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { quoteLgm } from "../../shared/pricing/lgm/quote";
import { quoteLrp } from "../../shared/pricing/lrp/quote";
import { alertText, evaluateWatchlist, targetMet } from "./evaluate";

const AS_OF = "2026-11-20";
const snapshot = generateSampleSnapshot(AS_OF);
const offer = snapshot.lrpRates.find(
  (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.salesEffectiveDate === AS_OF,
);
if (!offer) throw new Error("no sample offer");
const lrp = {
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: offer.endorsementLengthWeeks,
  coverageLevel: offer.coverageLevel,
  head: 100,
  targetWeightCwt: 7.5,
};
const lgm = {
  commodity: "0803",
  type: "808",
  targetMarketings: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
  deductible: 20,
};

describe("alert targets", () => {
  it("LRP net floor per cwt = coverage price − producer premium per cwt, to the cent; met at or above", () => {
    const q = quoteLrp({ ...lrp, salesDate: AS_OF, cropYear: offer.cropYear }, snapshot);
    const floor = new Decimal(q.coveragePricePerCwt)
      .minus(new Decimal(q.producerPremiumPerHead).div(7.5))
      .toFixed(2);
    const item = (value: string) => ({
      name: "n",
      plan: "lrp",
      ...lrp,
      target: { kind: "netFloorPerCwt", value },
    });
    const at = evaluateWatchlist({ a: item(floor) }, snapshot);
    expect(at.hits.map((h) => h.actual)).toEqual([floor]);
    const above = new Decimal(floor).plus("0.01").toFixed(2);
    expect(evaluateWatchlist({ a: item(above) }, snapshot).hits).toEqual([]);
  });

  it("premium per head is met at or below the target", () => {
    expect(targetMet({ kind: "premiumPerHead", value: "10.00" }, new Decimal("10.00"))).toBe(true);
    expect(targetMet({ kind: "premiumPerHead", value: "10.00" }, new Decimal("10.01"))).toBe(false);
  });

  it("LGM guarantee equals the full quote's (the simulation does not change it)", () => {
    const full = quoteLgm({ ...lgm, salesDate: AS_OF, cropYear: 2026 }, snapshot);
    const item = { name: "g", plan: "lgm", ...lgm, target: { kind: "lgmGuarantee", value: "1.00" } };
    const { hits } = evaluateWatchlist({ g: item }, snapshot);
    expect(hits[0]?.actual).toBe(new Decimal(full.grossMarginGuarantee).toFixed(2));
    expect(alertText(hits[0] as (typeof hits)[0]).body).toBe(
      `${AS_OF} prices: guarantee $${hits[0]?.actual} (target $1.00 or more).`,
    );
  });

  it("an item that cannot be priced is a miss with the engine's reason, not a hit", () => {
    const bad = {
      name: "b",
      plan: "lrp",
      ...lrp,
      endorsementLengthWeeks: 99,
      target: { kind: "netFloorPerCwt", value: "1" },
    };
    const r = evaluateWatchlist({ b: bad, junk: { plan: "x" } }, snapshot);
    expect(r.hits).toEqual([]);
    expect(r.misses.map((m) => m.itemId)).toEqual(["b", "junk"]);
  });
});

describe("watch item targets in the schema (shared/documents/watchlist.ts)", () => {
  it("refuses a target of the other plan and an amount that is not dollars", async () => {
    const { watchSetupSchema } = await import("../../shared/documents/watchlist");
    const lgmItem = { name: "g", plan: "lgm", ...lgm };
    expect(
      watchSetupSchema.safeParse({ ...lgmItem, target: { kind: "lgmGuarantee", value: "1000.50" } }).success,
    ).toBe(true);
    expect(
      watchSetupSchema.safeParse({ ...lgmItem, target: { kind: "premiumPerHead", value: "10" } }).success,
    ).toBe(false);
    const lrpItem = { name: "l", plan: "lrp", ...lrp };
    const bad = watchSetupSchema.safeParse({ ...lrpItem, target: { kind: "netFloorPerCwt", value: "12,5" } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("enter an amount in dollars, such as 142.50");
  });
});
