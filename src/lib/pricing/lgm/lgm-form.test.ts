import { describe, expect, it } from "vitest";
import { buildLgmInput, fieldOfPath, LGM_DEFAULTS, marketingMonths } from "./lgm-form";

describe("LGM form", () => {
  it("builds the engine input from the URL form, defaults leaving weights out", () => {
    const built = buildLgmInput(LGM_DEFAULTS, "2026-11-20");
    expect(built).toEqual({
      ok: true,
      input: {
        commodity: "0803",
        type: "808",
        salesDate: "2026-11-20",
        cropYear: 2027,
        targetMarketings: [0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0],
        deductible: 20,
        farmerClassification: "Neither",
      },
    });
  });
  it("reports text that is not a number next to its month or weight", () => {
    const built = buildLgmInput({ ...LGM_DEFAULTS, m: "0,abc,0,100", lc: "heavy" }, "2026-11-20");
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.errors["m.1"]).toBe("Enter a number of head (0 for none)");
      expect(built.errors.lc).toBe("Enter the target live cattle weight in cwt");
    }
  });
  it("maps the engine's paths to fields", () => {
    expect(fieldOfPath("invalid-input", ["targetMarketings", 0])).toBe("m.0");
    expect(fieldOfPath("invalid-input", ["weights", "corn"])).toBe("corn");
    expect(fieldOfPath("invalid-type", [])).toBe("type");
    expect(fieldOfPath("invalid-input", ["seed"])).toBeNull();
  });
  it("lists the months of the insurance period after the sales month", () => {
    expect(marketingMonths("0815", "2026-11-20")).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
    ]);
    expect(marketingMonths("0803", "2026-11-20")).toHaveLength(11);
  });
});
