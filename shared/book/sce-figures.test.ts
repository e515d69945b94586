import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { lrpPremium } from "../pricing/lrp/premium";
import { money } from "../pricing/money";
import { lgmSubsidyPercent } from "../pricing/subsidy/lgm-subsidy";
import { lrpSubsidyPercent } from "../pricing/subsidy/lrp-subsidy";
import {
  checkLgmSceFigures,
  checkLrpSceFigures,
  type LrpSceTerms,
  parseSceAmount,
  type SceLrpFigures,
} from "./sce-figures";

// docs/agent-book.md "Bought on an earlier day": the SCE's typed figures must agree with each other to the dollar, by the engine's own
// premium steps; anything typed that is not an amount is refused naming the field.

const TERMS: LrpSceTerms = {
  head: 100,
  targetWeightCwt: 7.5,
  share: 1,
  coverageLevel: 0.95,
  cropYear: 2027,
  defaultPaf: money(1),
  farmerClassification: "Neither",
};

/** 100 head × 7.5 cwt × $240.00 = $180,000 insured; × 0.0312 = $5,616; 35 % subsidy = $1,966 (half up of 1,965.6). */
const GOOD: SceLrpFigures = {
  coveragePrice: "240.00",
  rate: "0.0312",
  totalPremium: "$5,616",
  subsidy: "1,966",
  producerPremium: "3650",
};

const refusalOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
};

describe("checkLrpSceFigures", () => {
  it("accepts figures that agree and returns them exactly", () => {
    const checked = checkLrpSceFigures(GOOD, TERMS);
    expect(checked.insuredValue.toFixed(2)).toBe("180000.00");
    expect(checked.totalPremium.toFixed()).toBe("5616");
    expect(checked.subsidy.toFixed()).toBe("1966");
    expect(checked.producerPremium.toFixed()).toBe("3650");
    expect(checked.subsidyPercent.toFixed()).toBe("35");
  });

  it("derives the total premium from the rate when only the rate is typed, and the rate from the premium", () => {
    const { totalPremium: _t, ...rateOnly } = GOOD;
    expect(checkLrpSceFigures(rateOnly, TERMS).totalPremium.toFixed()).toBe("5616");
    const { rate: _r, ...premiumOnly } = GOOD;
    expect(checkLrpSceFigures(premiumOnly, TERMS).rate.toFixed()).toBe("0.0312");
  });

  it("allows a dollar of rounding, refuses two, naming the field and both figures", () => {
    expect(() =>
      checkLrpSceFigures({ ...GOOD, totalPremium: "5617", producerPremium: "3651" }, TERMS),
    ).not.toThrow();
    const e = refusalOf(() => checkLrpSceFigures({ ...GOOD, totalPremium: "5618" }, TERMS));
    expect(e.path).toEqual(["sce", "totalPremium"]);
    expect(e.message).toBe(
      "sce.totalPremium: $5618 does not agree with the other figures: insured value $180000.00 × rate 0.0312 gives $5616",
    );
  });

  it("refuses a subsidy that is not the customer's percent of the premium", () => {
    const e = refusalOf(() => checkLrpSceFigures({ ...GOOD, subsidy: "2246", producerPremium: "" }, TERMS));
    expect(e.path).toEqual(["sce", "subsidy"]);
    expect(e.message).toContain("× 35 % subsidy gives $1966");
    // A veteran gets 10 points more: 45 % of $5,616 = $2,527.20 → $2,527.
    const veteran = { ...TERMS, farmerClassification: "Veteran Farmer/Rancher" as const };
    expect(
      checkLrpSceFigures(
        { ...GOOD, subsidy: "2527", producerPremium: "3089" },
        veteran,
      ).subsidyPercent.toFixed(),
    ).toBe("45");
  });

  it("refuses a coverage price that is not the expected ending value × the level, to the cent", () => {
    const e = refusalOf(() => checkLrpSceFigures({ ...GOOD, expectedEndingValue: "250.00" }, TERMS));
    expect(e.path).toEqual(["sce", "coveragePrice"]);
    expect(() => checkLrpSceFigures({ ...GOOD, expectedEndingValue: "252.63" }, TERMS)).not.toThrow();
  });

  it("needs a rate or a premium", () => {
    const e = refusalOf(() => checkLrpSceFigures({ coveragePrice: "240", subsidy: "1966" }, TERMS));
    expect(e.message).toBe("sce.rate: enter the SCE's rate or its total premium");
  });

  it("property: figures the engine computed are always accepted, and reproduced exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12_000 }),
        fc.integer({ min: 100, max: 1_000 }),
        fc.integer({ min: 5_000, max: 40_000 }),
        fc.integer({ min: 700, max: 1_000 }),
        fc.integer({ min: 1, max: 999_999 }),
        (head, weightHundredths, priceCents, levelThousandths, rateMillionths) => {
          const level = levelThousandths / 1000;
          const percent = lrpSubsidyPercent(level, 2027);
          if (percent === null) return;
          const coveragePrice = money(priceCents).div(100);
          const rate = money(rateMillionths).div(1_000_000);
          const premium = lrpPremium({
            head,
            targetWeightCwt: money(weightHundredths).div(100),
            share: 1,
            coveragePrice,
            priceAdjustmentFactor: money(1),
            rate,
            subsidyPercent: percent,
          });
          if (premium.totalPremium.isZero()) return;
          const checked = checkLrpSceFigures(
            {
              coveragePrice: coveragePrice.toFixed(2),
              rate: rate.toFixed(),
              totalPremium: premium.totalPremium.toFixed(),
              subsidy: premium.subsidy.toFixed(),
              producerPremium: premium.producerPremium.toFixed(),
            },
            { ...TERMS, head, targetWeightCwt: weightHundredths / 100, coverageLevel: level },
          );
          expect(checked.totalPremium.eq(premium.totalPremium)).toBe(true);
          expect(checked.subsidy.eq(premium.subsidy)).toBe(true);
          expect(checked.producerPremium.eq(premium.producerPremium)).toBe(true);
        },
      ),
    );
  });

  it("property: a subsidy more than a dollar off is always refused at sce.subsidy", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000_000 }), fc.boolean(), (off, up) => {
        const subsidy = up ? 1966 + off : 1966 - off;
        if (subsidy < 0) return;
        const e = refusalOf(() =>
          checkLrpSceFigures({ ...GOOD, subsidy: String(subsidy), producerPremium: "" }, TERMS),
        );
        expect(e.path).toEqual(["sce", "subsidy"]);
      }),
    );
  });

  it("property: hostile text in any figure is refused at that figure or accepted as an exact amount, never thrown otherwise", () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "NaN",
        "Infinity",
        "-0",
        "1e9",
        "0x10",
        "1_000",
        "١٢٣",
        "12.",
        ".5",
        "1,23",
        "$$5",
        "  ",
        "💰",
        "1e-7",
      ),
      fc.double().map(String),
    );
    const fields = [
      "coveragePrice",
      "rate",
      "totalPremium",
      "subsidy",
      "producerPremium",
      "expectedEndingValue",
      "priceAdjustmentFactor",
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...fields), hostile, (field, text) => {
        try {
          const checked = checkLrpSceFigures({ ...GOOD, [field]: text }, TERMS);
          expect(checked.totalPremium.isFinite()).toBe(true);
          expect(checked.subsidy.isNegative()).toBe(false);
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect((e as DomainError).path[0]).toBe("sce");
          expect((e as DomainError).message).toMatch(/^sce\.\w+: /);
        }
      }),
    );
  });
});

