import { describe, expect, it } from "vitest";
import type { DomainError } from "../errors";
import {
  getLgmType,
  LGM_INPUT_LABELS,
  LGM_TYPE_CODE_BY_LABEL,
  LGM_TYPE_LABEL_BY_CODE,
  LGM_TYPES,
  lgmTypesFor,
} from "./lgm-types";

describe("LGM types (spec §3 'LGM type codes', §9 'LGM default target weights')", () => {
  it("type codes, names, labels, commodities", () => {
    expect(LGM_TYPES.map((t) => [t.commodityCode, t.code, t.label, t.typeLabel, t.market])).toEqual([
      ["0815", "804", "Farrow to Finish", "Farrow to Finish", "lean hogs"],
      ["0815", "805", "Finishing", "Finishing Operation", undefined],
      ["0815", "806", "SEW Pig Finishing", "SEW Operation", undefined],
      ["0803", "807", "Calf Finishing", "Calf Finishing", "live cattle"],
      ["0803", "808", "Yearling Finishing", "Yearling Finishing", undefined],
      ["0847", "997", "No Type Specified", "No Type Specified", "Class III milk"],
    ]);
  });

  it("target-weight labels", () => {
    expect(LGM_INPUT_LABELS).toEqual({
      liveCattle: "Target Live Cattle Weight",
      feederCattle: "Target Feeder Cattle Weight",
      corn: "Target Corn Weight",
      leanHog: "Target Lean Hog Weight",
      soybeanMeal: "Target Soybean Meal Weight",
      classIIIMilk: "Class III Milk",
    });
  });

  const rows = (code: string) =>
    getLgmType(code === "997" ? "0847" : code < "807" ? "0815" : "0803", code).inputs.map((i) => [
      i.commodity,
      i.unit,
      i.min,
      i.max,
      i.default,
    ]);

  it("cattle defaults and ranges", () => {
    expect(rows("807")).toEqual([
      ["liveCattle", "cwt", "11", "13", "11.5"],
      ["feederCattle", "cwt", "4", "6", "5.5"],
      ["corn", "bu", "50", "75", "52"],
    ]);
    expect(rows("808")).toEqual([
      ["liveCattle", "cwt", "12", "15", "12.5"],
      ["feederCattle", "cwt", "6", "9", "7.5"],
      ["corn", "bu", "50", "85", "50"],
    ]);
  });

  it("swine defaults: lean hog, soybean meal (short ton), corn (bu)", () => {
    expect(rows("804")).toEqual([
      ["leanHog", "cwt", undefined, undefined, "2.6"],
      ["soybeanMeal", "ton", undefined, undefined, "0.069275"],
      ["corn", "bu", undefined, undefined, "12"],
    ]);
    expect(rows("805")).toEqual([
      ["leanHog", "cwt", undefined, undefined, "2.6"],
      ["soybeanMeal", "ton", undefined, undefined, "0.041"],
      ["corn", "bu", undefined, undefined, "9"],
    ]);
    expect(rows("806")).toEqual([
      ["leanHog", "cwt", undefined, undefined, "2.6"],
      ["soybeanMeal", "ton", undefined, undefined, "0.0455"],
      ["corn", "bu", undefined, undefined, "9.05"],
    ]);
  });

  it("dairy: milk per cwt of milk, no default feed equivalents (spec gives none)", () => {
    expect(rows("997")).toEqual([
      ["classIIIMilk", "cwt", undefined, undefined, "1"],
      ["corn", "bu", undefined, undefined, null],
      ["soybeanMeal", "ton", undefined, undefined, null],
    ]);
  });

  it("types per commodity", () => {
    expect(lgmTypesFor("0803").map((t) => t.code)).toEqual(["807", "808"]);
    expect(lgmTypesFor("0815").map((t) => t.code)).toEqual(["804", "805", "806"]);
    expect(lgmTypesFor("0847").map((t) => t.code)).toEqual(["997"]);
  });

  it.each([
    ["0803", "804", "invalid-type", "Invalid type code 804 for commodity 0803"],
    ["0815", "997", "invalid-type", "Invalid type code 997 for commodity 0815"],
    ["0801", "809", "invalid-commodity", "Invalid commodity code: 0801"],
  ])("getLgmType(%s, %s) fails with %s", (commodity, type, code, message) => {
    let error: DomainError | undefined;
    try {
      getLgmType(commodity, type);
    } catch (e) {
      error = e as DomainError;
    }
    expect(error?.code).toBe(code);
    expect(error?.message).toBe(message);
  });
});

describe("LGM type two-way maps", () => {
  it("code ↔ name", () => {
    expect(LGM_TYPE_LABEL_BY_CODE).toEqual({
      "804": "Farrow to Finish",
      "805": "Finishing",
      "806": "SEW Pig Finishing",
      "807": "Calf Finishing",
      "808": "Yearling Finishing",
      "997": "No Type Specified",
    });
    for (const [code, label] of Object.entries(LGM_TYPE_LABEL_BY_CODE))
      expect(LGM_TYPE_CODE_BY_LABEL[label]).toBe(code);
  });
});
