import { describe, expect, it } from "vitest";
import { lgmEndorsementSchema } from "../documents/book";
import { DomainError } from "../errors";
import { generateSampleSnapshot } from "../market/sample/generate";
import { quoteLgm } from "../pricing/lgm/quote";
import {
  checkLgmMarketings,
  LGM_TARGET_MARKETINGS_LIMITS,
  type LgmEndorsementFromQuoteInput,
  lgmEndorsementFromQuote,
  lgmInsurancePeriod,
  lgmQuoteInputFor,
  lgmTargetMarketingsLimit,
} from "./lgm-endorsement";
import { samplePolicy } from "./test-fixtures";

const SALES_DATE = "2026-11-20";
const snapshot = generateSampleSnapshot(SALES_DATE);
const lgmPolicy = samplePolicy({
  id: "pol-lgm",
  plan: "lgm",
  providerId: "agriSompo",
  policyNumber: "LGM-1",
});

const base = (over: Partial<LgmEndorsementFromQuoteInput> = {}): LgmEndorsementFromQuoteInput => ({
  snapshot,
  salesDate: SALES_DATE,
  commodity: "0815",
  type: "805",
  targetMarketings: [0, 0, 500, 0, 0, 500],
  deductible: 4,
  profile: { farmerClassification: "Neither" },
  policy: lgmPolicy,
  id: "01JLGM00000000000000000009",
  now: new Date("2026-11-20T22:00:00Z"),
  userId: "agent-1",
  ...over,
});

const refusal = (input: LgmEndorsementFromQuoteInput): DomainError => {
  try {
    lgmEndorsementFromQuote(input);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
};

describe("LGM insurance period and marketing rules", () => {
  it("runs the months after the sales month: 6 for swine, 11 for cattle and dairy", () => {
    expect(lgmInsurancePeriod("0815", "2026-11-20")).toEqual({
      firstMonth: "2026-12",
      lastMonth: "2027-05",
      endDate: "2027-05-31",
      months: ["2026-12", "2027-01", "2027-02", "2027-03", "2027-04", "2027-05"],
    });
    expect(lgmInsurancePeriod("0803", "2026-11-20")).toMatchObject({
      firstMonth: "2026-12",
      endDate: "2027-10-31",
    });
    expect(lgmInsurancePeriod("0847", "2027-01-31")).toMatchObject({
      firstMonth: "2027-02",
      endDate: "2027-12-31",
    });
    expect(lgmInsurancePeriod("0815", "2027-08-05").endDate).toBe("2028-02-29");
  });

  it("no marketings in the first month; swine only in months 2–6; one number per month", () => {
    expect(() => checkLgmMarketings("0815", "805", [0, 1, 1, 1, 1, 1], 2026)).not.toThrow();
    expect(() => checkLgmMarketings("0815", "805", [5, 1, 1, 1, 1, 1], 2026)).toThrow(
      "targetMarketings.0: the first month of the insurance period cannot carry marketings",
    );
    expect(() => checkLgmMarketings("0815", "805", [0, 1, 1, 1, 1, 1, 1], 2026)).toThrow(
      "targetMarketings: expected 6 numbers for Finishing, one per month of the insurance period",
    );
    expect(() => checkLgmMarketings("0803", "808", [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], 2026)).not.toThrow();
    expect(() => checkLgmMarketings("0803", "808", [0, 1, 0, 0, 0, 0], 2026)).toThrow(/expected 11 numbers/);
    expect(() => checkLgmMarketings("0815", "805", [0, 0, 0, 0, 0, 0], 2026)).toThrow(
      "targetMarketings: at least one month needs marketings",
    );
    expect(() => checkLgmMarketings("0815", "805", [0, 1.5, 0, 0, 0, 0], 2026)).toThrow(
      "targetMarketings.1: expected a whole number, 0 or more",
    );
  });

  it("has no target-marketings limit since crop year 2020 (PM-19-023), as data", () => {
    expect(LGM_TARGET_MARKETINGS_LIMITS).toEqual([
      {
        fromCropYear: 2020,
        perEndorsement: null,
        source: "RMA PM-19-023 (limits removed from crop year 2020)",
      },
    ]);
    expect(lgmTargetMarketingsLimit(2027)).toBeNull();
    expect(() => checkLgmMarketings("0815", "805", [0, 1_000_000, 0, 0, 0, 1_000_000], 2027)).not.toThrow();
  });
});

describe("lgmEndorsementFromQuote", () => {
  it("freezes the engine's figures for the quote screen's input, in a valid record", () => {
    const record = lgmEndorsementFromQuote(base());
    expect(lgmEndorsementSchema.parse(record)).toEqual(record);
    const quote = quoteLgm(lgmQuoteInputFor(base()), snapshot);
    expect(record).toMatchObject({
      plan: "lgm",
      status: "quoted",
      policyId: "pol-lgm",
      cropYear: 2027,
      salesDate: SALES_DATE,
      snapshotAsOf: SALES_DATE,
      commodity: "0815",
      type: "805",
      targetMarketings: [0, 0, 500, 0, 0, 500],
      firstMonth: "2026-12",
      endDate: "2027-05-31",
      deductible: "4",
      expectedGrossMargin: String(quote.expectedGrossMargin),
      grossMarginGuarantee: String(quote.grossMarginGuarantee),
      totalPremium: String(quote.totalPremium),
      subsidy: String(quote.subsidy),
      producerPremium: String(quote.producerPremium),
    });
    expect(record).not.toHaveProperty("weights");
  });

  it("keeps elected cattle weights and prices with them", () => {
    const input = base({
      commodity: "0803",
      type: "808",
      targetMarketings: [0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0],
      deductible: 20,
      weights: { liveCattle: 13 },
      policy: lgmPolicy,
    });
    const record = lgmEndorsementFromQuote(input);
    expect(record.weights).toEqual({ liveCattle: 13 });
    expect(record.producerPremium).toBe(String(quoteLgm(lgmQuoteInputFor(input), snapshot).producerPremium));
  });

  it("refuses an LRP policy, a closed policy, another day's snapshot and a closed window", () => {
    expect(refusal(base({ policy: samplePolicy() })).message).toBe(
      "policyId: policy LRP-2026-001 is an LRP policy; an LGM endorsement needs an LGM policy",
    );
    expect(refusal(base({ policy: { ...lgmPolicy, status: "terminated" } })).message).toMatch(
      /is terminated/,
    );
    expect(refusal(base({ snapshot: { ...snapshot, asOf: "2026-11-19" } })).code).toBe("stale-market-data");
    expect(refusal(base({ now: new Date("2026-11-21T14:25:00Z") })).message).toBe(
      "The sales window of 2026-11-20 is closed: its prices could be used until Sat, Nov 21, 8:25 AM Central",
    );
  });

  it("refuses marketings in the first month and a deductible off the spec's steps", () => {
    expect(refusal(base({ targetMarketings: [10, 0, 500, 0, 0, 500] })).path).toEqual([
      "targetMarketings",
      0,
    ]);
    expect(refusal(base({ deductible: 3 })).message).toBe(
      "deductible: must be one of 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 for Finishing",
    );
  });
});
