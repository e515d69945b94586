import { describe, expect, it } from "vitest";
import { emptyReport } from "../shared/book/import/plan";
import { reportLines } from "../shared/book/import/report-summary";
import { importContext } from "../tests/fixtures/import/plan-rows";
import { isReport } from "./report-shape";

// CLI3 beside CLI1: the command line says a server's report in sentences only when it has every part the
// summary reads; a broken or hostile server's answer is printed as JSON and never crashes the summary.

const good = () => {
  const report = emptyReport(importContext("book.csv"));
  report.rows.refused = 1;
  report.refused.push({
    sheet: "book.csv",
    line: 2,
    column: "Head",
    field: "head",
    message: "row 2, Head: …",
  });
  report.held.push({
    sheet: "book.csv",
    line: 3,
    customerId: "c",
    heldId: "h",
    missing: ["subsidy"],
    message: "…",
  });
  return report;
};

describe("[CLI3] the report the command line says in sentences", () => {
  it("takes a report of the planner's shape, and its summary reads", () => {
    expect(isReport(good())).toBe(true);
    expect(reportLines(good(), true)).toContain("  row 3: missing Subsidy");
  });

  it("leaves out an answer missing a part or with a part of another type", () => {
    const broken: unknown[] = [
      null,
      [],
      { ...good(), rows: { refused: 0, needsConfirmation: 0 } },
      { ...good(), counts: { customer: { create: 1, update: 0, unchanged: 0 } } },
      { ...good(), refused: [{ sheet: "s", line: 2, column: null, field: "head", message: 7 }] },
      { ...good(), refused: [{ sheet: "s", line: 2, column: null, field: "noSuchField", message: "x" }] },
      { ...good(), held: [{ sheet: "s", line: 3, missing: ["noSuchField"] }] },
      { ...good(), notes: "a note" },
      { ...good(), skipped: [{}] },
      { ...good(), confirmations: [{ line: "4", message: "same?" }] },
    ];
    for (const answer of broken) expect(isReport(answer), JSON.stringify(answer).slice(0, 80)).toBe(false);
  });
});
