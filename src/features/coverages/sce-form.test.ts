import { describe, expect, it } from "vitest";
import { buildLgmSce, buildSce, SCE_FORM_DEFAULTS, sceFieldOf, withoutPath } from "./sce-form";

describe("the SCE's figures on the create forms", () => {
  it("turns the typed length and level into numbers and keeps the figures as typed", () => {
    const built = buildSce({
      ...SCE_FORM_DEFAULTS,
      weeks: "26",
      level: "94.83",
      coveragePrice: "$240.00",
      totalPremium: "5,616",
      subsidy: "1,966",
    });
    expect(built).toEqual({
      ok: true,
      endorsementLengthWeeks: 26,
      coverageLevel: 0.9483,
      figures: { coveragePrice: "$240.00", totalPremium: "5,616", subsidy: "1,966" },
    });
  });
  it("says what is missing, field by field", () => {
    expect(buildSce({ ...SCE_FORM_DEFAULTS, level: "120" })).toEqual({
      ok: false,
      errors: {
        weeks: "Choose the endorsement length printed on the SCE",
        level: "Enter the coverage level in percent, e.g. 95 or 94.83",
        coveragePrice: "Enter the coverage price per cwt",
        rate: "Enter the rate or the total premium (or both)",
        subsidy: "Enter the subsidy in dollars",
      },
    });
    expect(
      buildLgmSce({
        expectedGrossMargin: "1",
        grossMarginGuarantee: "",
        totalPremium: "",
        subsidy: "0",
        producerPremium: "",
      }),
    ).toEqual({
      ok: false,
      errors: { totalPremium: "Enter the total premium" },
    });
  });
  it("puts a refusal at its field, without the path in the sentence", () => {
    expect(sceFieldOf("sce.subsidy")).toBe("subsidy");
    expect(sceFieldOf("coverageLevel")).toBe("level");
    expect(sceFieldOf("head")).toBeNull();
    expect(withoutPath("sce.subsidy: $5 does not agree", "sce.subsidy")).toBe("$5 does not agree");
    expect(withoutPath("no path here", "")).toBe("no path here");
  });
});
