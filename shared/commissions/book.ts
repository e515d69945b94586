import type { CoverageSummary, PolicySummary } from "../documents/book";
import {
  type CommissionAgent,
  type CommissionEarning,
  type CommissionSchedule,
  type CommissionSplit,
  type CommissionStatement,
  commissionAgentSchema,
  commissionEarningSchema,
  commissionScheduleSchema,
  commissionSplitSchema,
  commissionStatementSchema,
} from "../documents/commission";

// What the commission engine reads (docs/commissions.md): the book document's coverage and policy
// summaries and its commission sections. commissionBookOf takes the book document's JSON as the device
// or the server holds it and keeps the entries that fit their shapes (a half-synced entry is left out,
// never guessed at).

export interface CommissionBook {
  coverages: readonly CoverageSummary[];
  policies: Readonly<Record<string, PolicySummary>>;
  schedules: readonly CommissionSchedule[];
  splits: readonly CommissionSplit[];
  agents: Readonly<Record<string, CommissionAgent>>;
  earnings: Readonly<Record<string, CommissionEarning>>;
}

const entries = (section: unknown): unknown[] =>
  section && typeof section === "object" ? Object.values(section as Record<string, unknown>) : [];

function valid<T>(section: unknown, schema: { safeParse(v: unknown): { success: boolean; data?: T } }): T[] {
  const kept: T[] = [];
  for (const entry of entries(section)) {
    const parsed = schema.safeParse(entry);
    if (parsed.success) kept.push(parsed.data as T);
  }
  return kept;
}

const byId = <T extends { id: string }>(list: readonly T[]): Record<string, T> =>
  Object.fromEntries(list.map((x) => [x.id, x]));

/**
 * The engine's input from the book document's JSON (sections by name). Summaries are taken as they
 * are (the sync server checked them); commission entries are checked against their shapes.
 */
export function commissionBookOf(book: Record<string, unknown>): CommissionBook {
  return {
    coverages: entries(book.coverages) as CoverageSummary[],
    policies: (book.policies ?? {}) as Record<string, PolicySummary>,
    schedules: valid<CommissionSchedule>(book.commissionSchedules, commissionScheduleSchema),
    splits: valid<CommissionSplit>(book.commissionSplits, commissionSplitSchema),
    agents: byId(valid<CommissionAgent>(book.commissionAgents, commissionAgentSchema)),
    earnings: byId(valid<CommissionEarning>(book.commissionEarnings, commissionEarningSchema)),
  };
}

/** The statements kept in the book document, newest first. */
export const statementsOf = (book: Record<string, unknown>): CommissionStatement[] =>
  valid<CommissionStatement>(book.commissionStatements, commissionStatementSchema).sort((a, b) =>
    b.importedAt.localeCompare(a.importedAt),
  );
