import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import { backdatedCoverage } from "./sce-backdated";
import { coverageFigureIssues, coverageIssues, type FigureMarkets, NO_MARKET } from "./sce-record";
import { sampleLrpInput, sampleSceRecord } from "./sce-samples";

// Rule SCE1 (docs/book-import.md "SCE figures on the server"): every write of a coverage's priced figures
// is judged by one rule where a client cannot be trusted. Where the sales day's snapshot is held the
// figures are that day's offer to the cent, whatever `figuresFrom` says; where it is not, the record says it
// is typed from the SCE and its figures agree with each other and lie within RMA's bounds near that day.

const NEITHER = { farmerClassification: "Neither" };
const lrp = sampleSceRecord("lrp");
const lgm = sampleSceRecord("lgm");
const issuesOf = (key: string, value: unknown, profile: unknown, markets: FigureMarkets = NO_MARKET) =>
  coverageFigureIssues(key, value, profile, markets);

// The sample market of the LRP sample's sales day (2026-05-13): Feeder Cattle 810, 26 weeks, EEV $315.60.
const day = generateSampleSnapshot("2026-05-13");
const held: FigureMarkets = (salesDate) =>
  salesDate === day.asOf ? { day, reference: day } : { day: null, reference: day };
const offered = day.lrpRates.find(
  (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.endorsementLengthWeeks === 26,
);
const built = backdatedCoverage(sampleLrpInput({ coverageLevel: offered?.coverageLevel ?? 1 }), day, null);
if (!built.ok) throw new Error(built.message);
const priced = built.record as unknown as Record<string, unknown>;

describe("[SCE1] coverage figures where the sales day's snapshot is held", () => {
  it("accepts the record the create form freezes from the day's offer", () => {
    expect(built.figuresFrom).toBe("snapshot");
    expect(issuesOf("cv-1", priced, NEITHER, held)).toEqual([]);
  });

  it("probe: a write deleting figuresFrom and storing coveragePrice 99999, totalPremium 1, subsidy 0 is refused at the field with the day's figure", () => {
    const { figuresFrom: _f, ...rest } = { ...lrp, coveragePrice: "99999", totalPremium: "1", subsidy: "0" };
    const issues = issuesOf("cv-1", rest, NEITHER, held);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(["coverages", "cv-1", "coverageLevel"]);
    const moved = {
      ...priced,
      coveragePrice: "99999",
      totalPremium: "1",
      subsidy: "0",
      producerPremium: "0",
    };
    delete (moved as { figuresFrom?: unknown }).figuresFrom;
    expect(issuesOf("cv-1", moved, NEITHER, held)).toEqual([
      {
        path: ["coverages", "cv-1", "coveragePrice"],
        message: `priced figures: $99999.00 is not the offer of 2026-05-13 for Steers 600-1000 lbs, 26 weeks at coverage level ${priced.coverageLevel}: the engine's figure is $${Number(priced.coveragePrice).toFixed(2)} (to the cent)`,
      },
    ]);
  });

  it("changing figuresFrom to sce does not skip the day's offer", () => {
    const issues = issuesOf("cv-1", { ...priced, figuresFrom: "sce", totalPremium: "1" }, NEITHER, held);
    expect(issues[0]?.path).toEqual(["coverages", "cv-1", "totalPremium"]);
  });

  it("property: any priced figure a client moves by a cent or more is refused at a field", () => {
    const fields = [
      "expectedEndingValue",
      "coveragePrice",
      "insuredValue",
      "totalPremium",
      "subsidy",
      "producerPremium",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.boolean(),
        fc.boolean(),
        (field, cents, up, dropFrom) => {
          const value = Number(priced[field]) + (up ? cents : -cents) / 100;
          const moved: Record<string, unknown> = { ...priced, [field]: value.toFixed(2) };
          if (dropFrom) delete moved.figuresFrom;
          else moved.figuresFrom = "sce";
          const issues = issuesOf("cv-1", moved, NEITHER, held);
          if (value < 0) return true; // the schema refuses it (its own issue)
          expect(issues).toHaveLength(1);
          expect(issues[0]?.path.slice(0, 2)).toEqual(["coverages", "cv-1"]);
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leaves a write that changes no priced field alone", () => {
    const stored = { ...priced, totalPremium: "1" };
    expect(coverageFigureIssues("cv-1", { ...stored, status: "ended" }, NEITHER, held, stored)).toEqual([]);
  });
});

describe("[SCE1] coverage figures where the sales day is not held", () => {
  it("accepts the records the create forms and the import build from the SCE", () => {
    expect(issuesOf(lrp.id, lrp, NEITHER)).toEqual([]);
    expect(issuesOf(lgm.id, lgm, NEITHER)).toEqual([]);
  });

  it("probe: a write deleting figuresFrom of a record typed from the SCE (coveragePrice 99999, totalPremium 1, subsidy 0) is refused", () => {
    const { figuresFrom: _f, ...unsaid } = {
      ...lrp,
      coveragePrice: "99999",
      totalPremium: "1",
      subsidy: "0",
    };
    expect(coverageFigureIssues("cv-1", unsaid, NEITHER, NO_MARKET, lrp)).toEqual([
      {
        path: ["coverages", "cv-1", "figuresFrom"],
        message:
          'priced figures: the market history holds no RMA LRP figures of 2026-05-13 for this endorsement, so its figures are typed from the SCE and the record must say so ("sce")',
      },
    ]);
  });

  it("probe: $3,000/cwt at a 0.1 % rate (the market about $316) is refused at the coverage price with RMA's bounds", () => {
    const input = sampleLrpInput({ salesDate: "2026-05-12", coverageLevel: 0.95 });
    const sce = { coveragePrice: "3,000", rate: "0.001", totalPremium: "2,250", subsidy: "788" };
    const typed = backdatedCoverage(input, null, sce);
    if (!typed.ok) throw new Error(typed.message);
    const issues = issuesOf("cv-1", typed.record, NEITHER, held);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(["coverages", "cv-1", "coveragePrice"]);
    expect(issues[0]?.message).toMatch(
      /^entered from the SCE: \$3000\.00 per cwt is outside RMA's bounds for that type and day: \$\d+\.\d\d to \$\d+\.\d\d per cwt at coverage level 0\.95 \(RMA's offers of 2026-05-13 for Steers 600-1000 lbs, 26 weeks/,
    );
  });

  it("refuses a rate outside RMA's rates near the day, naming the bound", () => {
    const input = sampleLrpInput({ salesDate: "2026-05-12", coverageLevel: 0.95 });
    const sce = { coveragePrice: "300", rate: "0.0001", totalPremium: "23", subsidy: "8" };
    const typed = backdatedCoverage(input, null, sce);
    if (!typed.ok) throw new Error(typed.message);
    const issues = issuesOf("cv-1", typed.record, NEITHER, held);
    expect(issues[0]?.path).toEqual(["coverages", "cv-1", "rate"]);
    expect(issues[0]?.message).toMatch(
      /^entered from the SCE: 0\.0001 is outside RMA's rates for that type and day: 0\.\d+ to 0\.\d+/,
    );
  });

  it("LGM: an expected gross margin ten times the market's near the day is refused at the field with RMA's bounds", () => {
    expect(issuesOf(lgm.id, lgm, NEITHER, held)).toEqual([]);
    const tenfold = { ...lgm, expectedGrossMargin: "300000", grossMarginGuarantee: "298000" };
    const issues = issuesOf(lgm.id, tenfold, NEITHER, held);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(["coverages", lgm.id, "expectedGrossMargin"]);
    expect(issues[0]?.message).toMatch(
      /^entered from the SCE: \$300000 is outside RMA's bounds for that type and day: -?\$\d+ to \$\d+ \(the engine's price of the same marketings and deductible on 2026-05-13 for Yearling Finishing, widened for the 62 days from 2026-03-12\)$/,
    );
  });

  it("LGM: a premium far above the market's share of the margin is refused at the total premium, naming the bound", () => {
    const dear = { ...lgm, totalPremium: "29000", subsidy: "6670", producerPremium: "22330" };
    const issues = issuesOf(lgm.id, dear, NEITHER, held);
    expect(issues[0]?.path).toEqual(["coverages", lgm.id, "totalPremium"]);
    expect(issues[0]?.message).toMatch(
      /^entered from the SCE: \$29000 is outside RMA's bounds for that type and day: \$\d+ to \$\d+ for an expected gross margin of \$22475 /,
    );
  });

  it("refuses a subsidy that disagrees, at the field, with the figures it should have", () => {
    expect(issuesOf("cv-1", { ...lrp, subsidy: "2966", producerPremium: "2650" }, NEITHER)).toEqual([
      {
        path: ["coverages", "cv-1", "subsidy"],
        message:
          "entered from the SCE: $2966 does not agree with the other figures: total premium $5616 × 35 % subsidy gives $1966",
      },
    ]);
  });

  it("checks the subsidy with the customer's farmer classification", () => {
    const beginning = { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2024 };
    expect(issuesOf("cv-1", lrp, beginning)[0]?.path).toEqual(["coverages", "cv-1", "subsidy"]);
  });

  it("refuses an insured value the figures do not give", () => {
    expect(issuesOf("cv-1", { ...lrp, insuredValue: "280000" }, NEITHER)).toEqual([
      {
        path: ["coverages", "cv-1", "insuredValue"],
        message: "entered from the SCE: $280000 is not the insured value of the SCE's figures ($180000.00)",
      },
    ]);
  });

  it("property: any premium, subsidy or guarantee a client moves by more than a dollar is refused at a field", () => {
    const lrpFields = ["totalPremium", "subsidy", "producerPremium"] as const;
    const lgmFields = ["grossMarginGuarantee", "totalPremium", "subsidy", "producerPremium"] as const;
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.nat(3),
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.boolean(),
        (isLrp, which, cents, up) => {
          const record = (isLrp ? lrp : lgm) as unknown as Record<string, string>;
          const fields = isLrp ? lrpFields : lgmFields;
          const field = fields[which % fields.length] as string;
          const delta = (up ? cents : -cents) / 100 + (up ? 1 : -1);
          const moved = { ...record, [field]: (Number(record[field]) + delta).toFixed(2) };
          const issues = issuesOf("cv-1", moved, NEITHER);
          if (Number(moved[field]) < 0 && field !== "grossMarginGuarantee") return issues.length === 1;
          expect(issues).toHaveLength(1);
          expect(issues[0]?.path.slice(0, 2)).toEqual(["coverages", "cv-1"]);
          expect(issues[0]?.message).toMatch(/^entered from the SCE: /);
          return true;
        },
      ),
    );
  });
});

