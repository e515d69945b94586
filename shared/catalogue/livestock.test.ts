import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import {
  getLgmCommodity,
  getLrpCommodity,
  isLgmCommodityCode,
  isLrpCommodityCode,
  LGM_COMMODITIES,
  LGM_COMMODITY_CODE_BY_LABEL,
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITIES,
  LRP_COMMODITY_CODE_BY_LABEL,
  LRP_COMMODITY_LABEL_BY_CODE,
} from "./livestock";

describe("livestock commodity codes (spec §3)", () => {
  it("LRP commodities: Feeder Cattle 0801, Fed Cattle 0802, Swine 0815", () => {
    expect(LRP_COMMODITIES.map((c) => [c.code, c.label, c.options])).toEqual([
      ["0801", "Feeder Cattle", "CME Feeder Cattle Options"],
      ["0802", "Fed Cattle", "CME Live Cattle Options"],
      ["0815", "Swine", "CME Lean Hog Options"],
    ]);
  });

  it("LGM livestock types: Cattle 0803, Swine 0815, Dairy Cattle 0847", () => {
    expect(LGM_COMMODITIES.map((c) => [c.code, c.label])).toEqual([
      ["0803", "Cattle"],
      ["0815", "Swine"],
      ["0847", "Dairy Cattle"],
    ]);
  });

  it("two-way maps agree with the lists both ways", () => {
    expect(LRP_COMMODITY_CODE_BY_LABEL).toEqual({
      "Feeder Cattle": "0801",
      "Fed Cattle": "0802",
      Swine: "0815",
    });
    expect(LGM_COMMODITY_CODE_BY_LABEL).toEqual({ Cattle: "0803", Swine: "0815", "Dairy Cattle": "0847" });
    for (const c of LRP_COMMODITIES) {
      expect(LRP_COMMODITY_LABEL_BY_CODE[c.code]).toBe(c.label);
      expect(LRP_COMMODITY_CODE_BY_LABEL[c.label]).toBe(c.code);
    }
    for (const c of LGM_COMMODITIES) {
      expect(LGM_COMMODITY_LABEL_BY_CODE[c.code]).toBe(c.label);
      expect(LGM_COMMODITY_CODE_BY_LABEL[c.label]).toBe(c.code);
    }
  });

  it("guards and lookups", () => {
    expect(isLrpCommodityCode("0801")).toBe(true);
    expect(isLrpCommodityCode("0803")).toBe(false);
    expect(isLrpCommodityCode("toString")).toBe(false);
    expect(isLgmCommodityCode("0847")).toBe(true);
    expect(isLgmCommodityCode("0801")).toBe(false);
    expect(getLrpCommodity("0802").label).toBe("Fed Cattle");
    expect(getLgmCommodity("0847").label).toBe("Dairy Cattle");
  });

  it.each([
    ["LRP", () => getLrpCommodity("0803"), "0803"],
    ["LRP", () => getLrpCommodity(""), ""],
    ["LGM", () => getLgmCommodity("0801"), "0801"],
  ])("%s unknown commodity fails with the spec's message", (_plan, call, code) => {
    expect(call).toThrow(DomainError);
    expect(call).toThrow(`Invalid commodity code: ${code}`);
    try {
      call();
    } catch (e) {
      expect((e as DomainError).code).toBe("invalid-commodity");
      expect((e as DomainError).message).toBe(`Invalid commodity code: ${code}`);
    }
  });
});
