import { headerKey } from "../book/import/fields";
import type { Sheet } from "../book/import/types";
import { readCommodity, readDate, readDecimal, readProvider } from "../book/import/values";
import {
  MAX_STATEMENT_LINES,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementLine,
  type StatementMapping,
  statementLineSchema,
} from "../documents/commission";

// A company's commission statement read from a sheet (docs/commissions.md "Statements"): the book
// import's parser makes the sheet (parseFile: CSV or XLSX), the company's saved mapping says which
// column is which field, and the book import's value readers read the cells (amounts as "$1,234.56" or
// "(12.50)", dates as 11/18/2026, companies by name or code). A row that cannot be read is refused with
// its line, its column and a sentence; the rest are read (the dry run shows both before anything is kept).

export interface StatementRefusal {
  line: number;
  /** The column's header as in the file ("" when the row as a whole is refused). */
  column: string;
  message: string;
}

export interface ReadStatement {
  lines: StatementLine[];
  refused: StatementRefusal[];
}

const HEADER_NAMES: Record<StatementField, readonly string[]> = {
  policyNumber: ["Policy Number", "Policy #", "Policy No", "Policy No.", "Policy"],
  provider: ["Company", "Insurance Company", "AIP", "Provider", "Carrier"],
  salesDate: ["Sales Date", "Sale Date", "Endorsement Date", "Effective Date"],
  commodity: ["Commodity", "Commodity Code"],
  endDate: ["End Date", "Endorsement End Date", "Ending Date"],
  premium: ["Premium", "Total Premium", "Gross Premium"],
  amount: ["Commission", "Commission Amount", "Amount", "Net Commission", "Paid"],
  agent: ["Agent", "Agent Name", "Writing Agent"],
  month: ["Month", "Statement Month", "Period", "Statement Date"],
};

const FIELD_BY_HEADER = new Map<string, StatementField>();
for (const field of STATEMENT_FIELDS)
  for (const name of HEADER_NAMES[field]) FIELD_BY_HEADER.set(headerKey(name), field);

/** A first mapping from a statement's headers: each known header name to its field, once. */
export function guessStatementMapping(headers: readonly string[]): StatementMapping {
  const columns: Record<string, StatementField> = {};
  const taken = new Set<StatementField>();
  for (const header of headers) {
    const field = FIELD_BY_HEADER.get(headerKey(header));
    if (!field || taken.has(field) || header.length > 200 || Object.hasOwn(columns, header)) continue;
    columns[header] = field;
    taken.add(field);
  }
  return { version: 1, columns };
}

/** A month from "2026-11", "11/2026", "Nov 2026" or a date in it. */
function readMonth(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})$/.exec(t);
  const us = /^(\d{1,2})\/(\d{4})$/.exec(t);
  const [year, month] = iso ? [iso[1], iso[2]] : us ? [us[2], us[1]] : [undefined, undefined];
  if (year && month && Number(month) >= 1 && Number(month) <= 12)
    return { ok: true, value: `${year}-${month.padStart(2, "0")}` };
  const date = readDate(/^[a-z]{3,9}\.?\s+\d{4}$/i.test(t) ? t.replace(/\s+/, " 1, ") : t);
  return date.ok
    ? { ok: true, value: date.value.slice(0, 7) }
    : { ok: false, message: `"${t.slice(0, 40)}" is not a month: write it as 2026-11 or 11/2026` };
}

type Reader = (text: string) => { ok: true; value: string } | { ok: false; message: string };
const READERS: Record<StatementField, Reader> = {
  policyNumber: (t) =>
    t.length > 40
      ? { ok: false, message: "a policy number has at most 40 characters" }
      : { ok: true, value: t },
  provider: readProvider,
  salesDate: readDate,
  commodity: readCommodity,
  endDate: readDate,
  premium: readDecimal,
  amount: readDecimal,
  agent: (t) => ({ ok: true, value: t.slice(0, 200) }),
  month: readMonth,
};

const REQUIRED: readonly StatementField[] = ["policyNumber", "amount"];
const LABEL: Record<StatementField, string> = {
  policyNumber: "policy number",
  provider: "company",
  salesDate: "sales date",
  commodity: "commodity",
  endDate: "end date",
  premium: "premium",
  amount: "commission amount",
  agent: "agent",
  month: "month",
};

/**
 * The statement's lines from `sheet` under `mapping`. `providerId` is the company when no column
 * names it (a statement is one company's). A field neither a column nor a default gives is left out;
 * a row without a policy number or an amount is refused.
 */
export function readStatement(sheet: Sheet, mapping: StatementMapping, providerId?: string): ReadStatement {
  const columnOf = new Map<StatementField, number>();
  for (const [i, header] of sheet.headers.entries()) {
    const field = Object.hasOwn(mapping.columns, header) ? mapping.columns[header] : undefined;
    if (field && !columnOf.has(field)) columnOf.set(field, i);
  }
  const lines: StatementLine[] = [];
  const refused: StatementRefusal[] = [];
  for (const row of sheet.rows) {
    if (lines.length === MAX_STATEMENT_LINES) {
      refused.push({
        line: row.line,
        column: "",
        message: `a statement holds at most ${MAX_STATEMENT_LINES.toLocaleString("en-US")} lines: this row and the rest were not read (split the file)`,
      });
      break;
    }
    const values: Partial<Record<StatementField, string>> = {};
    let problem: StatementRefusal | null = null;
    for (const field of STATEMENT_FIELDS) {
      const index = columnOf.get(field);
      const cell = index === undefined ? "" : (row.cells[index] ?? "");
      const column = index === undefined ? "" : (sheet.headers[index] ?? "");
      const text = cell !== "" ? cell : (mapping.defaults?.[field] ?? "");
      if (text === "") {
        if (field === "provider" && providerId) values.provider = providerId;
        else if (REQUIRED.includes(field))
          problem ??= { line: row.line, column, message: `the ${LABEL[field]} is missing` };
        continue;
      }
      const read = READERS[field](text);
      if (read.ok) values[field] = read.value;
      else problem ??= { line: row.line, column, message: read.message };
    }
    if (!problem && !values.provider)
      problem = {
        line: row.line,
        column: "",
        message: "the company is missing: map a company column or choose the statement's company",
      };
    if (problem) {
      refused.push(problem);
      continue;
    }
    const { provider, ...rest } = values;
    const parsed = statementLineSchema.safeParse({ line: row.line, ...rest, providerId: provider });
    if (parsed.success) lines.push(parsed.data);
    else refused.push({ line: row.line, column: "", message: parsed.error.issues[0]?.message ?? "invalid" });
  }
  return { lines, refused };
}
