import { describe, expect, it } from "vitest";
import { FIXTURE_FILES } from "../../market/fixtures";
import { importMarketFiles } from "../../market/importers/snapshot-builder";
import { generateSampleSnapshot } from "../../market/sample/generate";
import { contractMonthOnOrAfter } from "../futures-curve";
import { black76Put } from "../math/black76";
import { money } from "../money";
import { settledLrpOutcome } from "./actual";
import { lrpIndemnity, lrpNetPriceFloor } from "./indemnity";
import { indicativeLrpRate } from "./indicative-rate";
import { lrpPremium } from "./premium";
import { quoteLrp } from "./quote";
import { lrpScenarios } from "./scenarios";

const fixture = importMarketFiles(FIXTURE_FILES, { label: "fixture" });
const sample = generateSampleSnapshot("2026-11-20");
const steers = {
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 5.5,
  farmerClassification: "Neither",
  cropYear: 2027,
  salesDate: "2026-11-20",
};

describe("LRP quote, worked by hand from the A00630 fixture row (0801/809, 26 weeks, level 0.9500)", () => {
  // Row: coverage price 247.00, expected ending value 260.00, rate 0.021234, PAF 1.100, end 2027-05-21.
  // insured value  = 100 head × 5.5 cwt × 247.00 × 1.1 × 1        = 149,435.00
  // total premium  = 149,435.00 × 0.021234 = 3,173.10279          → 3,173 (whole dollars, half up)
  // subsidy        = 3,173 × 35 % (level 0.95–1.00) = 1,110.55    → 1,111
  // producer       = 3,173 − 1,111                                 = 2,062
  // per cwt        = 2,062 ÷ 550 = 3.74909…                        → 3.7491;  per head 2,062 ÷ 100 = 20.62
  // put: GF May 2027 (last Thursday 2027-05-27 ≥ end date), strike 247 on the $1 grid, F 258.500,
  //      σ 0.18, T = 188 days ÷ 365, r 0.04 (the importer's default).
  const quote = quoteLrp(steers, fixture);

  it("reproduces every figure of the coverage-table row", () => {
    expect(quote).toEqual({
      endorsementLengthWeeks: 26,
      endDate: "2027-05-21",
      coverageLevel: 0.95,
      expectedValuePerCwt: 260,
      coveragePricePerCwt: 247,
      rate: 0.021234,
      insuredValue: 149435,
      totalPremium: 3173,
      subsidy: 1111,
      producerPremium: 2062,
      producerPremiumPerCwt: 3.7491,
      producerPremiumPerHead: 20.62,
      cmePutStrike: 247,
      cmePutPremiumPerCwt:
        Math.round(
          black76Put({ forward: 258.5, strike: 247, volatility: 0.18, years: 188 / 365, rate: 0.04 }) * 1e4,
        ) / 1e4,
      futuresContractMonth: "2027-05",
      indicative: false,
      // 2026-11-20 is a Cattle on Feed report day (shared/market/calendar.ts): the quote says so.
      noSales: { date: "2026-11-20", reason: "USDA Cattle on Feed report day: no LRP sales" },
    });
    expect(lrpNetPriceFloor(quote.coveragePricePerCwt, quote.producerPremiumPerCwt).toString()).toBe(
      "243.2509",
    );
  });

  it("adds the beginning farmer's 15 points in year 1 from crop year 2027 (3,173 × 50 % = 1,586.5 → 1,587)", () => {
    const q = quoteLrp(
      { ...steers, farmerClassification: "Beginning Farmer/Rancher", beginningFarmerYear: 1 },
      fixture,
    );
    expect([q.subsidy, q.producerPremium]).toEqual([1587, 1586]);
  });

  it("finds the row by coverage price as well as by level", () => {
    const { coverageLevel: _, ...byPrice } = steers;
    expect(quoteLrp({ ...byPrice, coveragePrice: 247 }, fixture)).toEqual(quote);
  });

  it("splits the subsidy bands at 0.80: level 0.7999 gets 55 %, level 0.80 gets 50 %", () => {
    // 0.7999: 550 × 207.97 × 1.1 = 125,821.85; × 0.001234 = 155.264 → 155; × 55 % = 85.25 → 85
    const low = quoteLrp({ ...steers, coverageLevel: 0.7999 }, fixture);
    expect([low.insuredValue, low.totalPremium, low.subsidy, low.producerPremium]).toEqual([
      125821.85, 155, 85, 70,
    ]);
    // 0.80: 550 × 208 × 1.1 = 125,840; × 0.00124 = 156.04 → 156; × 50 % = 78
    const high = quoteLrp({ ...steers, coverageLevel: 0.8 }, fixture);
    expect([high.insuredValue, high.totalPremium, high.subsidy, high.producerPremium]).toEqual([
      125840, 156, 78, 78,
    ]);
  });

  it("returns the whole offer table of the type with --all, by length then level", () => {
    const q = quoteLrp(steers, fixture, { all: true });
    expect(q.offers?.map((o) => [o.endorsementLengthWeeks, o.coverageLevel])).toEqual([
      [13, 0.9714],
      [26, 1],
      [26, 0.95],
      [26, 0.8],
      [26, 0.7999],
    ]);
    const { noSales: _, ...row } = quote;
    expect(q.offers?.[2]).toEqual(row);
  });
});

