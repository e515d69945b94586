import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import { backdatedCoverage } from "./sce-backdated";
import { figuresRefusal } from "./sce-record";
import { sampleLgmInput } from "./sce-samples";

// [SCE4] SCE1's LGM bound is in dollars (sce-bounds.ts): a gross margin is a difference of prices, so the
// true price of a day must pass against the held days around it however thin the margin, while a margin
// ten times the market's is still refused.

const NEITHER = { farmerClassification: "Neither" };
const day = generateSampleSnapshot("2026-03-12");
const priced = backdatedCoverage(sampleLgmInput(), day, null);
if (!priced.ok || priced.record.plan !== "lgm") throw new Error("the sample LGM endorsement is priced");
/** That day's own price, typed from its SCE (the day itself not held). */
const truth = { ...priced.record, figuresFrom: "sce" as const };
const against = (record: typeof truth, asOf: string) => {
  const reference = generateSampleSnapshot(asOf);
  return figuresRefusal(record, NEITHER, { day: null, reference });
};

describe("[SCE4] the LGM bounds near a held day", () => {
  it("take the sales day's own price against each held day around it", () => {
    for (const asOf of ["2026-03-09", "2026-03-11", "2026-03-13", "2026-03-16", "2026-04-15"])
      expect([asOf, against(truth, asOf)]).toEqual([asOf, null]);
  });

  it("still refuse a margin ten times the market's, at the field with the bound", () => {
    const margin = Number(truth.expectedGrossMargin) * 10;
    const tenfold = {
      ...truth,
      expectedGrossMargin: String(margin),
      grossMarginGuarantee: String(margin - 2000),
    };
    const refusal = against(tenfold, "2026-03-11");
    expect(refusal?.field).toBe("sce.expectedGrossMargin");
    expect(refusal?.message).toMatch(
      /^\$224755 is outside RMA's bounds for that type and day: -?\$\d+ to \$\d+ \(the engine's price of the same marketings and deductible on 2026-03-11 for Yearling Finishing, widened for the 1 days from 2026-03-12\)$/,
    );
  });
});
