import { PRECREATED, recordPrecreated, withPrecreated } from "../../documents/text-fields";
import { centralDateOf } from "../../pricing/sales-window";
import { bookSummaries, type CustomerRecords } from "../summaries";
import type { ImportFieldId } from "./fields";
import { chosenText, type Mapping } from "./mapping";
import { mergeMonthRows, type SheetEntry } from "./merge-months";
import { heldMessage, planRow, type StagedRow } from "./plan-row";
import type { Stamper } from "./records";
import { rowKind } from "./row-kind";
import { type Cell, RowReader } from "./row-reader";
import type {
  DocumentWrites,
  ExistingCustomer,
  ImportContext,
  ImportCounts,
  ImportPlan,
  ImportReport,
  RecordKind,
  RowOutcome,
  Sheet,
} from "./types";
import { readDate } from "./values";
import { WorkingBook, type WorkingCustomer } from "./working";

// The dry run (docs/book-import.md): every row of every sheet planned against the book, in file order, and
// the report of what the import would create, update and leave alone, with every refused row. The
// writes are what applyPlan makes once the agent confirms: each record written whole at its key
// (free text becomes shared text where it is written), its tax id in the internal document, and the
// customer's summaries in the book document (shared/book/summaries.ts, the one derivation).
// Planning the same file against the book it produced plans nothing: every record is "unchanged".

const emptyCounts = (): ImportCounts => {
  const zero = () => ({ create: 0, update: 0, unchanged: 0 });
  return { customer: zero(), entity: zero(), policy: zero(), coverage: zero() };
};

/** For each header of the sheet, the field its column fills (the first column of a field wins). */
function columnFields(sheet: Sheet, mapping: Mapping): (ImportFieldId | undefined)[] {
  const taken = new Set<ImportFieldId>();
  return sheet.headers.map((header) => {
    const field = Object.hasOwn(mapping.columns, header) ? mapping.columns[header] : undefined;
    if (!field || taken.has(field)) return undefined;
    taken.add(field);
    return field;
  });
}

function cellsOf(
  sheet: Sheet,
  fields: (ImportFieldId | undefined)[],
  cells: readonly string[],
  mapping: Mapping,
) {
  const byField = new Map<ImportFieldId, Cell>();
  for (const [field, text] of Object.entries(mapping.defaults ?? {}))
    if (text !== undefined && text.trim() !== "")
      byField.set(field as ImportFieldId, { text: text.trim(), column: null });
  fields.forEach((field, i) => {
    const text = cells[i] ?? "";
    // The agent's answer for this text, for the whole file (a one-click fix or a choice: mapping.values).
    if (field && text !== "")
      byField.set(field, { text: chosenText(mapping, field, text), column: sheet.headers[i] ?? null });
  });
  return byField;
}

/** Each problem with the cell's text it is about (never a tax id's): what a one-click fix replaces. */
const withValues = (row: RowReader, problems: RowReader["problems"]) =>
  problems.map((p) => {
    if (p.value !== undefined || !p.field || p.column === null || p.field.startsWith("taxId")) return p;
    const text = row.text(p.field as ImportFieldId);
    return text === undefined ? p : { ...p, value: text };
  });

/** Commits a planned row into the working customer and notes what it does to each record. */
export function commit(
  book: WorkingBook,
  customer: WorkingCustomer,
  staged: StagedRow,
  outcome: RowOutcome,
): void {
  const { customerId } = customer;
  const note = (kind: RecordKind, id: string, action: "create" | "update" | "unchanged") => {
    book.touch(kind, customerId, id, action);
    outcome.records.push({ kind, id, customerId, action });
  };
  if (staged.profile) {
    customer.profile = staged.profile.record;
    note("customer", customerId, staged.profile.action);
  }
  if (staged.entity) {
    customer.entities[staged.entity.record.id] = staged.entity.record;
    note("entity", staged.entity.record.id, staged.entity.action);
  }
  if (staged.taxId) {
    customer.taxIds[staged.taxId.record.id] = staged.taxId.record;
    if (staged.taxId.action !== "unchanged")
      book.taxIdsWritten.add(`${customerId}/${staged.taxId.record.id}`);
  }
  if (staged.policy) {
    customer.policies[staged.policy.record.id] = staged.policy.record;
    note("policy", staged.policy.record.id, staged.policy.action);
  }
  if (staged.coverage) {
    customer.coverages[staged.coverage.record.id] = staged.coverage.record;
    note("coverage", staged.coverage.record.id, staged.coverage.action);
  }
  if (staged.held) {
    customer.held[staged.held.record.id] = staged.held.record;
    if (staged.held.action !== "unchanged") book.heldWritten.add(`${customerId}/${staged.held.record.id}`);
  }
  book.customers.set(customerId, customer);
  book.indexRow(customer, staged);
  const changed =
    outcome.records.some((r) => r.action !== "unchanged") ||
    staged.taxId?.action === "create" ||
    staged.taxId?.action === "update" ||
    (staged.held !== undefined && staged.held.action !== "unchanged");
  outcome.outcome = changed ? (staged.held ? "held" : "written") : "unchanged";
}

