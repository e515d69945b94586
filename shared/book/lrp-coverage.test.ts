import { describe, expect, it } from "vitest";
import { lrpCoverageSchema } from "../documents/book";
import { DomainError } from "../errors";
import { generateSampleSnapshot } from "../market/sample/generate";
import { quoteLrp } from "../pricing/lrp/quote";
import { type LrpCoverageFromOfferInput, lrpCoverageFromOffer, lrpQuoteInputFor } from "./lrp-coverage";
import { samplePolicy } from "./test-fixtures";

const SALES_DATE = "2026-11-13"; // a Friday, not a Cattle on Feed report day (2026-11-20 is); its window closes Saturday 8:25 am CST (14:25 UTC)
const snapshot = generateSampleSnapshot(SALES_DATE);
const AFTER_POSTING = new Date("2026-11-13T22:00:00Z"); // 4 pm CST

const base = (over: Partial<LrpCoverageFromOfferInput> = {}): LrpCoverageFromOfferInput => ({
  snapshot,
  salesDate: SALES_DATE,
  commodity: "0801",
  type: "810",
  offer: { endorsementLengthWeeks: 26, coverageLevel: 0.9483 },
  head: 100,
  targetWeightCwt: 7.5,
  share: 1,
  profile: { farmerClassification: "Neither" },
  policy: samplePolicy(),
  existingCoverages: [],
  id: "01JCOVERAGE000000000000009",
  now: AFTER_POSTING,
  userId: "agent-1",
  ...over,
});

