import { describe, expect, it } from "vitest";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import { generateSampleSnapshot, type MarketSnapshot } from "../../../shared/market";
import { lgmQuoteOf, priceLgm, quoteLrp } from "../../../shared/pricing";
import {
  dollars,
  figuresOfLgm,
  figuresOfLrp,
  premiumChange,
  signedDollars,
  watchQuoteInput,
} from "./watch-quote";

const lrp: WatchSetup = {
  id: "w1",
  name: "Fall steers",
  plan: "lrp",
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 21,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 7.5,
};
const lgm: WatchSetup = {
  id: "w2",
  name: "Yearlings",
  plan: "lgm",
  commodity: "0803",
  type: "808",
  targetMarketings: [0, 0, 0, 50, 50, 0, 0, 0, 0, 0, 0],
  deductible: 20,
};

describe("a watchlist setup priced against a snapshot", () => {
  let today: MarketSnapshot;
  let before: MarketSnapshot;
  it("builds the engine's input with the snapshot's date, and the engine prices it", () => {
    today = generateSampleSnapshot("2026-11-20");
    before = generateSampleSnapshot("2026-11-19");
    const now = watchQuoteInput(lrp, today);
    expect(now.plan).toBe("lrp");
    expect(now.input).toMatchObject({ salesDate: "2026-11-20", head: 100, coverageLevel: 0.95 });
    const a = figuresOfLrp(quoteLrp(now.input, today));
    const b = figuresOfLrp(quoteLrp(watchQuoteInput(lrp, before).input, before));
    expect(a.producerPremium).toBeGreaterThan(0);
    const change = premiumChange(a, b);
    expect(change).toBe((Math.round((a.producerPremium - b.producerPremium) * 100) / 100).toFixed(2));
  });

  it("says which offered level priced a setup whose level RMA does not offer (nearest at or below)", () => {
    const snapshot = generateSampleSnapshot("2026-11-19");
    const offered = snapshot.lrpRates
      .filter((r) => r.typeCode === "810" && r.endorsementLengthWeeks === 21 && r.coverageLevel <= 0.95)
      .map((r) => r.coverageLevel)
      .sort((x, y) => y - x)[0];
    const figures = figuresOfLrp(
      quoteLrp(watchQuoteInput({ ...lrp, coverageLevel: 0.951 }, snapshot).input, snapshot),
    );
    expect(figures.offeredLevel).toEqual({ requested: 0.951, offered });
  });

  it("moves LGM marketings with the sales date (they are by month of the insurance period)", () => {
    const input = watchQuoteInput(lgm, today);
    expect(input.plan).toBe("lgm");
    const quote = lgmQuoteOf(priceLgm(input.input, today));
    const figures = figuresOfLgm(quote);
    expect(quote.months[3]?.targetMarketings).toBe(50);
    expect(figures.producerPremium).toBeGreaterThanOrEqual(0);
    expect(figures.perHead).toBeNull();
  });

  it("has no change without a previous snapshot", () => {
    expect(premiumChange(figuresOfLrp(quoteLrp(watchQuoteInput(lrp, today).input, today)), null)).toBeNull();
  });
});

describe("money as shown", () => {
  it("groups thousands and signs changes", () => {
    expect(dollars(1234.5)).toBe("$1,234.50");
    expect(dollars("-3.5")).toBe("−$3.50");
    expect(signedDollars("12")).toBe("+$12.00");
    expect(signedDollars("-0.25")).toBe("−$0.25");
    expect(signedDollars("0.00")).toBe("no change");
  });
});
