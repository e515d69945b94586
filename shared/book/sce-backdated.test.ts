import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lgmEndorsementSchema, lrpCoverageSchema } from "../documents/book";
import { generateSampleSnapshot } from "../market/sample/generate";
import { backdatedCoverage, noSalesNow, noSalesReason, SCE_LABEL } from "./sce-backdated";
import { LRP_SCE, sampleLgmInput, sampleLrpInput } from "./sce-samples";

// docs/agent-book.md "Bought on an earlier day": an endorsement bought on an earlier day, from that day's stored snapshot or from the
// SCE's typed figures; the run's day is Wednesday 2026-11-18, noon Central.

const lrp = sampleLrpInput;
const SCE = LRP_SCE;

describe("backdatedCoverage (LRP)", () => {
  it("prices from the sales date's stored snapshot after its sales window closed, as bought", () => {
    const salesDate = "2026-11-13";
    const result = backdatedCoverage(
      lrp({ salesDate, coverageLevel: 0.9483 }),
      generateSampleSnapshot(salesDate),
      null,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.figuresFrom).toBe("snapshot");
    expect(result.record).toMatchObject({ status: "accepted", salesDate, snapshotAsOf: salesDate });
    expect(result.record.figuresFrom).toBeUndefined();
  });

  it("takes the SCE's figures when the history does not hold the day, says so, and is ended once past its end date", () => {
    const result = backdatedCoverage(lrp(), null, SCE);
    if (!result.ok) throw new Error(result.message);
    expect(result.figuresFrom).toBe("sce");
    const record = lrpCoverageSchema.parse(result.record);
    expect(record).toMatchObject({
      status: "ended",
      endDate: "2026-11-11",
      figuresFrom: "sce",
      snapshotLabel: SCE_LABEL,
      coveragePrice: "240",
      rate: "0.0312",
      insuredValue: "180000",
      totalPremium: "5616",
      subsidy: "1966",
      producerPremium: "3650",
    });
  });

  it("ignores a snapshot of another day", () => {
    const result = backdatedCoverage(lrp(), generateSampleSnapshot("2026-11-13"), SCE);
    expect(result.ok && result.figuresFrom).toBe("sce");
  });

  it("without the day's snapshot or the SCE's figures, asks for the figures", () => {
    expect(backdatedCoverage(lrp(), null, null)).toEqual({
      ok: false,
      code: "stale-market-data",
      field: "sce",
      message:
        "sce: the market history holds no RMA figures of 2026-05-13: type the coverage price, rate or premium and subsidy printed on the SCE",
    });
  });

  it("refuses a day without sales, a future day and figures that disagree, naming the field", () => {
    const weekend = backdatedCoverage(lrp({ salesDate: "2026-05-16" }), null, SCE);
    expect(weekend).toMatchObject({ ok: false, field: "salesDate" });
    expect(!weekend.ok && weekend.message).toBe(
      "salesDate: no LRP sales on 2026-05-16 (weekend); choose the sales date printed on the SCE",
    );
    expect(backdatedCoverage(lrp({ salesDate: "2026-11-19" }), null, SCE)).toMatchObject({
      ok: false,
      field: "salesDate",
    });
    expect(backdatedCoverage(lrp(), null, { ...SCE, subsidy: "2,500" })).toMatchObject({
      ok: false,
      field: "sce.subsidy",
    });
    expect(backdatedCoverage(lrp({ head: 13_000 }), null, SCE)).toMatchObject({
      ok: false,
      code: "head-limit",
      field: "head",
    });
    expect(backdatedCoverage(lrp(), null, { ...SCE, endDate: "2027-05-01" })).toMatchObject({
      ok: false,
      field: "sce.endDate",
    });
    expect(backdatedCoverage(lrp(), null, { ...SCE, extra: "1" } as never)).toMatchObject({
      ok: false,
      field: "sce",
    });
  });

  it("property: never throws on hostile input, and a refusal always names a field and says a sentence", () => {
    const hostileNumber = fc.oneof(fc.double(), fc.integer(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(
        fc.record({
          salesDate: fc.oneof(fc.string({ maxLength: 12 }), fc.constant("2026-05-13")),
          head: hostileNumber,
          targetWeightCwt: hostileNumber,
          coverageLevel: hostileNumber,
          endorsementLengthWeeks: fc.oneof(fc.constantFrom(13, 26, 52), fc.integer()),
        }),
        fc.dictionary(
          fc.constantFrom("coveragePrice", "rate", "totalPremium", "subsidy", "producerPremium", "endDate"),
          fc.string({ maxLength: 40 }),
        ),
        (over, typed) => {
          const result = backdatedCoverage(lrp(over), null, { ...SCE, ...typed });
          if (result.ok) expect(lrpCoverageSchema.safeParse(result.record).success).toBe(true);
          else {
            expect(result.message.length).toBeGreaterThan(10);
            expect(result.field === "" ? "whole" : result.field).toMatch(/^[\w.]+$/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("backdatedCoverage (LGM)", () => {
  const lgm = sampleLgmInput;

  it("records the SCE's figures checked against the deductible and the ladder", () => {
    const result = backdatedCoverage(lgm(), null, {
      expectedGrossMargin: "30,000",
      totalPremium: "4,000",
      subsidy: "920",
    });
    if (!result.ok) throw new Error(result.message);
    expect(lgmEndorsementSchema.parse(result.record)).toMatchObject({
      status: "accepted",
      endDate: "2027-02-28",
      grossMarginGuarantee: "28000",
      producerPremium: "3080",
      figuresFrom: "sce",
    });
  });

  it("refuses a deductible off the steps", () => {
    expect(
      backdatedCoverage(lgm({ deductible: 15 }), null, {
        expectedGrossMargin: "1",
        totalPremium: "1",
        subsidy: "0",
      }),
    ).toMatchObject({ ok: false, field: "deductible" });
  });
});

describe("noSalesNow", () => {
  it("names the offers' own day, or today once their window has closed on a day without sales", () => {
    // The Cattle on Feed day's own offers: no cattle sales.
    expect(noSalesNow("lrp", "0801", "2026-11-20", new Date("2026-11-20T18:00:00Z"))).toEqual({
      date: "2026-11-20",
      reason: "USDA Cattle on Feed report day",
    });
    // Saturday 1 am Central: Friday's offers can still be bought until 8:25.
    expect(noSalesNow("lrp", "0815", "2026-11-20", new Date("2026-11-21T07:00:00Z"))).toBeNull();
    // Saturday noon: Friday's window has closed and Saturday sells nothing.
    expect(noSalesNow("lrp", "0815", "2026-11-20", new Date("2026-11-21T18:00:00Z"))).toEqual({
      date: "2026-11-21",
      reason: "weekend",
    });
    // A Wednesday at noon with Tuesday's offers: the window closed, today's come this afternoon.
    expect(noSalesNow("lgm", "0803", "2026-11-17", new Date("2026-11-18T18:00:00Z"))).toBeNull();
  });
});

describe("noSalesReason", () => {
  it("names the report day, the holiday and the weekend; null on a sales day", () => {
    expect(noSalesReason("lrp", "0801", "2026-11-20")).toBe("USDA Cattle on Feed report day");
    expect(noSalesReason("lrp", "0815", "2026-11-20")).toBeNull();
    expect(noSalesReason("lgm", "0803", "2026-11-26")).toBe("exchange holiday (Thanksgiving)");
    expect(noSalesReason("lrp", "0801", "2026-11-21")).toBe("weekend");
    expect(noSalesReason("lrp", "0801", "2026-11-18")).toBeNull();
  });
});