const refusal = (input: LrpCoverageFromOfferInput): DomainError => {
  try {
    lrpCoverageFromOffer(input);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
};

describe("lrpCoverageFromOffer", () => {
  it("freezes every figure of the chosen offer row as exact decimal text, in a valid record", () => {
    const record = lrpCoverageFromOffer(base());
    expect(lrpCoverageSchema.parse(record)).toEqual(record);
    const row = quoteLrp(lrpQuoteInputFor(base()), snapshot, { all: true }).offers?.find(
      (r) => r.endorsementLengthWeeks === 26 && r.coverageLevel === 0.9483,
    );
    expect(row).toBeDefined();
    if (!row) return;
    expect(record).toMatchObject({
      id: "01JCOVERAGE000000000000009",
      policyId: samplePolicy().id,
      plan: "lrp",
      status: "quoted",
      cropYear: 2027,
      salesDate: SALES_DATE,
      snapshotAsOf: SALES_DATE,
      snapshotLabel: "sample market data",
      commodity: "0801",
      type: "810",
      endorsementLengthWeeks: 26,
      endDate: row.endDate,
      expectedEndingValue: String(row.expectedValuePerCwt),
      coverageLevel: "0.9483",
      coveragePrice: String(row.coveragePricePerCwt),
      rate: String(row.rate),
      indicative: false,
      head: 100,
      targetWeightCwt: "7.5",
      share: "1",
      priceAdjustmentFactor: "1",
      insuredValue: String(row.insuredValue),
      totalPremium: String(row.totalPremium),
      subsidy: String(row.subsidy),
      producerPremium: String(row.producerPremium),
      createdAt: AFTER_POSTING.toISOString(),
      updatedAt: AFTER_POSTING.toISOString(),
      updatedBy: "agent-1",
    });
    // Exact: total = subsidy + producer premium, and insured value = head × weight × price × PAF.
    expect(Number(record.subsidy) + Number(record.producerPremium)).toBe(Number(record.totalPremium));
  });

  it("uses the type's PAF when the rate row carries it (steers < 600 lbs: 1.1) and a beginning farmer's year", () => {
    const record = lrpCoverageFromOffer(
      base({
        type: "809",
        targetWeightCwt: 5.5,
        offer: { endorsementLengthWeeks: 13, coverageLevel: 1 },
        profile: { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2025 },
      }),
    );
    expect(record.priceAdjustmentFactor).toBe("1.1");
    const plain = lrpCoverageFromOffer(
      base({ type: "809", targetWeightCwt: 5.5, offer: { endorsementLengthWeeks: 13, coverageLevel: 1 } }),
    );
    // Year 3 of farming in crop year 2027 (from 2025): +13 points of subsidy, so less producer premium.
    expect(Number(record.subsidy)).toBeGreaterThan(Number(plain.subsidy));
    expect(record.totalPremium).toBe(plain.totalPremium);
    expect(
      lrpQuoteInputFor(
        base({
          profile: { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2025 },
        }),
      ).beginningFarmerYear,
    ).toBe(3);
  });

  it("keeps id, createdAt and sales date when a quoted record is priced again, and counts it once", () => {
    const first = lrpCoverageFromOffer(base({ head: 12_000 }));
    const later = new Date("2026-11-14T02:00:00Z");
    const again = lrpCoverageFromOffer(
      base({ id: first.id, editing: first, head: 11_000, now: later, existingCoverages: [first] }),
    );
    expect(again.id).toBe(first.id);
    expect(again.createdAt).toBe(first.createdAt);
    expect(again.updatedAt).toBe(later.toISOString());
    expect(again.head).toBe(11_000);
    expect(refusal(base({ id: first.id, editing: { ...first, status: "accepted" } })).message).toBe(
      "status: only a quoted endorsement can be priced again; this one is accepted",
    );
  });

  it("refuses a policy that is not LRP, or not active or pending", () => {
    expect(refusal(base({ policy: samplePolicy({ plan: "lgm", providerId: "agriSompo" }) })).message).toBe(
      "policyId: policy LRP-2026-001 is an LGM policy; an LRP endorsement needs an LRP policy",
    );
    expect(refusal(base({ policy: samplePolicy({ status: "cancelled" }) })).message).toBe(
      "policyId: policy LRP-2026-001 is cancelled; endorsements are bought on an active or pending policy",
    );
    expect(() => lrpCoverageFromOffer(base({ policy: samplePolicy({ status: "pending" }) }))).not.toThrow();
  });

  it("refuses a snapshot that is not of the sales date", () => {
    const e = refusal(
      base({ snapshot: generateSampleSnapshot("2026-11-23"), now: new Date("2026-11-23T22:00:00Z") }),
    );
    expect(e.code).toBe("stale-market-data");
    expect(e.message).toBe(
      "The market snapshot is of 2026-11-23, not of the sales date 2026-11-13: an endorsement is priced only with its sales date's rates",
    );
  });

  it("refuses outside the sales window: after 8:25 am Central the next morning, or before the sales date", () => {
    expect(() => lrpCoverageFromOffer(base({ now: new Date("2026-11-14T14:24:00Z") }))).not.toThrow();
    const late = refusal(base({ now: new Date("2026-11-14T14:25:00Z") }));
    expect(late.code).toBe("stale-market-data");
    expect(late.message).toBe(
      "The sales window of 2026-11-13 is closed: its offers could be bought until Sat, Nov 14, 8:25 AM Central",
    );
    expect(refusal(base({ now: new Date("2026-11-12T22:00:00Z") })).message).toMatch(
      /sales window of 2026-11-13 is closed/,
    );
  });

  it("refuses invalid head and weight with the spec's and the engine's messages", () => {
    expect(refusal(base({ head: 13_000 }))).toMatchObject({
      code: "head-limit",
      message: "Feeder Cattle max limit is 12,000",
      path: ["head"],
    });
    expect(refusal(base({ head: 0 })).message).toBe("head: expected a whole number of head, 1 or more");
    expect(refusal(base({ head: 2.5 })).message).toBe("head: expected a whole number of head, 1 or more");
    expect(refusal(base({ targetWeightCwt: 11 })).message).toBe(
      "targetWeightCwt: must be from 6 to 10 cwt for Steers 600-1000 lbs",
    );
  });

  it("refuses an endorsement over the crop-year limit, naming the limit and the head covered", () => {
    const a = lrpCoverageFromOffer(base({ id: "a", head: 12_000 }));
    const b = lrpCoverageFromOffer(base({ id: "b", head: 12_000, existingCoverages: [a] }));
    expect(refusal(base({ id: "c", head: 1_001, existingCoverages: [a, b] }))).toMatchObject({
      code: "head-limit",
      message:
        "Crop year 2027 cattle limit is 25,000 head: 24,000 already covered, this endorsement adds 1,001",
    });
  });

  it("refuses a row the day does not offer, and an indicative (modelled) rate", () => {
    expect(refusal(base({ offer: { endorsementLengthWeeks: 26, coverageLevel: 0.81 } })).message).toBe(
      "offer: the offers of 2026-11-13 have no 26-week row at coverage level 0.81",
    );
    const noRates = { ...snapshot, lrpRates: [] };
    const e = refusal(
      base({ snapshot: noRates, offer: { endorsementLengthWeeks: 26, coverageLevel: 0.95 } }),
    );
    expect(e.message).toMatch(/indicative \(modelled\)/);
  });

  it("a record is data: a later snapshot is never an input of a stored record", () => {
    // Nothing in the book takes a stored record and a snapshot and returns figures to store: the
    // builder refuses any snapshot but the sales date's, and a record's figures are text, not formulas.
    const record = lrpCoverageFromOffer(base());
    const later = generateSampleSnapshot("2026-12-04");
    expect(() =>
      lrpCoverageFromOffer(
        base({ id: record.id, editing: record, snapshot: later, now: new Date("2026-12-04T22:00:00Z") }),
      ),
    ).toThrow(/not of the sales date/);
    for (const field of [
      "expectedEndingValue",
      "coveragePrice",
      "rate",
      "insuredValue",
      "totalPremium",
      "subsidy",
      "producerPremium",
    ] as const)
      expect(typeof record[field]).toBe("string");
  });
});