describe("the price adjustment factor and the level a quote takes (docs/market-data.md)", () => {
  // The fixture with its factor column emptied and dated in RY2024 (sales 2023-11-20), as RMA's real
  // files of RY2024 are: the factor is then inside the published values and must not be applied again
  // (./factor.ts). An RY2027 row may not leave it empty (that year publishes it apart): refused.
  const blankFactor = FIXTURE_FILES.lrpRate.text.replaceAll(/\|1\.(10|00)\|(\d{8})\|/g, "||$2|");
  const withoutFactor = importMarketFiles(
    {
      lrpRate: {
        file: "A00630_LrpRate.txt",
        text: blankFactor.replaceAll("|2027|2027|", "|2024|2024|").replaceAll("20261120", "20231120"),
      },
    },
    { label: "no factor column" },
  );
  const steersRy2024 = { ...steers, salesDate: "2023-11-20", cropYear: 2024 };

  it("applies no factor to a row that publishes none (RY2024): 550 cwt × 247.00 = 135,850.00 insured, × 0.021234 = 2,884.64 → 2,885", () => {
    const q = quoteLrp(steersRy2024, withoutFactor);
    expect([q.insuredValue, q.totalPremium]).toEqual([135850, 2885]);
  });

  it("refuses an RY2027 row that leaves the factor of a type that has one empty (the year publishes it apart)", () => {
    expect(() =>
      importMarketFiles({ lrpRate: { file: "A00630_LrpRate.txt", text: blankFactor } }, { label: "x" }),
    ).toThrow(
      /^A00630_LrpRate\.txt: line 2, column 31 \(Price Adjustment Factor\): RY2027 publishes the factor apart from the values \(.*\), yet this row leaves it empty for a type whose factor is 1\.1$/,
    );
  });

  it("applies a row's own factor once: 550 × 247.00 × 1.10 = 149,435.00", () => {
    expect(quoteLrp(steers, fixture).insuredValue).toBe(149435);
  });

  it("takes the nearest offered level at or below a level that is not offered, and says so", () => {
    const q = quoteLrp({ ...steers, coverageLevel: 0.96 }, fixture);
    expect([q.coverageLevel, q.coveragePricePerCwt, q.levelChoice]).toEqual([
      0.95,
      247,
      { requested: 0.96, offered: 0.95, rule: "nearest offered level at or below the requested level" },
    ]);
  });

  it("prices only on the sales date's prices: another day not in the snapshot is refused, never priced on its futures", () => {
    expect(() => quoteLrp({ ...steers, salesDate: "2026-11-19" }, fixture)).toThrow(
      "No prices of the sales date 2026-11-19 in the market snapshot of 2026-11-20",
    );
  });

  it("says when the sales date has no sales (a Saturday), in the quote itself", () => {
    const saturday = generateSampleSnapshot("2026-11-21");
    expect(quoteLrp({ ...steers, salesDate: "2026-11-21" }, saturday).noSales).toEqual({
      date: "2026-11-21",
      reason: "weekend: RMA publishes no offers",
    });
    expect(
      quoteLrp({ ...steers, salesDate: "2026-11-19" }, generateSampleSnapshot("2026-11-19")).noSales,
    ).toBeUndefined();
  });

  it("asks for a coverage price below every offered level", () => {
    expect(() => quoteLrp({ ...steers, coverageLevel: 0.75 }, fixture)).toThrow(
      "coverageLevel: no 26-week offer at or below coverage level 0.75 (the lowest offered is 0.7999); give a coverage price instead",
    );
  });
});

