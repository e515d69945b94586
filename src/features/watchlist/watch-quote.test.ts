import { describe, expect, it } from "vitest";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import { generateSampleSnapshot } from "../../../shared/market";
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
  // Each test reads these, none changes them: any test runs alone or in any order.
  const today = generateSampleSnapshot("2026-11-20");
  const before = generateSampleSnapshot("2026-11-19");

  it("builds the engine's input with the snapshot's date, and the engine prices it", () => {
    const now = watchQuoteInput(lrp, today);
    expect(now.plan).toBe("lrp");
    expect(now.input).toMatchObject({ salesDate: "2026-11-20", head: 100, coverageLevel: 0.95 });
    expect(watchQuoteInput(lrp, before).input).toMatchObject({ salesDate: "2026-11-19" });
    expect(figuresOfLrp(quoteLrp(now.input, today)).producerPremium).toBeGreaterThan(0);
  });

  it("says the change of the producer premium from the previous snapshot, in dollars and cents", () => {
    const figures = figuresOfLrp(quoteLrp(watchQuoteInput(lrp, today).input, today));
    expect(premiumChange({ ...figures, producerPremium: 3589 }, { ...figures, producerPremium: 3509 })).toBe(
      "80.00",
    );
    expect(
      premiumChange({ ...figures, producerPremium: 3509 }, { ...figures, producerPremium: 3589.5 }),
    ).toBe("-80.50");
  });

  it("says which offered level priced a setup whose level RMA does not offer (nearest at or below)", () => {
    // The sample market of 2026-11-19 offers 810 / 21 weeks at … 0.9223, 0.9474, 0.9725, 1: 0.951 is
    // not offered, the nearest level at or below it is 0.9474.
    const figures = figuresOfLrp(
      quoteLrp(watchQuoteInput({ ...lrp, coverageLevel: 0.951 }, before).input, before),
    );
    expect(figures.offeredLevel).toEqual({ requested: 0.951, offered: 0.9474 });
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
