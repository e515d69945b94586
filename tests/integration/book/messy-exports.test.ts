import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseFile } from "../../../shared/book/import/parse-xlsx";
import { planImport } from "../../../shared/book/import/plan";
import { planHeldCompletion } from "../../../shared/book/import/plan-held";
import { heldGroups, problemGroups } from "../../../shared/book/import/problem-groups";
import type { ExistingCustomer, ImportPlan, Sheet } from "../../../shared/book/import/types";
import { applyToBook } from "../../fixtures/import/apply-json";
import { importContext } from "../../fixtures/import/plan-rows";

// Issue 41: agencies' own exports, as they make them (tests/fixtures/import/messy/, the XLSX copies made by
// scripts/messy-import-fixtures.ts) — titles, masked tax ids, spelled-out providers and states, units in
// figures, no sales-date or subsidy column, TOTAL and note rows, a header repeated, one person spelled three
// ways. Each imports on the first try with the guessed mapping: at most a few rows need a person's
// choice, none is refused for a missing column (HOLD1: the endorsement waits as "needs details"), rows
// that are not records are skipped (rowKind), and the same file again plans nothing.

const FIXTURES = ["sandhills-agency", "river-bend", "prairie-aip"] as const;
const read = async (file: string): Promise<Sheet[]> =>
  parseFile(file, readFileSync(new URL(`../../fixtures/import/messy/${file}`, import.meta.url)));

function planFile(sheets: Sheet[], book: ExistingCustomer[] = [], file = "export.csv"): ImportPlan {
  const [first] = sheets;
  if (!first) throw new Error("no sheet");
  return planImport({
    sheets,
    mapping: guessMapping(first.headers),
    book,
    context: importContext(file, { newId: idMaker(book.length) }),
  });
}
const idMaker = (seed: number) => {
  let n = 0;
  return () => `R${seed}-${String(n++).padStart(5, "0")}`;
};

describe("[HOLD1][GROUP1] messy agency exports import on the first try", () => {
  for (const name of FIXTURES)
    it(`${name}: CSV and XLSX alike, a few choices at most, nothing refused for a missing column, again plans nothing`, async () => {
      const csv = planFile(await read(`${name}.csv`));
      const xlsx = planFile(await read(`${name}.xlsx`));
      const { report } = csv;
      expect(xlsx.report.rows).toEqual(report.rows);
      expect(xlsx.report.counts).toEqual(report.counts);
      // No refusal for a missing column: every refusal is about a cell the file has.
      expect(
        report.refused.filter((p) => p.column === null || /^give /.test(p.message.split(": ")[1] ?? "")),
      ).toEqual([]);
      expect(problemGroups(report).length).toBeLessThanOrEqual(2);
      expect(report.rows.refused).toBeLessThanOrEqual(2);
      expect(report.counts.customer.create).toBeGreaterThan(0);
      expect(report.rows.held).toBeGreaterThan(0);
      // The endorsements wait for what the file does not give, counted apart from refused rows.
      for (const h of report.held) expect(h.missing.length).toBeGreaterThan(0);
      expect(report.rows.skipped).toBeGreaterThan(0);
      expect(JSON.stringify(csv.writes)).not.toMatch(/"(TOTAL|Subtotal|Grand Total)"/i);
      const book = applyToBook([], csv.writes);
      const again = planFile(await read(`${name}.csv`), book);
      expect(again.writes).toEqual([]);
      expect(again.report.rows.written + again.report.rows.held).toBe(0);
    });

  it("a held endorsement's row writes its customer, entity and policy; the endorsement waits for exactly what is missing", async () => {
    const { report, writes } = planFile(await read("sandhills-agency.csv"));
    const held = report.held.find((h) => h.line === 6);
    expect(held?.missing).toEqual(["salesDate", "coveragePrice", "subsidy"]);
    expect(held?.message).toBe(
      'row 6: the endorsement is kept as "needs details" until you give sales date, coverage price, subsidy; its customer, entity and policy are imported',
    );
    const customer = writes.find((w) => w.customerId === held?.customerId && w.kind === "customer");
    expect(customer?.entries.map((e) => e.section).sort()).toEqual(
      expect.arrayContaining(["entities", "policies", "profile"]),
    );
    expect(customer?.entries.some((e) => e.section === "coverages")).toBe(false);
    const internal = writes.find((w) => w.customerId === held?.customerId && w.kind === "customerInternal");
    expect(internal?.entries.find((e) => e.section === "heldCoverages")?.value).toMatchObject({
      status: "needs-details",
      missing: ["salesDate", "coveragePrice", "subsidy"],
      fields: { commodity: "Feeder Cattle", head: "200", endDate: "Apr 6, 2027" },
      source: { fileName: "export.csv", sheet: "sandhills-agency.csv", line: 6 },
    });
    expect(heldGroups(report)[0]).toMatchObject({ label: "Sales date, Coverage price, Subsidy" });
  });
});

