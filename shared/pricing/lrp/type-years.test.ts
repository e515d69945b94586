import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../market/sample/generate";
import { quoteLrp } from "./quote";

// LRP types by the crop year they exist in (./type-years.ts, DOMAIN.md "Program changes 2023–2027").

const market = generateSampleSnapshot("2026-11-19");
const base = {
  head: 10,
  cropYear: 2027,
  salesDate: "2026-11-19",
  coverageLevel: 0.95,
  endorsementLengthWeeks: 13,
};
const quote = (input: Record<string, unknown>) => () => quoteLrp({ ...base, ...input }, market);

describe("LRP types by crop year", () => {
  it("offers Unborn Calves (823) from crop year 2026 only", () => {
    expect(quote({ commodity: "0801", type: "823", targetWeightCwt: 0.8, cropYear: 2025 })).toThrow(
      "type: Unborn Calves (823) is offered from crop year 2026, not in 2025",
    );
    expect(quote({ commodity: "0801", type: "823", targetWeightCwt: 0.8 })).not.toThrow();
  });

  it("offers dairy cull cows (fed 821) from 2026, on 13-week endorsements only", () => {
    expect(quote({ commodity: "0802", type: "821", targetWeightCwt: 12, cropYear: 2025 })).toThrow(
      "type: Cull Cows (821) is offered from crop year 2026",
    );
    expect(
      quote({ commodity: "0802", type: "821", targetWeightCwt: 12, endorsementLengthWeeks: 26 }),
    ).toThrow("endorsementLengthWeeks: must be one of 13");
    expect(
      quoteLrp({ ...base, commodity: "0802", type: "821", targetWeightCwt: 12 }, market, {
        all: true,
      }).offers?.every((o) => o.endorsementLengthWeeks === 13),
    ).toBe(true);
  });

  it("insures Unborn Bulls & Heifers to 9 cwt and fed steers and heifers to 18 cwt from crop year 2027", () => {
    expect(quote({ commodity: "0801", type: "817", targetWeightCwt: 8, cropYear: 2026 })).toThrow(
      "targetWeightCwt: must be from 1 to 5.99 cwt for Unborn Bulls & Heifers",
    );
    expect(quote({ commodity: "0801", type: "817", targetWeightCwt: 8 })).not.toThrow();
    expect(quote({ commodity: "0802", type: "820", targetWeightCwt: 17, cropYear: 2026 })).toThrow(
      "targetWeightCwt: must be from 10 to 16 cwt for Steers & Heifers",
    );
    expect(quote({ commodity: "0802", type: "820", targetWeightCwt: 17 })).not.toThrow();
  });
});
