import { describe, expect, it } from "vitest";
import { applyToBook } from "../../../tests/fixtures/import/apply-json";
import { BOOK_HEADERS, bookRows, sceFigures } from "../../../tests/fixtures/import/book-rows";
import { planRows } from "../../../tests/fixtures/import/plan-rows";
import type { ExistingCustomer, ImportContext } from "./types";

const plan = (
  rows: string[][],
  book: ExistingCustomer[] = [],
  over: Partial<ImportContext> = {},
  headers: readonly string[] = BOOK_HEADERS,
) => planRows("book.csv", headers, rows, book, over);
const column = (name: (typeof BOOK_HEADERS)[number]) => BOOK_HEADERS.indexOf(name);

describe("planImport", () => {
  it("refuses a customer name without letters or digits (it could never be matched again: the same file would make it twice)", () => {
    const [row] = bookRows(1, 1) as [string[]];
    row[column("Insured Name")] = ":";
    const { report } = plan([row]);
    expect(report.refused.map((r) => r.message)).toEqual([
      'row 2, Insured Name: ":" has no letters or digits: give the customer\'s name',
    ]);
  });

  it("plans a wide sheet: each customer, entity and policy once, every endorsement", () => {
    const { report, writes } = plan(bookRows(6, 3));
    expect(report.rows).toEqual({
      total: 6,
      written: 6,
      unchanged: 0,
      refused: 0,
      needsConfirmation: 0,
      empty: 0,
      held: 0,
      skipped: 0,
    });
    expect(report.counts.customer.create).toBe(3);
    expect(report.counts.entity.create).toBe(3);
    expect(report.counts.policy.create).toBe(3);
    expect(report.counts.coverage.create).toBe(6);
    const customer = writes.find((w) => w.kind === "customer");
    const coverage = customer?.entries.find((e) => e.section === "coverages")?.value as Record<
      string,
      unknown
    >;
    expect(coverage).toMatchObject({
      plan: "lrp",
      commodity: "0801",
      type: "809",
      status: "accepted",
      importId: "IMPORT1",
      figuresFrom: "sce",
    });
    expect(writes.at(-1)?.kind).toBe("book");
  });

  it("keeps full tax ids out of the report and the customer document: only the internal document has them", () => {
    const { report, writes } = plan(bookRows(2, 2));
    const ssn = (bookRows(1, 1)[0] as string[])[column("SSN/EIN")] as string;
    const digits = ssn.replace(/-/g, "");
    expect(JSON.stringify(report)).not.toContain(digits);
    for (const w of writes.filter((d) => d.kind !== "customerInternal"))
      expect(JSON.stringify(w)).not.toContain(digits);
    const internal = writes.find((w) => w.kind === "customerInternal");
    expect(internal?.entries[0]).toMatchObject({ section: "taxIds", value: { taxId: digits, taxIdType: 1 } });
  });

  it("importing the same file twice creates nothing new", () => {
    const rows = bookRows(8, 3);
    const first = plan(rows);
    const book = applyToBook([], first.writes);
    const second = plan(rows, book, { importId: "IMPORT2", now: new Date("2026-11-27T16:00:00Z") });
    expect(second.report.rows).toMatchObject({ total: 8, written: 0, unchanged: 8, refused: 0 });
    expect(second.report.counts.customer).toEqual({ create: 0, update: 0, unchanged: 3 });
    expect(second.report.counts.coverage).toEqual({ create: 0, update: 0, unchanged: 8 });
    expect(second.writes).toEqual([]);
  });

  it("[head limits] refuses a row over the per-endorsement limit, with line, column and a sentence", () => {
    const rows = bookRows(3, 3);
    const row = rows[1] as string[];
    row[column("Head")] = "13,000";
    const { report, writes } = plan(rows);
    expect(report.refused).toEqual([
      {
        sheet: "book.csv",
        line: 3,
        column: "Head",
        field: "head",
        message:
          "row 3, Head: 13,000 is over the 12,000 per endorsement limit (Feeder Cattle max limit is 12,000)",
        value: "13,000",
      },
    ]);
    expect(report.rows.refused).toBe(1);
    // Nothing of the refused row is written: its customer is not created.
    expect(report.counts.customer.create).toBe(2);
    expect(
      writes.flatMap((w) => w.entries).some((e) => JSON.stringify(e.value).includes("Rancher 00001")),
    ).toBe(false);
  });

  it("[head limits] counts the crop year over the rows planned before", () => {
    const rows = ["2026-11-02", "2026-11-03", "2026-11-04"].map((salesDate) => {
      const row = (bookRows(1, 1)[0] as string[]).slice();
      const figures = sceFigures({
        salesDate,
        head: 9000,
        weight: "5.5",
        price: "350.00",
        level: "0.95",
        rate: "0.0312",
      });
      row[column("Sales Date")] = salesDate;
      row[column("End Date")] = new Date(Date.parse(`${salesDate}T00:00:00Z`) + 91 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      row[column("Head")] = "9,000";
      row[column("Total Premium")] = figures.totalPremium;
      row[column("Subsidy")] = figures.subsidy;
      return row;
    });
    const { report } = plan(rows, [], {}, BOOK_HEADERS);
    expect(report.refused.map((p) => p.message)).toEqual([
      "row 4, Head: Crop year 2027 cattle limit is 25,000 head: 18,000 already covered, this endorsement adds 9,000",
    ]);
    expect(report.counts.coverage.create).toBe(2);
  });

  it("asks to confirm a customer matched by name and address only, and updates it once confirmed", () => {
    const first = plan(bookRows(1, 1));
    const book = applyToBook([], first.writes);
    const row = (bookRows(1, 1)[0] as string[]).slice();
    row[column("SSN/EIN")] = "505-55-1234";
    row[column("Policy #")] = "LRP-999999";
    const second = plan([row], book, { importId: "IMPORT2" });
    expect(second.report.rows.needsConfirmation).toBe(1);
    expect(second.report.confirmations[0]).toMatchObject({
      line: 2,
      name: "Rancher 00000",
      matchedOn: "Broken Bow, NE, 68822",
    });
    expect(second.writes).toEqual([]);
    const confirmed = plan([row], book, { importId: "IMPORT2", confirmedLines: [2] });
    expect(confirmed.report.refused).toEqual([]);
    expect(confirmed.report.counts.customer).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect(confirmed.report.counts.entity.create).toBe(1);
  });

  it("refuses a new business entity whose type the file does not give", () => {
    const row = (bookRows(1, 1)[0] as string[]).slice();
    row[column("SSN/EIN")] = "12-3456789";
    expect(plan([row]).report.refused.map((p) => p.message)).toEqual([
      "row 2, Entity type: give the entity's type, such as Individual, Limited Liability Company or Corporation (neither the tax id nor the name says it)",
    ]);
  });

  it("says what is wrong with each bad value of a row, at its column", () => {
    const row = (bookRows(1, 1)[0] as string[]).slice();
    row[column("Sales Date")] = "yesterday";
    row[column("Commodity")] = "Goats";
    const { report } = plan([row]);
    expect(report.refused.map((p) => p.message)).toEqual([
      'row 2, Commodity: "Goats" is not a livestock commodity: Feeder Cattle, Fed Cattle, Cattle (LGM), Swine or Dairy Cattle',
      'row 2, Sales Date: "yesterday" is not a date: write it as 11/18/2026, Nov 18, 2026 or 2026-11-18',
    ]);
  });

  it("accepts codes or labels: 801 / Feeder Cattle, 809 / Steers Weight 1 / Steers <600 lbs", () => {
    const rows = ["Steers Weight 1", "Steers <600 lbs", "809"].map((type, i) => {
      const row = (bookRows(3, 3)[i] as string[]).slice();
      row[column("Type")] = type;
      row[column("Commodity")] = i === 0 ? "0801" : i === 1 ? "801" : "feeder cattle";
      return row;
    });
    const { report } = plan(rows);
    expect(report.refused).toEqual([]);
    expect(report.counts.coverage.create).toBe(3);
  });
});
