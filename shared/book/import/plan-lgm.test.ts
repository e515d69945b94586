import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToBook } from "../../../tests/fixtures/import/apply-json";
import { LGM_HEADERS, lgmRow } from "../../../tests/fixtures/import/book-rows";
import { importContext, planRows } from "../../../tests/fixtures/import/plan-rows";
import { lgmSubsidyPercent } from "../../pricing/subsidy/lgm-subsidy";
import { guessMapping } from "./mapping";
import { planHeldCompletion } from "./plan-held";
import type { ExistingCustomer, ImportContext } from "./types";

const plan = (
  rows: string[][],
  headers: readonly string[] = LGM_HEADERS,
  book: ExistingCustomer[] = [],
  over: Partial<ImportContext> = {},
) => planRows("lgm.csv", headers, rows, book, over);
const column = (name: string) => (LGM_HEADERS as readonly string[]).indexOf(name);
const coverageOf = (writes: ReturnType<typeof plan>["writes"]) =>
  writes.flatMap((w) => w.entries).find((e) => e.section === "coverages")?.value as
    | Record<string, unknown>
    | undefined;

describe("planImport: LGM endorsements", () => {
  it("guesses the month columns from their headers", () => {
    const { columns } = guessMapping([
      "Jan Marketings",
      "Marketings Feb",
      "March",
      "Month 1",
      "EGM",
      "Deductible",
    ]);
    expect(columns).toEqual({
      "Jan Marketings": "marketingsJan",
      "Marketings Feb": "marketingsFeb",
      March: "marketingsMar",
      "Month 1": "marketingsMonth1",
      EGM: "expectedGrossMargin",
      Deductible: "deductible",
    });
  });

  it("imports a row with its marketings by calendar month, as the LGM form records it", () => {
    const { report, writes } = plan([lgmRow()]);
    expect(report.refused).toEqual([]);
    expect(report.counts.coverage.create).toBe(1);
    expect(report.counts.policy.create).toBe(1);
    expect(coverageOf(writes)).toMatchObject({
      plan: "lgm",
      commodity: "0803",
      type: "808",
      salesDate: "2026-03-12",
      firstMonth: "2026-04",
      endDate: "2027-02-28",
      targetMarketings: [0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0],
      deductible: "20",
      grossMarginGuarantee: "28000",
      producerPremium: "3080",
      figuresFrom: "sce",
      status: "accepted",
      importId: "IMPORT1",
    });
  });

  it("reads the marketings by month of the insurance period (Month 1 = the month after the sales month)", () => {
    const headers = [...LGM_HEADERS.filter((h) => !h.endsWith("Marketings")), "Month 4", "Month 7"];
    const row = lgmRow().filter((_, i) => !(LGM_HEADERS[i] as string).endsWith("Marketings"));
    // Codes instead of labels: plan 82, commodity 803, type 808.
    row[headers.indexOf("Plan")] = "82";
    row[headers.indexOf("Commodity")] = "803";
    row[headers.indexOf("Type")] = "808";
    const { report, writes } = plan([[...row, "50", "50"]], headers);
    expect(report.refused).toEqual([]);
    expect(coverageOf(writes)?.targetMarketings).toEqual([0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0]);
  });

  it("merges one row per marketing month (Marketing Month + Head) by policy, type and sales date", () => {
    const keep = LGM_HEADERS.filter((h) => !h.endsWith("Marketings"));
    const headers = [...keep, "Marketing Month", "Head"];
    const base = lgmRow().filter((_, i) => !(LGM_HEADERS[i] as string).endsWith("Marketings"));
    const rows = [
      [...base, "Jul 2026", "50"],
      [...base, "2026-10", "50"],
    ];
    const { report, writes } = plan(rows, headers);
    expect(report.refused).toEqual([]);
    expect(report.rows).toMatchObject({ total: 2, written: 2, refused: 0 });
    expect(report.counts.coverage.create).toBe(1);
    expect(coverageOf(writes)?.targetMarketings).toEqual([0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0]);
    const again = plan(rows, headers, applyToBook([], writes), { importId: "IMPORT2" });
    expect(again.report.rows).toMatchObject({ total: 2, unchanged: 2 });
    expect(again.writes).toEqual([]);
  });

  it("refuses a month-rows endorsement whole when one month is unreadable, each row at its line", () => {
    const keep = LGM_HEADERS.filter((h) => !h.endsWith("Marketings"));
    const headers = [...keep, "Marketing Month", "Head"];
    const base = lgmRow().filter((_, i) => !(LGM_HEADERS[i] as string).endsWith("Marketings"));
    const { report, writes } = plan(
      [
        [...base, "July", "50"],
        [...base, "Octember", "50"],
      ],
      headers,
    );
    expect(report.refused.map((p) => p.message)).toEqual([
      "row 2: refused with the other months of the same endorsement (row 3)",
      'row 3, Marketing Month: "Octember" is not a month: write it as Jul, July, 7 or 2026-07',
    ]);
    expect(report.rows.refused).toBe(2);
    expect(writes).toEqual([]);
  });

  it("[property] month rows: any months and heads, every row accounted for and each refused row named at its line", () => {
    const keep = LGM_HEADERS.filter((h) => !h.endsWith("Marketings"));
    const headers = [...keep, "Marketing Month", "Head"];
    const base = lgmRow().filter((_, i) => !(LGM_HEADERS[i] as string).endsWith("Marketings"));
    const monthText = fc.oneof(
      fc.constantFrom("Jul", "October", "2026-05", "11/2026", "Apr 2026", "13", "0", "", "Sept", "Feb"),
      fc.string({ maxLength: 8 }),
    );
    const headText = fc.oneof(
      fc.constantFrom("50", "0", "-1", "", "1,000", "x"),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(monthText, headText), { minLength: 1, maxLength: 6 }), (months) => {
        const { report } = plan(
          months.map(([m, h]) => [...base, m, h]),
          headers,
        );
        expect(report.outcomes).toHaveLength(months.length);
        expect(report.rows.total).toBe(months.length);
        for (const o of report.outcomes.filter((x) => x.outcome === "refused"))
          expect(report.refused.some((p) => p.line === o.line)).toBe(true);
        expect(report.counts.coverage.create).toBeLessThanOrEqual(1);
      }),
      { numRuns: 80, seed: 27 },
    );
  });

  it("importing the same file twice writes nothing", () => {
    const rows = [lgmRow(0), lgmRow(1)];
    const first = plan(rows);
    const book = applyToBook([], first.writes);
    const second = plan(rows, LGM_HEADERS, book, { importId: "IMPORT2" });
    expect(second.report.counts.coverage).toEqual({ create: 0, update: 0, unchanged: 2 });
    expect(second.writes).toEqual([]);
  });

  it("refuses marketings outside the insurance period, at their column", () => {
    const row = lgmRow();
    row[column("Mar Marketings")] = "10";
    expect(plan([row]).report.refused.map((p) => p.message)).toEqual([
      "row 2, Mar Marketings: March 2027 is not in the insurance period of an endorsement sold on 2026-03-12 (April 2026 to February 2027)",
    ]);
  });

  it("refuses marketings in the first month, at that month's column", () => {
    const row = lgmRow();
    row[column("Apr Marketings")] = "10";
    expect(plan([row]).report.refused.map((p) => p.message)).toEqual([
      "row 2, Apr Marketings: the first month of the insurance period cannot carry marketings",
    ]);
  });

  it("refuses SCE figures that do not agree, at the subsidy's column", () => {
    const row = lgmRow();
    row[column("Subsidy")] = "900";
    const [problem] = plan([row]).report.refused;
    expect(problem).toMatchObject({ line: 2, column: "Subsidy", field: "subsidy" });
  });

  it("[HOLD1] refuses a deductible off the steps; holds a row without its deductible as needs details", () => {
    const off = lgmRow();
    off[column("Deductible")] = "15";
    expect(plan([off]).report.refused.map((p) => p.message)).toEqual([
      "row 2, Deductible: Yearling Finishing deductibles are 0 to 150 in steps of 10",
    ]);
    const none = lgmRow();
    none[column("Deductible")] = "";
    const held = plan([none]).report;
    expect(held.refused).toEqual([]);
    expect(held.rows.held).toBe(1);
    expect(held.held.map((h) => h.missing)).toEqual([["deductible"]]);
  });

  it("[HOLD2] holds a row without month columns as needs details (the months' target marketings), completed with them as one list", () => {
    const headers = [...LGM_HEADERS.filter((h) => !h.endsWith("Marketings")), "Head"];
    const row = lgmRow().filter((_, i) => !(LGM_HEADERS[i] as string).endsWith("Marketings"));
    const first = plan([[...row, "100"]], headers);
    expect(first.report.refused).toEqual([]);
    expect(first.report.rows.held).toBe(1);
    expect(first.report.counts.customer.create).toBe(1);
    expect(first.report.counts.policy.create).toBe(1);
    expect(first.report.held.map((h) => h.message)).toEqual([
      'row 2: the endorsement is kept as "needs details" until you give target marketings by month; its customer, entity and policy are imported',
    ]);
    const book = applyToBook([], first.writes);
    const held = first.report.held.map((h) => ({ customerId: h.customerId, heldId: h.heldId }));
    const complete = (months: string) =>
      planHeldCompletion({
        book,
        completion: { held, values: { marketingsByMonth: months } },
        context: importContext("Needs details", { importId: "DONE1" }),
      });
    // The period of a cattle endorsement sold 2026-03-12 has 11 months (April 2026 to February 2027).
    expect(complete("0 0 0 50 0 0 50 0 0 0 0 10").report.refused.map((p) => p.message)).toEqual([
      "row 2, Target marketings by month: 12 months given: the insurance period has 11 (April 2026 to February 2027); give one number of head per month, such as 0; 100; 100",
    ]);
    expect(complete("0; 0; x").report.refused.map((p) => p.message)).toEqual([
      expect.stringMatching(/^row 2, Target marketings by month: month 3: /),
    ]);
    const done = complete("0; 0; 0; 50; 0; 0; 50");
    expect(done.report.refused).toEqual([]);
    expect(done.report.rows.written).toBe(1);
    expect(coverageOf(done.writes)).toMatchObject({
      plan: "lgm",
      targetMarketings: [0, 0, 0, 50, 0, 0, 50, 0, 0, 0, 0],
      importId: "DONE1",
    });
  });

  it("[property] any month's cell that is not a whole number is refused at its column, nothing written", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 11 }),
        fc.string({ maxLength: 12 }).filter((s) => s.trim() !== "" && !/^\s*[\d,]+(\.0+)?\s*$/.test(s)),
        (month, text) => {
          const row = lgmRow();
          const header = LGM_HEADERS[column("Jan Marketings") + month] as string;
          row[column(header)] = text;
          const { report, writes } = plan([row]);
          expect(report.refused).toHaveLength(1);
          expect(report.refused[0]?.column).toBe(header);
          expect(writes).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 27 },
    );
  });

  it("[property] the marketings land in the period's months whatever the split, and re-import writes nothing", () => {
    fc.assert(
      fc.property(
        // Marketings in two months or more: the fixture's subsidy (23 %) is the ladder's for those.
        fc
          .array(fc.integer({ min: 0, max: 500 }), { minLength: 10, maxLength: 10 })
          .filter((heads) => heads.filter((h) => h > 0).length >= 2),
        (heads) => {
          // Cattle sold 2026-03-12: May 2026 … Feb 2027 may carry marketings (April, the first, may not).
          const months = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1]; // column index of May … Feb
          const row = lgmRow();
          for (let i = 0; i < 12; i++) row[column("Jan Marketings") + i] = "";
          months.forEach((m, i) => {
            row[column("Jan Marketings") + m] = String(heads[i]);
          });
          const { report, writes } = plan([row]);
          expect(report.refused).toEqual([]);
          expect(coverageOf(writes)?.targetMarketings).toEqual([0, ...heads]);
          const again = plan([row], LGM_HEADERS, applyToBook([], writes), { importId: "IMPORT2" });
          expect(again.writes).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 27 },
    );
  });

  describe("elected weights, the End Date column and swine without a Plan column", () => {
    const extra = [
      "Live Cattle Target Weight",
      "Feeder Cattle Target Weight",
      "Corn Target Weight",
      "End Date",
    ];
    const withExtra = (cells: string[]) => plan([[...lgmRow(), ...cells]], [...LGM_HEADERS, ...extra]);

    it("imports cattle's elected target weights and takes the End Date the SCE prints (the period's end)", () => {
      const { report, writes } = withExtra(["13", "7", "60", "2027-02-28"]);
      expect(report.refused).toEqual([]);
      expect(coverageOf(writes)).toMatchObject({
        weights: { liveCattle: 13, feederCattle: 7, corn: 60 },
        endDate: "2027-02-28",
      });
    });

    it("refuses a weight outside the type's range and an End Date that is not the period's, at their columns", () => {
      expect(withExtra(["20", "7", "60", ""]).report.refused.map((r) => r.message)).toEqual([
        "row 2, Live Cattle Target Weight: Target Live Cattle Weight must be from 12 to 15 cwt for Yearling Finishing",
      ]);
      expect(withExtra(["", "", "", "2027-01-31"]).report.refused.map((r) => r.message)).toEqual([
        "row 2, End Date: 2027-01-31 is not the end of the insurance period of an LGM endorsement sold on 2026-03-12 (2027-02-28)",
      ]);
    });

    it("reads an AIP's swine LGM export without a Plan column as LGM (an LGM type, month columns)", () => {
      const headers = LGM_HEADERS.filter((h) => h !== "Plan");
      const row = lgmRow().filter((_, i) => LGM_HEADERS[i] !== "Plan");
      row[headers.indexOf("Commodity")] = "Swine";
      row[headers.indexOf("Type")] = "Farrow to Finish";
      row[headers.indexOf("Deductible")] = "0";
      // Sold 2026-03-12: the period is April to September 2026; 200 head in July and 200 in August.
      for (const month of [
        "Jan",
        "Feb",
        "Mar",
        "Apr",
        "May",
        "Jun",
        "Jul",
        "Aug",
        "Sep",
        "Oct",
        "Nov",
        "Dec",
      ])
        row[headers.indexOf(`${month} Marketings`)] = month === "Jul" || month === "Aug" ? "200" : "";
      const percent = lgmSubsidyPercent("0815", 0);
      row[headers.indexOf("Expected Gross Margin")] = "20,000";
      row[headers.indexOf("Total Premium")] = "1,000";
      row[headers.indexOf("Subsidy")] = String(Number(percent) * 10);
      const { report, writes } = plan([row], headers);
      expect(report.refused).toEqual([]);
      expect(coverageOf(writes)).toMatchObject({
        plan: "lgm",
        commodity: "0815",
        type: "804",
        targetMarketings: [0, 0, 0, 200, 200, 0],
        endDate: "2026-09-30",
      });
    });
  });
});