describe("LRP indicative rates", () => {
  it("models the rate from the put when the snapshot has no RMA row, and says so", () => {
    // 17 weeks is not in the fixture: end 2027-03-19, GF March 2027 259.975 → EEV 259.98, CP 246.98, σ 0.182.
    const q = quoteLrp({ ...steers, endorsementLengthWeeks: 17 }, fixture);
    expect(q.indicative).toBe(true);
    expect([q.endDate, q.expectedValuePerCwt, q.coveragePricePerCwt, q.futuresContractMonth]).toEqual([
      "2027-03-19",
      259.98,
      246.98,
      "2027-03",
    ]);
    expect(q.rate).toBe(indicativeLrpRate(259.98, 246.98, 0.182, 119));
  });
  it("uses the figures an input carries and is then not indicative", () => {
    const q = quoteLrp(
      {
        ...steers,
        endorsementLengthWeeks: 17,
        expectedEndingValue: 250,
        rate: 0.02,
        priceAdjustmentFactor: 1,
      },
      fixture,
    );
    // 550 × 237.50 × 1 = 130,625; × 0.02 = 2,612.5 → 2,613; × 35 % = 914.55 → 915
    expect([q.indicative, q.coveragePricePerCwt, q.insuredValue, q.totalPremium, q.subsidy]).toEqual([
      false,
      237.5,
      130625,
      2613,
      915,
    ]);
  });
  it("compares swine with lean hog puts on lean weight (÷ 0.74)", () => {
    const q = quoteLrp(
      { ...steers, commodity: "0815", type: "997", targetWeightCwt: 2.5, head: 500, coverageLevel: 1 },
      sample,
    );
    expect(q.cmePutStrike).toBe(Math.round(q.coveragePricePerCwt / 0.74));
  });
});

describe("LRP premium rules", () => {
  it("rounds the total premium half up (insured value 1,000 × rate 0.0025 = 2.5 → 3)", () => {
    const p = lrpPremium({
      head: 1,
      targetWeightCwt: 1,
      share: 1,
      coveragePrice: money(1000),
      priceAdjustmentFactor: money(1),
      rate: money("0.0025"),
      subsidyPercent: money(50),
    });
    expect([p.totalPremium.toString(), p.subsidy.toString(), p.producerPremium.toString()]).toEqual([
      "3",
      "2",
      "1",
    ]);
  });
  it("raises the premium with the coverage level on every length of the sample", () => {
    const offers = quoteLrp({ ...steers, cropYear: 2026 }, sample, { all: true }).offers ?? [];
    const lengths = new Set(offers.map((o) => o.endorsementLengthWeeks));
    expect(lengths.size).toBeGreaterThan(5);
    for (const weeks of lengths) {
      const row = offers
        .filter((o) => o.endorsementLengthWeeks === weeks)
        .sort((a, b) => a.coverageLevel - b.coverageLevel);
      for (let i = 1; i < row.length; i++) {
        expect(row[i].totalPremium).toBeGreaterThanOrEqual(row[i - 1].totalPremium);
        expect(row[i].rate).toBeGreaterThan(row[i - 1].rate);
      }
      expect(row.at(-1)?.totalPremium).toBeGreaterThan(row[0].totalPremium);
    }
  });
  it("shows a volatility skew in the sample's RMA-style rates", () => {
    // Rate ÷ (rate of a flat-volatility put at the at-the-money volatility) grows as the level falls.
    const rows = sample.lrpRates.filter((r) => r.typeCode === "810" && r.endorsementLengthWeeks === 26);
    const atm = rows.find((r) => r.coverageLevel === 1);
    const deep = rows.at(-1);
    expect(atm && deep && deep.coverageLevel < 0.75).toBe(true);
    if (!atm || !deep) return;
    const years = (26 * 7) / 365;
    const atmVol = (atm.rate * atm.coveragePrice) / (0.3989 * atm.expectedEndingValue * Math.sqrt(years));
    const flat = black76Put({
      forward: deep.expectedEndingValue,
      strike: deep.coveragePrice,
      volatility: atmVol,
      years,
      rate: 0,
    });
    expect(deep.rate * deep.coveragePrice).toBeGreaterThan(1.2 * flat);
  });
});

