import { toCsv } from "../csv";
import type { StatementLine } from "../documents/commission";
import type { CommissionLine } from "./expected";
import { compare, minus, sum } from "./rounding";

// Reconciliation (docs/commissions.md "Reconciliation", COMM3): a company's statement against the
// expected lines. A statement line finds its coverage by company and policy number, then by the
// endorsement's keys it carries (sales date, commodity, end date). Per coverage, what the statement
// paid (its positive lines) is compared with what the coverage earned, and what it clawed back (its
// negative lines) with the coverage's chargebacks:
//   matched      paid exactly what was expected
//   underpaid    paid less (difference negative)      overpaid  paid more (difference positive)
//   missing      expected in the months reconciled, on no line of the statement
//   unknown      a statement line no coverage of the book matches
//   chargebacks  clawed-back lines, each against the coverage's expected chargebacks (difference 0 when
//                they match the cancellation or reduction exactly)
// Amounts are cents text; difference = paid − expected.

export interface ReconciliationEntry {
  kind: "commission" | "chargeback";
  policyNumber: string;
  providerId: string;
  coverageId?: string;
  customerId?: string;
  salesDate?: string;
  commodity?: string;
  /** The statement line's month, else the expected line's. */
  month?: string;
  expected: string;
  paid: string;
  difference: string;
  /** The statement's lines (file line numbers) this entry is about. */
  statementLines: number[];
  /** Agents with a part in the coverage's lines. */
  agentIds: string[];
}

export interface Reconciliation {
  matched: ReconciliationEntry[];
  underpaid: ReconciliationEntry[];
  overpaid: ReconciliationEntry[];
  missing: ReconciliationEntry[];
  unknown: ReconciliationEntry[];
  chargebacks: ReconciliationEntry[];
}

export const RECONCILIATION_GROUPS = [
  "matched",
  "underpaid",
  "overpaid",
  "missing",
  "unknown",
  "chargebacks",
] as const satisfies readonly (keyof Reconciliation)[];

