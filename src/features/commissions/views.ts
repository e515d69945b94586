import type { CommissionLine } from "../../../shared/commissions/expected";
import { sum } from "../../../shared/commissions/rounding";

// The commissions screen's views and filters, pure so they are tested without a screen.

export const VIEWS = [
  { id: "month", label: "By month", column: "Month" },
  { id: "company", label: "By company", column: "Company" },
  { id: "agent", label: "By agent", column: "Agent" },
] as const;
export type View = (typeof VIEWS)[number]["id"];

/**
 * An agent's lines count their own part (COMMUI3): each line's amount becomes the sum of its parts
 * (linesOfAgent kept only the agent's). An admin's lines (agentId null) stay whole.
 */
export const agentViewLines = (lines: readonly CommissionLine[], agentId: string | null): CommissionLine[] =>
  agentId === null ? [...lines] : lines.map((l) => ({ ...l, amount: sum(l.parts.map((p) => p.amount)) }));

/** The lines of a company, a month and an agent ("" for any); an agent's filter keeps only their parts. */
export function filterLines(
  lines: readonly CommissionLine[],
  filter: { providerId: string; month: string; agentId: string },
): CommissionLine[] {
  const out: CommissionLine[] = [];
  for (const l of lines) {
    if (filter.providerId && l.providerId !== filter.providerId) continue;
    if (filter.month && l.month !== filter.month) continue;
    if (!filter.agentId) {
      out.push(l);
      continue;
    }
    const parts = l.parts.filter((p) => p.agentId === filter.agentId);
    if (parts.length > 0) out.push({ ...l, parts, amount: sum(parts.map((p) => p.amount)) });
  }
  return out;
}
