import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { marketSnapshotSchema } from "../shared/market/snapshot";
import { checkMarketSnapshot } from "./snapshot-check";

// checkMarketSnapshot is the snapshot schema's rule without zod (docs/first-visit.md): on every snapshot it must
// give marketSnapshotSchema's verdict, and when it accepts, the schema's output (unknown keys dropped).

const EDGES = [
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  0,
  -1,
  1.5,
  2 ** 53,
  true,
  "",
  "1",
  [],
  {},
];
/** Mostly a valid value; now and then one the schema refuses (its own near misses, or any odd value). */
const pick = (good: unknown[], bad: unknown[] = []) =>
  fc.oneof(
    { weight: 60, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fc.constantFrom(...bad, ...EDGES) },
  );
const CODES4 = pick(["0801", "0802"], ["801", "08011", "0801\n", "０８０１"]);
const CODES3 = pick(["809", "810"], ["80", "8099"]);
const DATES = ["2026-11-20", "2024-02-29"];
const BAD_DATES = ["2026-02-29", "2026-1-20"];
const MONTHS = ["2026-12", "2027-01"];
const BAD_MONTHS = ["2026-13", "2026-00", "2026-1"];

/** An object with the given fields (optional ones present, absent or undefined) and maybe a stranger. */
const row = (fields: Record<string, fc.Arbitrary<unknown>>, requiredKeys: string[]) =>
  fc
    .record(fields, { requiredKeys })
    .chain((r) =>
      fc.oneof(
        { weight: 40, arbitrary: fc.constant<unknown>(r) },
        { weight: 4, arbitrary: fc.constant<unknown>({ ...r, note: "kept out" }) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], "row") },
      ),
    );
const list = (item: fc.Arbitrary<unknown>, maxLength = 3) =>
  fc.oneof(
    { weight: 30, arbitrary: fc.array(item, { maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGES) },
  );

const futures = row(
  {
    root: pick(["GF", "LE", "HE", "ZC", "ZM", "DL"], ["XX"]),
    contractMonth: pick(MONTHS, BAD_MONTHS),
    settle: pick([180.5, 1], [0]),
    impliedVolatility: pick([undefined, 0.18, 5], [5.01]),
  },
  ["root", "contractMonth", "settle"],
);
const lrpRate = row(
  {
    cropYear: pick([2026, 2027], [2026.5]),
    commodityCode: CODES4,
    typeCode: CODES3,
    salesEffectiveDate: pick(DATES, BAD_DATES),
    endDate: pick(DATES, BAD_DATES),
    endorsementLengthWeeks: pick([13, 52], [0, 13.5]),
    coverageLevel: pick([0.95, 1], [1.01]),
    coveragePrice: pick([240.12], [0]),
    expectedEndingValue: pick([250], [0]),
    rate: pick([0.01, 0], [-0.01]),
    costPerCwt: pick([1.2, 0], [-1]),
    priceAdjustmentFactor: pick([undefined, 1], [0]),
  },
  [
    "cropYear",
    "commodityCode",
    "typeCode",
    "salesEffectiveDate",
    "endDate",
    "endorsementLengthWeeks",
    "coverageLevel",
    "coveragePrice",
    "expectedEndingValue",
    "rate",
    "costPerCwt",
  ],
);
const actual = row(
  {
    commodityCode: CODES4,
    typeCode: CODES3,
    endDate: pick(DATES, BAD_DATES),
    actualEndingValue: pick([250, 0], [-1]),
  },
  ["commodityCode", "typeCode", "endDate", "actualEndingValue"],
);
// A margin set's lists mostly one entry per marketing month, now and then one short or long.
const lengthOf = (n: number) =>
  fc.oneof({ weight: 20, arbitrary: fc.constant(n) }, { weight: 1, arbitrary: fc.nat(3) });
const margins = (n: number) =>
  lengthOf(n).chain((k) => fc.array(pick([10.5, -3, 0]), { minLength: k, maxLength: k }));
const lgm = fc.nat(3).chain((n) =>
  row(
    {
      commodityCode: CODES4,
      typeCode: CODES3,
      stateCode: pick([undefined, "19"], ["9", "190"]),
      salesEffectiveDate: pick(DATES, BAD_DATES),
      marketingMonths: fc.array(pick(MONTHS, BAD_MONTHS), { minLength: n, maxLength: n }),
      expectedGrossMargins: margins(n),
      draws: fc.option(fc.array(margins(n), { maxLength: 3 }), { nil: undefined }),
    },
    ["commodityCode", "typeCode", "salesEffectiveDate", "marketingMonths", "expectedGrossMargins"],
  ),
);
const source = row(
  {
    part: pick(["lrpRates", "lrpActualEndingValues", "lgm", "futures"], ["other"]),
    name: pick(["RMA A00630_LrpRate", "x".repeat(200)], ["", "x".repeat(201)]),
    date: pick([undefined, ...DATES], BAD_DATES),
    url: pick([undefined, "", "https://example.org/a"], ["u".repeat(2001)]),
    fetchedAt: pick([undefined, "2026-11-27T05:00:00Z"], ["t".repeat(41)]),
  },
  ["part", "name"],
);
const snapshots = row(
  {
    label: pick(["sample market data", "RMA 2026-11-20"], [""]),
    source: pick(["sample", "rma", "imported"], ["cme"]),
    asOf: pick(DATES, BAD_DATES),
    riskFreeRate: pick([0.04, -0.05, 0.5], [0.51, -0.06]),
    futures: list(futures),
    lrpRates: list(lrpRate),
    lrpActualEndingValues: list(actual),
    lgm: list(lgm),
    sources: fc.option(list(source), { nil: undefined }),
  },
  ["label", "source", "asOf", "riskFreeRate", "futures", "lrpRates", "lrpActualEndingValues", "lgm"],
);

describe("checkMarketSnapshot", () => {
  it("gives marketSnapshotSchema's verdict and output on every snapshot", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(snapshots, (snapshot) => {
        const parsed = marketSnapshotSchema.safeParse(snapshot);
        const checked = checkMarketSnapshot(snapshot);
        expect(checked !== undefined).toBe(parsed.success);
        if (parsed.success) {
          expect(checked).toStrictEqual(parsed.data);
          accepted++;
        } else refused++;
      }),
      { numRuns: 10_000, seed: 30 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it("accepts the sample snapshot as the schema parses it", () => {
    const sample = generateSampleSnapshot("2026-11-20");
    expect(checkMarketSnapshot(sample)).toStrictEqual(marketSnapshotSchema.parse(sample));
  });
});
