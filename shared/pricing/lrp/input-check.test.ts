import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lrpQuoteInputSchema } from "./input";
import { checkLrpQuoteInput } from "./input-check";

// checkLrpQuoteInput is the schema's rule without zod (docs/first-visit.md): on every input it must give the
// schema's verdict, and when it accepts, the schema's output (defaults filled in, nothing else added).

/** Values that sit on each side of the schema's bounds, of the wrong type, or odd numbers. */
const EDGES = [
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  -1,
  0.5,
  1,
  1.0000001,
  2,
  2.0000001,
  1999,
  2000,
  2100,
  2101,
  2 ** 53,
  2.5,
  true,
  "",
  "1",
  [],
  {},
];
const pick = (...good: unknown[]) =>
  fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGES) },
  );

const FIELDS = {
  commodity: pick("0801", "0802", "x"),
  type: pick("809", "810"),
  endorsementLengthWeeks: pick(13, 26, 52, 13.5),
  coverageLevel: pick(undefined, 0.95, 1, 0.7),
  coveragePrice: pick(undefined, 180.25, 1),
  head: pick(1, 100, 2000, 1.5),
  targetWeightCwt: pick(5.5, 8, 0.1),
  share: pick(undefined, 1, 0.5),
  farmerClassification: pick(
    undefined,
    "Neither",
    "Beginning Farmer/Rancher",
    "Veteran Farmer/Rancher",
    "neither",
  ),
  beginningFarmerYear: pick(undefined, 1, 10, 11, 2.5),
  cropYear: pick(2026, 2027, 2000, 2100),
  salesDate: pick("2026-11-20", "2024-02-29", "2026-02-29", "2026-11-20T00:00:00Z", "20261120"),
  expectedEndingValue: pick(undefined, 240.5),
  rate: pick(undefined, 0, 0.012, 1),
  priceAdjustmentFactor: pick(undefined, 1, 2, 0.98),
};

/** An object with some of the fields (each present, absent, or present as undefined) and maybe a stranger. */
const inputs = fc
  .record(
    Object.fromEntries(Object.entries(FIELDS).map(([k, arb]) => [k, arb])) as Record<
      keyof typeof FIELDS,
      fc.Arbitrary<unknown>
    >,
    {
      requiredKeys: [
        "commodity",
        "type",
        "endorsementLengthWeeks",
        "head",
        "targetWeightCwt",
        "cropYear",
        "salesDate",
      ],
    },
  )
  .chain((input) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<unknown>(input) },
      { weight: 1, arbitrary: fc.constant<unknown>({ ...input, extra: 1 }) },
      { weight: 1, arbitrary: fc.constant<unknown>({ ...input, extra: undefined }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], "input", 3) },
    ),
  );

describe("checkLrpQuoteInput", () => {
  it("gives lrpQuoteInputSchema's verdict and output on every input", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(inputs, (input) => {
        const parsed = lrpQuoteInputSchema.safeParse(input);
        const checked = checkLrpQuoteInput(input);
        expect(checked !== undefined).toBe(parsed.success);
        if (parsed.success) {
          expect(checked).toStrictEqual(parsed.data);
          accepted++;
        } else refused++;
      }),
      { numRuns: 20_000, seed: 30 },
    );
    // Both verdicts were exercised, many times each.
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it("accepts a typical quote and fills the schema's defaults", () => {
    const input = {
      commodity: "0801",
      type: "809",
      endorsementLengthWeeks: 13,
      coverageLevel: 0.95,
      head: 100,
      targetWeightCwt: 8,
      cropYear: 2026,
      salesDate: "2026-11-20",
    };
    expect(checkLrpQuoteInput(input)).toStrictEqual({ ...input, share: 1, farmerClassification: "Neither" });
    expect(checkLrpQuoteInput({ ...input, coveragePrice: 200 })).toBeUndefined();
  });
});
