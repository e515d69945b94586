import type { CommissionLine } from "./expected";
import { sum } from "./rounding";

// The screens' groups (docs/commissions.md): lines summed by month, by company or by agent, exactly.
// By agent, each part counts for its agent ("agency" for the agency's part); by month or company, each
// line counts whole.

export interface CommissionTotal {
  key: string;
  /** Commission earned (lines), chargebacks (negative) and the two together. */
  earned: string;
  chargebacks: string;
  net: string;
  lines: number;
}

export function totalsBy(
  lines: readonly CommissionLine[],
  by: "month" | "provider" | "agent",
): CommissionTotal[] {
  const groups = new Map<string, { earned: string[]; chargebacks: string[]; lines: number }>();
  const add = (key: string, line: CommissionLine, amount: string) => {
    const group = groups.get(key) ?? { earned: [], chargebacks: [], lines: 0 };
    (line.kind === "chargeback" ? group.chargebacks : group.earned).push(amount);
    group.lines += 1;
    groups.set(key, group);
  };
  for (const line of lines) {
    if (by === "agent") for (const part of line.parts) add(part.agentId ?? "agency", line, part.amount);
    else add(by === "month" ? line.month : (line.providerId ?? ""), line, line.amount);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, g]) => {
      const earned = sum(g.earned);
      const chargebacks = sum(g.chargebacks);
      return { key, earned, chargebacks, net: sum([earned, chargebacks]), lines: g.lines };
    });
}