describe("[ADDR1] a new customer with a partial address", () => {
  it("goes in with the address it has, noted with what it lacks; a bad part of an address is still refused", async () => {
    // prairie-aip.csv has city, ZIP and state but no street address column (as an AIP's export has it).
    const { report, writes } = planFile(await read("prairie-aip.csv"));
    expect(report.refused).toEqual([]);
    expect(report.counts.customer.create).toBe(3);
    const addresses = writes.flatMap((w) =>
      w.entries.filter((e) => e.section === "profile" && e.key === "address").map((e) => e.value),
    );
    expect(addresses).toContainEqual({ city: "Pierre", state: "SD", zip: "57501", line1: "", line2: "" });
    expect(report.notes).toContainEqual(
      expect.objectContaining({
        line: 2,
        column: null,
        message:
          "row 2: the customer's address is kept without its street address: complete it on the customer's profile",
      }),
    );
    // Imported again: nothing to write, and no note of an address it did not change.
    const again = planFile(await read("prairie-aip.csv"), applyToBook([], writes));
    expect(again.writes).toEqual([]);
    expect(again.report.notes ?? []).toEqual([]);
    // A part that is given but not valid is a refusal at its column.
    const bad = (await read("prairie-aip.csv")).map((sheet) => ({
      ...sheet,
      rows: sheet.rows.map((r) => (r.cells[5] === "57501" ? { ...r, cells: r.cells.with(5, "5750") } : r)),
    }));
    expect(planFile(bad).report.refused.map((p) => p.message)).toContain(
      "row 2, Zip: enter the 5-digit ZIP code, such as 68508 (or ZIP+4, such as 68508-1234)",
    );
  });
});

describe("[HOLD1] completing endorsements that need details", () => {
  it("the same value for all completes those it makes whole; the rest stay held with what they still lack", async () => {
    const first = planFile(await read("prairie-aip.csv"));
    const book = applyToBook([], first.writes);
    const held = first.report.held.map((h) => ({ customerId: h.customerId, heldId: h.heldId }));
    expect(held.length).toBeGreaterThan(0);
    const ctx = importContext("Needs details", { importId: "DONE1", newId: idMaker(9) });
    // Nothing given: nothing changes, nothing is written.
    const none = planHeldCompletion({ book, completion: { held }, context: ctx });
    expect(none.report.rows).toMatchObject({ total: held.length, unchanged: held.length });
    expect(none.writes).toEqual([]);
    // A value given for every held endorsement: each now lacks less, or is refused at the field given.
    const some = planHeldCompletion({
      book,
      completion: { held, values: { salesDate: "Apr 30, 2026", endorsementLengthWeeks: "17 weeks" } },
      context: importContext("Needs details", { importId: "DONE2", newId: idMaker(10) }),
    });
    for (const h of some.report.held) expect(h.missing).toEqual(["coveragePrice", "subsidy"]);
    const { rows } = some.report;
    expect(rows.held + rows.refused + rows.written + rows.unchanged).toBe(held.length);
    expect(rows.held).toBeGreaterThan(0);
    // Only the held records that changed are written (the internal document), nothing of the customer's.
    expect(some.writes.every((w) => w.kind === "customerInternal")).toBe(true);
  });
});
