import { describe, expect, it } from "vitest";
import { parseCsv } from "../book/import/parse";
import { toCsv } from "../csv";
import { expectedCommissions } from "./expected";
import { filterReconciliation, reconcile, reconciliationCsv } from "./reconcile";
import { guessStatementMapping, readStatement } from "./statement";
import { coverage, policy, schedule, split } from "./test-fixtures";

// A book of five coverages and a statement made from it with deliberate differences: v1 paid exactly,
// v2 underpaid by 10.00, v3 missing, an unknown policy, v4 cancelled and clawed back exactly, v5 paid
// more than expected.
const lines = expectedCommissions({
  coverages: [
    coverage({ id: "v1", policyId: "p1" }),
    coverage({ id: "v2", policyId: "p2" }),
    coverage({ id: "v3", policyId: "p3" }),
    coverage({ id: "v4", policyId: "p4", status: "cancelled", updatedAt: "2026-11-25T10:00:00.000Z" }),
    coverage({ id: "v5", policyId: "p5", salesDate: "2026-11-19" }),
  ],
  policies: Object.fromEntries(["p1", "p2", "p3", "p4", "p5"].map((id) => [id, policy({ id })])),
  schedules: [schedule({ id: "s1" })],
  splits: [
    split({ id: "x1", policyId: "p1" }),
    split({
      id: "x2",
      policyId: "p2",
      writingAgentId: "agent-c",
      servicingAgentId: undefined,
      writingSharePercent: "100",
      servicingSharePercent: "0",
    }),
    split({ id: "x3", policyId: "p3" }),
    split({ id: "x4", policyId: "p4" }),
    split({ id: "x5", policyId: "p5" }),
  ],
  agents: {},
  earnings: {},
});

const file = toCsv(
  ["Policy #", "Company", "Sales Date", "Commission", "Statement Month"],
  [
    ["P-p1", "Rain and Hail", "11/18/2026", "$225.00", "2026-11"],
    ["P-p2", "Rain and Hail", "11/18/2026", "215.00", "2026-11"],
    ["P-zz9", "Rain and Hail", "11/18/2026", "50.00", "2026-11"],
    ["P-p4", "Rain and Hail", "11/18/2026", "225.00", "2026-11"],
    ["P-p4", "Rain and Hail", "11/18/2026", "(225.00)", "2026-11"],
    ["P-p5", "Rain and Hail", "11/19/2026", "230.00", "2026-11"],
    ["", "Rain and Hail", "11/19/2026", "1.00", "2026-11"],
    ["P-p5", "Rain and Hail", "someday", "1.00", "2026-11"],
  ],
);

describe("reconciliation", () => {
  const sheet = parseCsv("rh-2026-11.csv", file);
  const mapping = guessStatementMapping(sheet.headers);
  const read = readStatement(sheet, mapping);

  it("[COMM3] reads a statement through the book import's parser, naming each refused row", () => {
    expect(mapping.columns).toEqual({
      "Policy #": "policyNumber",
      Company: "provider",
      "Sales Date": "salesDate",
      Commission: "amount",
      "Statement Month": "month",
    });
    expect(read.lines).toHaveLength(6);
    expect(read.lines[4]).toEqual({
      line: 6,
      policyNumber: "P-p4",
      providerId: "rh",
      salesDate: "2026-11-18",
      amount: "-225.00",
      month: "2026-11",
    });
    expect(read.refused).toEqual([
      { line: 8, column: "Policy #", message: "the policy number is missing" },
      {
        line: 9,
        column: "Sales Date",
        message: '"someday" is not a date: write it as 11/18/2026, Nov 18, 2026 or 2026-11-18',
      },
    ]);
  });

  it("[COMM3] each deliberate difference lands in its group", () => {
    const rec = reconcile(lines, read.lines);
    const brief = (group: keyof typeof rec) =>
      rec[group].map((e) => [e.policyNumber, e.kind, e.expected, e.paid, e.difference]);
    expect(brief("matched")).toEqual([
      ["P-p1", "commission", "225.00", "225.00", "0.00"],
      ["P-p4", "commission", "225.00", "225.00", "0.00"],
    ]);
    expect(brief("underpaid")).toEqual([["P-p2", "commission", "225.00", "215.00", "-10.00"]]);
    expect(brief("overpaid")).toEqual([["P-p5", "commission", "225.00", "230.00", "5.00"]]);
    expect(brief("missing")).toEqual([["P-p3", "commission", "225.00", "0.00", "-225.00"]]);
    expect(brief("unknown")).toEqual([["P-zz9", "commission", "0.00", "50.00", "50.00"]]);
    expect(brief("chargebacks")).toEqual([["P-p4", "chargeback", "-225.00", "-225.00", "0.00"]]);
  });

  it("[COMM3] an expected chargeback the statement does not carry is missing; months narrow what is expected", () => {
    const withoutClawback = read.lines.filter((l) => l.amount !== "-225.00");
    const rec = reconcile(lines, withoutClawback, { months: ["2026-11"] });
    expect(rec.missing.map((e) => [e.policyNumber, e.kind, e.expected])).toEqual([
      ["P-p3", "commission", "225.00"],
      ["P-p4", "chargeback", "-225.00"],
    ]);
    expect(reconcile(lines, read.lines, { months: ["2026-10"] }).missing).toEqual([]);
  });

  it("[COMM4] filters by company, month and agent; an agent never sees unknown lines or others' coverages", () => {
    const rec = reconcile(lines, read.lines);
    const c = filterReconciliation(rec, { agentId: "agent-c" });
    expect(
      Object.values(c)
        .flat()
        .map((e) => e.policyNumber),
    ).toEqual(["P-p2"]);
    expect(filterReconciliation(rec, { agentId: "agent-a" }).unknown).toEqual([]);
    expect(filterReconciliation(rec, { providerId: "nau" }).matched).toEqual([]);
    expect(filterReconciliation(rec, { month: "2026-11" }).matched).toHaveLength(2);
  });

  it("[COMM3] the CSV export is the formula-safe writer's", () => {
    const rec = reconcile(lines, [
      { line: 2, policyNumber: "=HYPERLINK(1)", providerId: "rh", amount: "1.00" },
    ]);
    const csv = reconciliationCsv(rec);
    expect(csv.split("\r\n")[0]).toBe(
      "Group,Kind,Policy number,Company,Sales date,Commodity,Month,Expected,Paid,Difference,Statement lines",
    );
    expect(csv).toContain("unknown,commission,'=HYPERLINK(1),rh,,,,0.00,1.00,1.00,2");
  });
});