/** Policy numbers compared without case, spaces or punctuation ("LRP-0012 " = "lrp0012"). */
const policyKey = (providerId: string, policyNumber: string) =>
  `${providerId}|${policyNumber.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;

interface CoverageGroup {
  first: CommissionLine;
  earned: string[];
  chargedBack: string[];
  /** In the months reconciled: earned / charged back there. */
  earnedInScope: boolean;
  chargedBackInScope: boolean;
  paid: StatementLine[];
  clawed: StatementLine[];
  agentIds: Set<string>;
}

export interface ReconcileOptions {
  /** The months (YYYY-MM) whose expected lines the statement should carry; absent: every month. */
  months?: readonly string[];
}

export function reconcile(
  lines: readonly CommissionLine[],
  statement: readonly StatementLine[],
  options: ReconcileOptions = {},
): Reconciliation {
  const months = options.months ? new Set(options.months) : null;
  const providers = new Set<string>(statement.map((l) => l.providerId));
  const groups = new Map<string, CoverageGroup>();
  const byPolicy = new Map<string, CoverageGroup[]>();
  for (const line of lines) {
    if (!line.providerId || !providers.has(line.providerId)) continue;
    let group = groups.get(line.coverageId);
    if (!group) {
      group = {
        first: line,
        earned: [],
        chargedBack: [],
        earnedInScope: false,
        chargedBackInScope: false,
        paid: [],
        clawed: [],
        agentIds: new Set(),
      };
      groups.set(line.coverageId, group);
      if (line.policyNumber) {
        const key = policyKey(line.providerId, line.policyNumber);
        const list = byPolicy.get(key);
        if (list) list.push(group);
        else byPolicy.set(key, [group]);
      }
    }
    const inScope = months === null || months.has(line.month);
    if (line.kind === "commission") {
      group.earned.push(line.amount);
      group.earnedInScope ||= inScope && compare(line.amount, "0") !== 0;
    } else {
      group.chargedBack.push(line.amount);
      group.chargedBackInScope ||= inScope;
    }
    for (const part of line.parts) if (part.agentId) group.agentIds.add(part.agentId);
  }

  const result: Reconciliation = {
    matched: [],
    underpaid: [],
    overpaid: [],
    missing: [],
    unknown: [],
    chargebacks: [],
  };
  for (const s of statement) {
    const candidates = (byPolicy.get(policyKey(s.providerId, s.policyNumber)) ?? []).filter(
      (g) =>
        (s.salesDate === undefined || g.first.salesDate === s.salesDate) &&
        (s.commodity === undefined || g.first.commodity === s.commodity) &&
        (s.endDate === undefined || g.first.endDate === s.endDate),
    );
    const negative = compare(s.amount, "0") < 0;
    const free = candidates.find((g) => (negative ? g.clawed : g.paid).length === 0);
    const group = free ?? candidates[0];
    if (!group) {
      result.unknown.push({
        kind: negative ? "chargeback" : "commission",
        policyNumber: s.policyNumber,
        providerId: s.providerId,
        ...(s.salesDate ? { salesDate: s.salesDate } : {}),
        ...(s.commodity ? { commodity: s.commodity } : {}),
        ...(s.month ? { month: s.month } : {}),
        expected: "0.00",
        paid: sum([s.amount]),
        difference: sum([s.amount]),
        statementLines: [s.line],
        agentIds: [],
      });
      continue;
    }
    (negative ? group.clawed : group.paid).push(s);
  }

  for (const group of groups.values()) {
    const entry = (kind: "commission" | "chargeback", expected: string, paidLines: StatementLine[]) => {
      const paid = sum(paidLines.map((l) => l.amount));
      const month = paidLines.find((l) => l.month)?.month ?? group.first.month;
      return {
        kind,
        policyNumber: group.first.policyNumber ?? "",
        providerId: group.first.providerId ?? "",
        coverageId: group.first.coverageId,
        customerId: group.first.customerId,
        salesDate: group.first.salesDate,
        commodity: group.first.commodity,
        month,
        expected,
        paid,
        difference: minus(paid, expected),
        statementLines: paidLines.map((l) => l.line),
        agentIds: [...group.agentIds].sort(),
      };
    };
    const earned = sum(group.earned);
    if (group.paid.length > 0) {
      const e = entry("commission", earned, group.paid);
      const c = compare(e.paid, earned);
      (c === 0 ? result.matched : c < 0 ? result.underpaid : result.overpaid).push(e);
    } else if (group.earnedInScope) result.missing.push(entry("commission", earned, []));
    const chargedBack = sum(group.chargedBack);
    if (group.clawed.length > 0) result.chargebacks.push(entry("chargeback", chargedBack, group.clawed));
    else if (group.chargedBackInScope && compare(chargedBack, "0") !== 0)
      result.missing.push(entry("chargeback", chargedBack, []));
  }
  return result;
}

export interface ReconciliationFilter {
  providerId?: string;
  month?: string;
  /** An agent sees the coverages they have a part in, and no unknown line (it is no one's yet). */
  agentId?: string;
}

/** The reconciliation narrowed by company, month and agent (the screen's filters, the routes' access). */
export function filterReconciliation(rec: Reconciliation, filter: ReconciliationFilter): Reconciliation {
  const keep = (group: keyof Reconciliation) =>
    rec[group].filter(
      (e) =>
        (filter.providerId === undefined || e.providerId === filter.providerId) &&
        (filter.month === undefined || e.month === filter.month) &&
        (filter.agentId === undefined || (group !== "unknown" && e.agentIds.includes(filter.agentId))),
    );
  return Object.fromEntries(RECONCILIATION_GROUPS.map((g) => [g, keep(g)])) as unknown as Reconciliation;
}

/** The reconciliation as CSV (the one CSV writer: formula-safe). */
export function reconciliationCsv(rec: Reconciliation): string {
  const rows = RECONCILIATION_GROUPS.flatMap((group) =>
    rec[group].map((e) => [
      group,
      e.kind,
      e.policyNumber,
      e.providerId,
      e.salesDate,
      e.commodity,
      e.month,
      e.expected,
      e.paid,
      e.difference,
      e.statementLines.join(" "),
    ]),
  );
  return toCsv(
    [
      "Group",
      "Kind",
      "Policy number",
      "Company",
      "Sales date",
      "Commodity",
      "Month",
      "Expected",
      "Paid",
      "Difference",
      "Statement lines",
    ],
    rows,
  );
}