const SECTION: Record<Exclude<RecordKind, "customer">, "entities" | "policies" | "coverages"> = {
  entity: "entities",
  policy: "policies",
  coverage: "coverages",
};

/** The documents' writes for every record the plan creates or changes, and the customers' summaries. */
export function writesOf(book: WorkingBook): DocumentWrites[] {
  const byCustomer = new Map<string, { customer: DocumentWrites; internal: DocumentWrites }>();
  const docs = (customerId: string) => {
    let d = byCustomer.get(customerId);
    if (!d) {
      d = {
        customer: { kind: "customer", customerId, entries: [] },
        internal: { kind: "customerInternal", customerId, entries: [] },
      };
      byCustomer.set(customerId, d);
    }
    return d;
  };
  for (const touch of book.touched.values()) {
    if (touch.action === "unchanged") continue;
    const customer = book.customers.get(touch.customerId) as WorkingCustomer;
    const d = docs(touch.customerId);
    // A record made here gets its maps and texts with it (TEXT1, text-fields.ts PRECREATED), as a form
    // makes it: two devices that later type in an empty field do not each make its text.
    const created = touch.action === "create";
    if (touch.kind === "customer") {
      const profile = customer.profile ?? {};
      const written = created ? withPrecreated(profile, PRECREATED.customer?.profile ?? []) : profile;
      for (const [field, value] of Object.entries(written))
        if (value !== undefined) d.customer.entries.push({ section: "profile", key: field, value });
      continue;
    }
    const section = SECTION[touch.kind];
    const record = customer[section][touch.id];
    if (record)
      d.customer.entries.push({
        section,
        key: touch.id,
        value: created ? withPrecreated(record, recordPrecreated("customer", section)) : record,
      });
  }
  for (const at of book.taxIdsWritten) {
    const [customerId = "", key = ""] = at.split("/");
    const record = book.customers.get(customerId)?.taxIds[key];
    if (record) docs(customerId).internal.entries.push({ section: "taxIds", key, value: record });
  }
  for (const at of book.heldWritten) {
    const [customerId = "", key = ""] = at.split("/");
    const record = book.customers.get(customerId)?.held[key];
    if (record) docs(customerId).internal.entries.push({ section: "heldCoverages", key, value: record });
  }
  const index: DocumentWrites = { kind: "book", entries: [] };
  for (const [customerId, d] of byCustomer) {
    // Summaries follow the customer document; tax ids and held endorsements (internal) have none.
    if (d.customer.entries.length === 0) continue;
    const customer = book.customers.get(customerId) as WorkingCustomer;
    const summaries = bookSummaries(customerId, customer as unknown as CustomerRecords);
    if (summaries.customer)
      index.entries.push({ section: "customers", key: customerId, value: summaries.customer });
    for (const section of ["entities", "policies", "coverages"] as const)
      for (const [key, value] of Object.entries(summaries[section]))
        index.entries.push({ section, key, value });
  }
  const writes = [...byCustomer.values()]
    .flatMap((d) => [d.customer, d.internal])
    .filter((d) => d.entries.length > 0);
  return index.entries.length > 0 ? [...writes, index] : writes;
}

/**
 * The sales dates the rows of `sheets` name (read through `mapping` as the planner reads them): the days
 * whose market rule SCE1 needs before the plan is made (ImportContext.market). Dates that do not read are
 * left out (the planner refuses their rows).
 */
export function importSalesDates(sheets: readonly Sheet[], mapping: Mapping): string[] {
  const dates = new Set<string>();
  const fallback = mapping.defaults?.salesDate?.trim() ?? "";
  for (const sheet of sheets) {
    const at = columnFields(sheet, mapping).indexOf("salesDate");
    for (const { cells } of sheet.rows) {
      const text = (at >= 0 ? cells[at]?.trim() : "") || fallback;
      const read = text ? readDate(text) : null;
      if (read?.ok) dates.add(read.value);
    }
  }
  return [...dates];
}

/** A report of nothing yet (planImport's, and the completion of held endorsements'). */
export function emptyReport(context: Pick<ImportContext, "importId" | "fileName">): ImportReport {
  return {
    importId: context.importId,
    fileName: context.fileName,
    rows: {
      total: 0,
      written: 0,
      unchanged: 0,
      refused: 0,
      needsConfirmation: 0,
      empty: 0,
      held: 0,
      skipped: 0,
    },
    counts: emptyCounts(),
    refused: [],
    confirmations: [],
    held: [],
    skipped: [],
    outcomes: [],
  };
}

