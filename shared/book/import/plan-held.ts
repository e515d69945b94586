import { centralDateOf } from "../../pricing/sales-window";
import { type ImportFieldId, importField } from "./fields";
import { commit, emptyReport, writesOf } from "./plan";
import { readCoverage, stageCoverage } from "./plan-coverage";
import { heldMessage, type StagedRow } from "./plan-row";
import { stamped } from "./records";
import { type Cell, RowReader } from "./row-reader";
import type { ExistingCustomer, ImportContext, ImportPlan, RowOutcome } from "./types";
import { WorkingBook } from "./working";

// Completing endorsements held as "needs details" (HOLD1, docs/book-import.md "Needs details"): the agent gives
// what is missing — for one endorsement, or the same value for all of them at once — or lets the sales
// day's snapshot price those whose sales date is known (`context.market`). Each is planned by the same
// rule as an imported row (stageCoverage: backdatedCoverage, head limits, SCE1), against its customer's
// policy and endorsements as the book holds them now. A completed one is written to the customer
// document and its held record marked "completed" with the endorsement's id; one still lacking something
// stays held with what it still lacks; a refusal names the field, as the dry run does. Pure, like planImport.

export interface HeldCompletion {
  /** The held endorsements to complete: customer and held record ids. */
  held: readonly { customerId: string; heldId: string }[];
  /** Values for missing fields, the same for every endorsement (import field → text as typed). */
  values?: Partial<Record<ImportFieldId, string>>;
  /** Values for one endorsement (by held id), over `values`. */
  valuesFor?: Readonly<Record<string, Partial<Record<ImportFieldId, string>>>>;
}

export function planHeldCompletion(input: {
  book: readonly ExistingCustomer[];
  completion: HeldCompletion;
  context: ImportContext;
}): ImportPlan {
  const { context, completion } = input;
  const book = new WorkingBook(input.book);
  const stamp = {
    now: context.now.toISOString(),
    today: centralDateOf(context.now),
    userId: context.userId,
    importId: context.importId,
  };
  const report = emptyReport(context);
  for (const { customerId, heldId } of completion.held) {
    const customer = book.customers.get(customerId);
    const held = customer?.held[heldId];
    if (!customer || !held || held.status !== "needs-details") continue;
    const { sheet, line } = held.source;
    report.rows.total++;
    const outcome: RowOutcome = { sheet, line, outcome: "refused", records: [] };
    const given = { ...completion.values, ...completion.valuesFor?.[heldId] };
    const cells = new Map<ImportFieldId, Cell>();
    for (const [field, text] of Object.entries(held.fields) as [ImportFieldId, string][])
      if (text !== "") cells.set(field, { text, column: importField(field).label });
    for (const field of held.missing) {
      const text = given[field]?.trim();
      if (text) cells.set(field, { text, column: importField(field).label });
    }
    const row = new RowReader(sheet, line, cells, false);
    const policy = customer.policies[held.policyId];
    if (!policy) {
      row.refuse(null, "its policy is no longer in the book");
    } else {
      const staged = stageCoverage(row, readCoverage(row), {
        customer,
        profile: customer.profile ?? ({} as NonNullable<typeof customer.profile>),
        policy,
        plan: policy.plan,
        stamp,
        now: context.now,
        newId: context.newId,
        coverageIdOf: (key) => book.byCoverage.get(key),
        ...(context.market ? { market: context.market } : {}),
      });
      if (staged && "held" in staged) {
        const fields = Object.fromEntries([...cells].map(([f, c]) => [f, c.text]));
        const record = stamped(
          { ...held, fields, missing: staged.held, status: "needs-details" as const },
          stamp,
          held.createdAt,
        );
        const changed = staged.held.join() !== held.missing.join();
        if (changed) commit(book, customer, { held: { record, action: "update" } }, outcome);
        outcome.outcome = changed ? "held" : "unchanged";
        report.held.push({
          sheet,
          line,
          customerId,
          heldId,
          missing: staged.held,
          message: heldMessage(row, staged.held),
        });
      } else if (staged) {
        const completed = stamped(
          { ...held, status: "completed" as const, coverageId: staged.record.id },
          stamp,
          held.createdAt,
        );
        const row: StagedRow = { coverage: staged, held: { record: completed, action: "update" } };
        commit(book, customer, row, outcome);
        outcome.outcome = "written";
      }
    }
    if (outcome.outcome === "refused") report.refused.push(...row.problems);
    report.rows[
      outcome.outcome === "held"
        ? "held"
        : outcome.outcome === "written"
          ? "written"
          : outcome.outcome === "unchanged"
            ? "unchanged"
            : "refused"
    ]++;
    report.outcomes.push(outcome);
  }
  for (const touch of book.touched.values()) report.counts[touch.kind][touch.action]++;
  return { report, writes: writesOf(book) };
}