describe("LRP indemnity and scenarios", () => {
  const terms = {
    head: 100,
    targetWeightCwt: 5.5,
    share: 1,
    coveragePricePerCwt: 247,
    priceAdjustmentFactor: 1.1,
    producerPremium: 2062,
  };
  it("pays (coverage price − actual ending value) × head × weight × PAF × share, never below 0", () => {
    // (247 − 230.55) × 100 × 5.5 × 1.1 = 16.45 × 605 = 9,952.25
    expect(lrpIndemnity(terms, 230.55).toString()).toBe("9952.25");
    expect(lrpIndemnity(terms, 247).toString()).toBe("0");
    expect(lrpIndemnity(terms, 300).toString()).toBe("0");
  });
  it("runs across a range of ending values with net = indemnity − producer premium", () => {
    const rows = lrpScenarios(
      {
        head: 100,
        targetWeightCwt: 5.5,
        priceAdjustmentFactor: 1.1,
        row: { coveragePricePerCwt: 247, producerPremium: 2062 },
      },
      { from: 200, to: 300, step: 5 },
    );
    expect(rows).toHaveLength(21);
    for (const r of rows) {
      expect(r.indemnity).toBeGreaterThanOrEqual(0);
      expect(r.netResult).toBeCloseTo(r.indemnity - 2062, 8);
    }
    expect(rows.at(-1)?.netResult).toBe(-2062);
  });
});

describe("LRP validation, with the spec's messages", () => {
  it.each([
    [{ commodity: "0999" }, "Invalid commodity code: 0999"],
    [{ type: "999" }, "Invalid type code 999 for commodity 0801"],
    [{ head: 12_001 }, "Feeder Cattle max limit is 12,000"],
    [{ commodity: "0802", type: "820", targetWeightCwt: 12, head: 12_001 }, "Fed Cattle max limit is 12,000"],
    [{ commodity: "0815", type: "997", targetWeightCwt: 2, head: 70_001 }, "Swine max limit is 70,000"],
    [{ targetWeightCwt: 6 }, "targetWeightCwt: must be from 1 to 5.99 cwt for Steers <600 lbs"],
    [
      { endorsementLengthWeeks: 14 },
      "endorsementLengthWeeks: must be one of 13, 17, 21, 26, 30, 34, 39, 43, 47, 52",
    ],
    [{ coveragePrice: 200 }, "coverageLevel: give exactly one of coverageLevel and coveragePrice"],
    [
      { coverageLevel: 0.5 },
      "coverageLevel: coverage level 0.5 is outside the levels LRP subsidises (0.70 to 1.00)",
    ],
    [{ head: 10.5 }, "head: expected a whole number of head"],
    [{ salesDate: "2026-02-30" }, "salesDate: expected a date YYYY-MM-DD"],
  ])("%j → %s", (change, message) => {
    expect(() => quoteLrp({ ...steers, ...change }, fixture)).toThrow(message);
  });
  it("allows 12,000 head and 70,000 swine", () => {
    expect(quoteLrp({ ...steers, head: 12_000 }, fixture).totalPremium).toBeGreaterThan(0);
  });
});

describe("futures contract month for an end date", () => {
  it("takes the first trading month expiring on or after the end date", () => {
    expect(contractMonthOnOrAfter("GF", "2027-05-27")).toEqual({ year: 2027, month: 5 });
    expect(contractMonthOnOrAfter("GF", "2027-05-28")).toEqual({ year: 2027, month: 8 });
    expect(contractMonthOnOrAfter("LE", "2027-01-10")).toEqual({ year: 2027, month: 2 });
    expect(contractMonthOnOrAfter("HE", "2027-02-16")).toEqual({ year: 2027, month: 4 });
  });
});

describe("settled LRP outcome from RMA's actual ending values (A00620 fixture)", () => {
  it("pays from the published value and waits when there is none", () => {
    const terms = {
      head: 100,
      targetWeightCwt: 5.5,
      share: 1,
      coveragePricePerCwt: 270,
      priceAdjustmentFactor: 1.1,
      producerPremium: 2062,
    };
    // (270 − 265.12) × 100 × 5.5 × 1.1 = 4.88 × 605 = 2,952.40; net 2,952.40 − 2,062 = 890.40
    expect(settledLrpOutcome(fixture, "0801", "809", "2026-11-13", terms)).toEqual({
      actualEndingValue: 265.12,
      indemnity: 2952.4,
      producerPremium: 2062,
      netResult: 890.4,
    });
    expect(settledLrpOutcome(fixture, "0801", "809", "2026-11-20", terms)).toBeNull();
  });
});
