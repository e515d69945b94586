import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sceIssues, sceRecordIssues } from "./sce-record";
import { sampleSceRecord } from "./sce-samples";

// docs/book-import.md "SCE figures on the server": a stored endorsement entered from the SCE is checked
// again with the one rule (sce-figures.ts) where a client cannot be trusted. A record the forms or the
// import build passes; any figure a client changes by more than a dollar is refused at that field; anything
// else a client can send never throws.

const NEITHER = { farmerClassification: "Neither" };
const lrp = sampleSceRecord("lrp");
const lgm = sampleSceRecord("lgm");

describe("sceRecordIssues", () => {
  it("accepts the records the create forms and the import build, and leaves other records alone", () => {
    expect(sceRecordIssues(lrp.id, lrp, NEITHER)).toEqual([]);
    expect(sceRecordIssues(lgm.id, lgm, NEITHER)).toEqual([]);
    const { figuresFrom: _f, ...fromSnapshot } = { ...lrp, subsidy: "1" };
    expect(sceRecordIssues(lrp.id, fromSnapshot, NEITHER)).toEqual([]);
  });

  it("refuses a subsidy that disagrees, at the field, with the figures it should have", () => {
    expect(sceRecordIssues("cv-1", { ...lrp, subsidy: "2966", producerPremium: "2650" }, NEITHER)).toEqual([
      {
        path: ["coverages", "cv-1", "subsidy"],
        message:
          "entered from the SCE: $2966 does not agree with the other figures: total premium $5616 × 35 % subsidy gives $1966",
      },
    ]);
  });

  it("checks the subsidy with the customer's farmer classification", () => {
    const beginning = { farmerClassification: "Beginning Farmer/Rancher", farmingSinceYear: 2024 };
    expect(sceRecordIssues("cv-1", lrp, beginning)[0]?.path).toEqual(["coverages", "cv-1", "subsidy"]);
  });

  it("refuses an insured value the figures do not give", () => {
    expect(sceRecordIssues("cv-1", { ...lrp, insuredValue: "280000" }, NEITHER)).toEqual([
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
          const issues = sceRecordIssues("cv-1", moved, NEITHER);
          if (Number(moved[field]) < 0 && field !== "grossMarginGuarantee") return issues.length === 1;
          expect(issues).toHaveLength(1);
          expect(issues[0]?.path.slice(0, 2)).toEqual(["coverages", "cv-1"]);
          expect(issues[0]?.message).toMatch(/^entered from the SCE: /);
          return true;
        },
      ),
    );
  });

  it("property: whatever a client sends at coverages (any JSON, any profile) it never throws, and says only what it refuses", () => {
    const anyRecord = fc.oneof(
      fc.anything(),
      fc.record({ ...Object.fromEntries(Object.keys(lrp).map((k) => [k, fc.anything()])) }),
      fc
        .dictionary(fc.constantFrom(...Object.keys(lrp)), fc.oneof(fc.string(), fc.double(), fc.integer()))
        .map((over) => ({ ...lrp, ...over })),
      fc
        .dictionary(fc.constantFrom(...Object.keys(lgm)), fc.oneof(fc.string(), fc.integer()))
        .map((over) => ({ ...lgm, ...over })),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), anyRecord), fc.anything(), (coverages, profile) => {
        for (const issue of sceIssues(coverages, () => profile)) {
          expect(issue.path[0]).toBe("coverages");
          expect(issue.message).toMatch(/^entered from the SCE: /);
        }
      }),
    );
  });
});
