import { describe, expect, it } from "vitest";
import type { DomainError } from "../errors";
import { getLrpType, LRP_TYPES, lrpTypesFor } from "./lrp-types";
import { RMA_CLASS_LABEL_BY_CODE } from "./rma-codes";

// [commodity, code, label, class, min, max, PAF]
const EXPECTED: [string, string, string, string, string, string, string | null][] = [
  ["0801", "809", "Steers <600 lbs", "031", "1", "5.99", "1.1"],
  ["0801", "810", "Steers 600-1000 lbs", "032", "6", "10", "1"],
  ["0801", "811", "Heifers <600", "031", "1", "5.99", "1"],
  ["0801", "812", "Heifers 600-1000", "032", "6", "10", "0.9"],
  ["0801", "813", "Brahman <600", "031", "1", "5.99", "1"],
  ["0801", "814", "Brahman 600-1000", "032", "6", "10", "1"],
  ["0801", "815", "Dairy <600", "031", "1", "5.99", "0.5"],
  ["0801", "816", "Dairy 600-1000", "032", "6", "10", "0.5"],
  ["0801", "817", "Unborn Bulls & Heifers", "033", "1", "5.99", "1.05"],
  ["0801", "818", "Unborn Brahman", "033", "1", "5.99", "1"],
  ["0801", "819", "Unborn Dairy", "033", "1", "5.99", "0.5"],
  ["0801", "823", "Unborn Calves", "033", "0.6", "0.99", null],
  ["0802", "820", "Steers & Heifers", "997", "10", "16", null],
  ["0802", "821", "Cull Cows", "997", "8", "15", null],
  ["0815", "821", "Unborn Swine", "033", "1.4", "2.6", null],
  ["0815", "997", "No Type Specified", "997", "1.4", "2.6", null],
];

describe("LRP livestock type catalogue (spec §3)", () => {
  it("holds exactly the spec's 16 types, in order, with every value", () => {
    expect(
      LRP_TYPES.map((t) => [
        t.commodityCode,
        t.code,
        t.label,
        t.classCode,
        t.targetWeightCwt.min,
        t.targetWeightCwt.max,
        t.priceAdjustmentFactor,
      ]),
    ).toEqual(EXPECTED);
  });

  it("809 is Weight 1 and 810 Weight 2 as the spec states", () => {
    expect(RMA_CLASS_LABEL_BY_CODE[getLrpType("0801", "809").classCode]).toBe("Weight 1");
    expect(RMA_CLASS_LABEL_BY_CODE[getLrpType("0801", "810").classCode]).toBe("Weight 2");
  });

  it("type 821 is looked up per commodity", () => {
    expect(getLrpType("0802", "821").label).toBe("Cull Cows");
    expect(getLrpType("0815", "821").label).toBe("Unborn Swine");
  });

  it("lists types per commodity", () => {
    expect(lrpTypesFor("0801")).toHaveLength(12);
    expect(lrpTypesFor("0802").map((t) => t.code)).toEqual(["820", "821"]);
    expect(lrpTypesFor("0815").map((t) => t.code)).toEqual(["821", "997"]);
  });

  it.each([
    ["0801", "820", "invalid-type", "Invalid type code 820 for commodity 0801"],
    ["0802", "997", "invalid-type", "Invalid type code 997 for commodity 0802"],
    ["0815", "809", "invalid-type", "Invalid type code 809 for commodity 0815"],
    ["0803", "807", "invalid-commodity", "Invalid commodity code: 0803"],
    ["9999", "809", "invalid-commodity", "Invalid commodity code: 9999"],
  ])("getLrpType(%s, %s) fails with %s", (commodity, type, code, message) => {
    let error: DomainError | undefined;
    try {
      getLrpType(commodity, type);
    } catch (e) {
      error = e as DomainError;
    }
    expect(error?.name).toBe("DomainError");
    expect(error?.code).toBe(code);
    expect(error?.message).toBe(message);
  });
});