describe("parseSceAmount", () => {
  it("reads the SCE's ways of printing an amount", () => {
    expect(parseSceAmount("$1,234.56", "x").toFixed()).toBe("1234.56");
    expect(parseSceAmount(" 240 ", "x").toFixed()).toBe("240");
    expect(parseSceAmount("-12.5", "x", { negative: true }).toFixed()).toBe("-12.5");
  });
  it("refuses what is not an amount, saying where and what", () => {
    expect(refusalOf(() => parseSceAmount("1e3", "rate")).message).toBe(
      'sce.rate: "1e3" is not an amount; type it as on the SCE, e.g. 1,234.56',
    );
    expect(refusalOf(() => parseSceAmount("-5", "subsidy")).path).toEqual(["sce", "subsidy"]);
    expect(refusalOf(() => parseSceAmount("1,00", "subsidy")).path).toEqual(["sce", "subsidy"]);
    expect(refusalOf(() => parseSceAmount("", "subsidy")).message).toBe(
      "sce.subsidy: enter the figure printed on the SCE",
    );
    expect(refusalOf(() => parseSceAmount("9999999999999", "subsidy")).path).toEqual(["sce", "subsidy"]);
  });
});

describe("checkLgmSceFigures", () => {
  const terms = {
    commodity: "0803" as const,
    deductible: 20,
    targetMarketings: [0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0],
    cropYear: 2027,
    farmerClassification: "Neither" as const,
  };
  it("accepts a guarantee of margin − deductible × marketings and the ladder's subsidy", () => {
    // 23 % of $4,000 = $920
    expect(lgmSubsidyPercent("0803", 20).toFixed()).toBe("23");
    const checked = checkLgmSceFigures(
      {
        expectedGrossMargin: "30,000",
        grossMarginGuarantee: "28,000",
        totalPremium: "4000",
        subsidy: "920",
        producerPremium: "3080",
      },
      terms,
    );
    expect(checked.grossMarginGuarantee.toFixed()).toBe("28000");
  });
  it("refuses a guarantee that does not follow, and gives no subsidy to marketings in one month", () => {
    expect(
      refusalOf(() =>
        checkLgmSceFigures(
          {
            expectedGrossMargin: "30000",
            grossMarginGuarantee: "29000",
            totalPremium: "4000",
            subsidy: "920",
          },
          terms,
        ),
      ).path,
    ).toEqual(["sce", "grossMarginGuarantee"]);
    const oneMonth = { ...terms, targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0] };
    expect(
      refusalOf(() =>
        checkLgmSceFigures({ expectedGrossMargin: "30000", totalPremium: "4000", subsidy: "920" }, oneMonth),
      ).message,
    ).toBe(
      "sce.subsidy: $920 does not agree with the other figures: total premium $4000 × 0 % subsidy gives $0",
    );
  });
});
