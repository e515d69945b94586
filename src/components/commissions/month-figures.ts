import type { CommissionLine } from "../../../shared/commissions/expected";
import {
  filterReconciliation,
  RECONCILIATION_GROUPS,
  type Reconciliation,
  reconcile,
} from "../../../shared/commissions/reconcile";
import { sum } from "../../../shared/commissions/rounding";
import type { CommissionStatement, StatementLine } from "../../../shared/documents/commission";

// The figures the hub and the commissions screen open with (COMMUI3): a month's expected commission
// and what the companies' statements paid for it. An agent counts their own parts of the lines
// expected and what was paid on the coverages they have a part in; an admin counts everything.

/** Every statement's lines, each carrying its month (the line's own, else its statement's). */
export const statementLines = (statements: readonly CommissionStatement[]): StatementLine[] =>
  statements.flatMap((s) => s.lines.map((l) => (l.month ? l : { ...l, month: s.month })));

/** The reconciliation of `statements` against the lines, narrowed to an agent's coverages when given. */
export function reconciled(
  lines: readonly CommissionLine[],
  statements: readonly CommissionStatement[],
  agentId: string | null,
): Reconciliation {
  const months = [...new Set(statements.map((s) => s.month))];
  const rec = reconcile(lines, statementLines(statements), { months });
  return agentId ? filterReconciliation(rec, { agentId }) : rec;
}

export interface MonthFigures {
  month: string;
  expected: string;
  received: string;
}

/**
 * `month`'s expected commission (the lines' amounts, or an agent's parts when `agentId` is given: the
 * lines are then linesOfAgent's) and what the statements paid in it (chargebacks included).
 */
export function monthFigures(
  lines: readonly CommissionLine[],
  rec: Reconciliation,
  month: string,
  agentId: string | null,
): MonthFigures {
  const expected = sum(
    lines
      .filter((l) => l.month === month)
      .flatMap((l) => (agentId ? l.parts.map((p) => p.amount) : [l.amount])),
  );
  const received = sum(
    RECONCILIATION_GROUPS.filter((g) => g !== "missing").flatMap((g) =>
      rec[g].filter((e) => e.month === month).map((e) => e.paid),
    ),
  );
  return { month, expected, received };
}