describe("[SCE1] what a client can send", () => {
  it("property: whatever a client sends at coverages (any JSON, any profile, held day or not) it never throws, and says only what it refuses", () => {
    const anyRecord = fc.oneof(
      fc.anything(),
      fc.record({ ...Object.fromEntries(Object.keys(lrp).map((k) => [k, fc.anything()])) }),
      fc
        .dictionary(fc.constantFrom(...Object.keys(priced)), fc.oneof(fc.string(), fc.double(), fc.integer()))
        .map((over) => ({ ...priced, ...over })),
      fc
        .dictionary(
          fc.constantFrom(...Object.keys(lrp), "figuresFrom"),
          fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(undefined)),
        )
        .map((over) => ({ ...lrp, ...over })),
      fc
        .dictionary(fc.constantFrom(...Object.keys(lgm)), fc.oneof(fc.string(), fc.integer()))
        .map((over) => ({ ...lgm, ...over })),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), anyRecord),
        fc.anything(),
        fc.boolean(),
        (coverages, profile, isHeld) => {
          for (const issue of coverageIssues(coverages, () => profile, isHeld ? held : NO_MARKET)) {
            expect(issue.path[0]).toBe("coverages");
            expect(issue.message).toMatch(/^(entered from the SCE|priced figures): /);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
