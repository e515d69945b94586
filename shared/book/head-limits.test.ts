import { describe, expect, it } from "vitest";
import type { Coverage } from "../documents/book";
import { checkLrpHeadLimits, cropYearHeadLimit, LRP_CROP_YEAR_HEAD_LIMITS } from "./head-limits";
import { sampleLgmEndorsement, sampleLrpCoverage } from "./test-fixtures";

const lrp = (id: string, commodity: "0801" | "0802" | "0815", head: number, over: Partial<Coverage> = {}) =>
  sampleLrpCoverage({ id, commodity, head, cropYear: 2027, ...(over as object) });

describe("per-endorsement maxima (spec §5 messages)", () => {
  it("a 13,000-head feeder cattle endorsement: 'Feeder Cattle max limit is 12,000'", () => {
    expect(checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 13_000 }, [])).toEqual({
      code: "head-limit",
      limit: "endorsement",
      message: "Feeder Cattle max limit is 12,000",
      max: 12_000,
      alreadyCovered: 0,
    });
  });
  it("fed cattle and swine, at and over the limit", () => {
    expect(checkLrpHeadLimits({ commodity: "0802", cropYear: 2027, head: 12_000 }, [])).toBeNull();
    expect(checkLrpHeadLimits({ commodity: "0802", cropYear: 2027, head: 12_001 }, [])?.message).toBe(
      "Fed Cattle max limit is 12,000",
    );
    expect(checkLrpHeadLimits({ commodity: "0815", cropYear: 2027, head: 70_000 }, [])).toBeNull();
    expect(checkLrpHeadLimits({ commodity: "0815", cropYear: 2027, head: 70_001 }, [])?.message).toBe(
      "Swine max limit is 70,000",
    );
  });
  it("an unknown commodity fails with the spec's lookup message", () => {
    expect(() => checkLrpHeadLimits({ commodity: "0999", cropYear: 2027, head: 1 }, [])).toThrow(
      "Invalid commodity code: 0999",
    );
  });
});

describe("per-crop-year maxima (RMA PM-22-029)", () => {
  it("are data with their source: 25,000 cattle (feeder and fed together), 750,000 swine", () => {
    expect(LRP_CROP_YEAR_HEAD_LIMITS.map((l) => [l.label, l.commodities, l.max, l.source])).toEqual([
      ["cattle", ["0801", "0802"], 25_000, "RMA PM-22-029"],
      ["swine", ["0815"], 750_000, "RMA PM-22-029"],
    ]);
    expect(cropYearHeadLimit("0802", 2020)?.max).toBe(25_000);
    expect(cropYearHeadLimit("0803", 2027)).toBeNull();
  });

  it("counts feeder and fed cattle together and names the limit and the head already covered", () => {
    const existing = [lrp("a", "0801", 12_000), lrp("b", "0802", 8_000)];
    expect(checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 6_000 }, existing)).toEqual({
      code: "head-limit",
      limit: "crop-year",
      message:
        "Crop year 2027 cattle limit is 25,000 head: 20,000 already covered, this endorsement adds 6,000",
      max: 25_000,
      alreadyCovered: 20_000,
    });
    expect(checkLrpHeadLimits({ commodity: "0802", cropYear: 2027, head: 5_000 }, existing)).toBeNull();
  });

  it("ignores cancelled coverages, other crop years, swine for cattle, and LGM endorsements", () => {
    const existing: Coverage[] = [
      lrp("a", "0801", 12_000),
      lrp("b", "0801", 12_000, { status: "cancelled" }),
      lrp("c", "0801", 12_000, { cropYear: 2026 }),
      lrp("d", "0815", 70_000),
      sampleLgmEndorsement({ id: "e", commodity: "0803", type: "807", cropYear: 2027 }),
    ];
    expect(checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 12_000 }, existing)).toBeNull();
    expect(
      checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 12_000 }, [
        ...existing,
        lrp("f", "0802", 1_001),
      ])?.message,
    ).toBe(
      "Crop year 2027 cattle limit is 25,000 head: 13,001 already covered, this endorsement adds 12,000",
    );
  });

  it("counts ended, claimed and paid endorsements of the crop year (they were insured that year)", () => {
    const existing = [
      lrp("a", "0801", 10_000, { status: "ended" }),
      lrp("b", "0801", 10_000, { status: "paid" }),
    ];
    expect(checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 5_001 }, existing)?.limit).toBe(
      "crop-year",
    );
  });

  it("does not count the record being edited twice", () => {
    const existing = [lrp("a", "0801", 12_000), lrp("b", "0801", 12_000)];
    expect(
      checkLrpHeadLimits({ id: "b", commodity: "0801", cropYear: 2027, head: 13_000 }, existing)?.limit,
    ).toBe("endorsement");
    expect(
      checkLrpHeadLimits({ id: "b", commodity: "0801", cropYear: 2027, head: 12_000 }, existing),
    ).toBeNull();
    expect(checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 1_001 }, existing)?.message).toBe(
      "Crop year 2027 cattle limit is 25,000 head: 24,000 already covered, this endorsement adds 1,001",
    );
  });

  it("swine: 750,000 per crop year", () => {
    const existing = Array.from({ length: 10 }, (_, i) => lrp(`s${i}`, "0815", 70_000));
    expect(checkLrpHeadLimits({ commodity: "0815", cropYear: 2027, head: 50_000 }, existing)).toBeNull();
    expect(checkLrpHeadLimits({ commodity: "0815", cropYear: 2027, head: 50_001 }, existing)?.message).toBe(
      "Crop year 2027 swine limit is 750,000 head: 700,000 already covered, this endorsement adds 50,001",
    );
  });
});