/**
 * Plans an import: what each row of `sheets`, read through `mapping`, does to `book`. Pure: nothing is
 * written; `applyPlan` writes the plan's writes once the agent has seen the report and confirmed.
 */
export function planImport(input: {
  sheets: readonly Sheet[];
  mapping: Mapping;
  book: readonly ExistingCustomer[];
  context: ImportContext;
}): ImportPlan {
  const { sheets, mapping, context } = input;
  const book = new WorkingBook(input.book);
  const stamp: Stamper = {
    now: context.now.toISOString(),
    today: centralDateOf(context.now),
    userId: context.userId,
    importId: context.importId,
  };
  const report = emptyReport(context);
  const named = sheets.length > 1;
  for (const sheet of sheets) {
    const fields = columnFields(sheet, mapping);
    const entryOf = ({ line, cells }: Sheet["rows"][number]): SheetEntry => ({
      line,
      cells: cellsOf(sheet, fields, cells, mapping),
    });
    // Rows are read one at a time unless a sheet of one row per LGM marketing month is merged first.
    // Rows that are not records (a TOTAL line, the header repeated, a note) are skipped and said so.
    const records: Sheet["rows"] = [];
    for (const r of sheet.rows) {
      const kind = rowKind(sheet, r.cells, mapping);
      if (kind === "record" || kind.skip === "blank") {
        records.push(r);
        continue;
      }
      report.rows.total++;
      report.rows.skipped++;
      const where = `${named ? `${sheet.name}, ` : ""}row ${r.line}`;
      report.skipped.push({ sheet: sheet.name, line: r.line, message: `${where}: ${kind.message}` });
      report.outcomes.push({ sheet: sheet.name, line: r.line, outcome: "skipped", records: [] });
    }
    // Rows are read one at a time unless a sheet of one row per LGM marketing month is merged first.
    const entries: Iterable<SheetEntry> = fields.includes("marketingMonth")
      ? mergeMonthRows(sheet.name, records.map(entryOf), named)
      : (function* () {
          for (const r of records) yield entryOf(r);
        })();
    const outcomeOf = new Map<number, RowOutcome["outcome"]>();
    const listed = new Set<number>();
    for (const { line, cells, mergedInto, problems } of entries) {
      report.rows.total++;
      const row = new RowReader(sheet.name, line, cells, named);
      const outcome: RowOutcome = { sheet: sheet.name, line, outcome: "refused", records: [] };
      const result: ReturnType<typeof planRow> | { kind: "merged" } =
        mergedInto !== undefined
          ? { kind: "merged" }
          : problems
            ? { kind: "refused" }
            : planRow(book, row, context, stamp);
      if (result.kind === "planned") {
        commit(book, result.customer, result.staged, outcome);
        if (row.notes.length > 0) {
          report.notes ??= [];
          report.notes.push(...row.notes);
        }
        const { held, missing } = result.staged;
        if (held && missing && held.record.status === "needs-details")
          report.held.push({
            sheet: sheet.name,
            line,
            customerId: result.customer.customerId,
            heldId: held.record.id,
            missing,
            message: heldMessage(row, missing, named),
          });
      } else if (result.kind === "empty") outcome.outcome = "empty";
      else if (result.kind === "confirm") {
        outcome.outcome = "needs-confirmation";
        report.confirmations.push(result.confirmation);
      } else {
        // A month of the endorsement on the row of `mergedInto` takes that row's outcome (merge-months.ts).
        if (mergedInto !== undefined) outcome.outcome = outcomeOf.get(mergedInto) ?? "refused";
        if (outcome.outcome === "refused") {
          const group = problems ?? [];
          if (![...group, ...row.problems].some((p) => p.line === line) && !listed.has(line))
            row.refuse(
              null,
              mergedInto !== undefined
                ? `refused with row ${mergedInto}, the first row of the same endorsement`
                : `refused with the other months of the same endorsement (row ${group.map((p) => p.line).join(", ")})`,
            );
          for (const p of [...row.problems, ...group]) listed.add(p.line);
          report.refused.push(...withValues(row, row.problems), ...group);
        }
      }
      outcomeOf.set(line, outcome.outcome);
      const key = outcome.outcome === "needs-confirmation" ? "needsConfirmation" : outcome.outcome;
      report.rows[key]++;
      report.outcomes.push(outcome);
    }
  }
  for (const touch of book.touched.values()) report.counts[touch.kind][touch.action]++;
  return { report, writes: writesOf(book) };
}
