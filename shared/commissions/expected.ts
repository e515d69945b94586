import { reinsuranceYear } from "../book/crop-year";
import type { CoverageSummary, PolicySummary } from "../documents/book";
import type { BusinessKind, CommissionSchedule, CommissionSplit } from "../documents/commission";
import type { CommissionBook } from "./book";
import { type CommissionPart, lineCommission, negated, splitCommission } from "./rounding";

// Expected commission (docs/commissions.md): for each coverage, what the company should pay and how the
// agency splits it. A coverage earns a line on its sales date at its total premium; each later premium
// change (commissionEarnings) reverses the line before it with a chargeback and earns a new one; a
// cancellation (the coverage's or its policy's) reverses the last line. A chargeback is its line
// negated (COMM2 rule 3), so a line and its chargeback add up to zero and a change of split or rate
// never rewrites what was earned. Pure: the same book gives the same lines, on the device and the server.

export type CommissionProblem = "no-rate" | "no-premium" | "no-provider" | "no-split";

export interface CommissionLine {
  /** `{coverageId}/{n}`: the coverage's n-th line, from 1. */
  id: string;
  kind: "commission" | "chargeback";
  /** The line a chargeback reverses. */
  reverses?: string;
  coverageId: string;
  customerId: string;
  policyId: string;
  policyNumber?: string;
  providerId?: string;
  plan: "lrp" | "lgm";
  commodity: string;
  cropYear: number;
  reinsuranceYear: number;
  salesDate: string;
  endDate: string;
  /** The day the line was earned or charged back, and its month (YYYY-MM). */
  on: string;
  month: string;
  business: BusinessKind;
  /** The schedule's rate (percent of total premium); null when no schedule row applies. */
  ratePercent: string | null;
  totalPremium: string;
  /** The line's commission: the parts add up to it. */
  amount: string;
  parts: CommissionPart[];
  /** Why the line is not what the company should pay: the screen says what to enter. */
  problems: CommissionProblem[];
}

const scheduleKey = (providerId: string, year: number, plan: string) => `${providerId}|${year}|${plan}`;

/** The schedule rows by company × reinsurance year × plan, latest effective date first. */
function indexSchedules(schedules: readonly CommissionSchedule[]) {
  const index = new Map<string, CommissionSchedule[]>();
  for (const s of schedules) {
    const key = scheduleKey(s.providerId, s.reinsuranceYear, s.plan);
    const list = index.get(key) ?? [];
    list.push(s);
    index.set(key, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate));
  return index;
}

/** The row for a sale: the commodity's own row before the plan's, the latest in effect on the day. */
function scheduleFor(
  index: Map<string, CommissionSchedule[]>,
  providerId: string,
  plan: string,
  commodity: string,
  salesDate: string,
): CommissionSchedule | undefined {
  const list = index.get(scheduleKey(providerId, reinsuranceYear(salesDate), plan)) ?? [];
  const inEffect = list.filter((s) => s.effectiveDate <= salesDate);
  return inEffect.find((s) => s.commodity === commodity) ?? inEffect.find((s) => s.commodity === undefined);
}

/** The splits by policy, latest first. */
function indexSplits(splits: readonly CommissionSplit[]) {
  const index = new Map<string, CommissionSplit[]>();
  for (const s of splits) {
    const list = index.get(s.policyId) ?? [];
    list.push(s);
    index.set(s.policyId, list);
  }
  for (const list of index.values())
    list.sort((a, b) => b.from.localeCompare(a.from) || b.updatedAt.localeCompare(a.updatedAt));
  return index;
}

/** The day a cancelled coverage (or one of a cancelled policy) was charged back; null when it was not. */
function cancelledOn(coverage: CoverageSummary, policy: PolicySummary | undefined): string | null {
  if (coverage.status === "cancelled") return coverage.updatedAt.slice(0, 10);
  if (policy?.status === "cancelled") return policy.updatedAt.slice(0, 10);
  return null;
}

/** The later of two days (YYYY-MM-DD): a line is never earned before the sale, nor reversed before it was earned. */
const laterDay = (a: string, b: string) => (a.localeCompare(b) < 0 ? b : a);

/** Every expected line of the book, coverage by coverage (by customer, then coverage id). */
export function expectedCommissions(book: CommissionBook): CommissionLine[] {
  const schedules = indexSchedules(book.schedules);
  const splits = indexSplits(book.splits);
  const coverages = [...book.coverages].sort(
    (a, b) => a.customerId.localeCompare(b.customerId) || a.id.localeCompare(b.id),
  );
  const lines: CommissionLine[] = [];
  for (const coverage of coverages) {
    const policy = book.policies[coverage.policyId];
    const providerId = coverage.providerId ?? policy?.providerId;
    const policySplits = splits.get(coverage.policyId) ?? [];
    const splitOn = (day: string) => policySplits.find((s) => s.from <= day);
    const schedule = providerId
      ? scheduleFor(schedules, providerId, coverage.plan, coverage.commodity, coverage.salesDate)
      : undefined;
    const history = book.earnings[coverage.id]?.changes;
    const premiums =
      history && history.length > 0
        ? history
        : coverage.totalPremium === undefined
          ? []
          : [{ on: coverage.salesDate, totalPremium: coverage.totalPremium }];
    const base = {
      coverageId: coverage.id,
      customerId: coverage.customerId,
      policyId: coverage.policyId,
      ...(policy?.policyNumber ? { policyNumber: policy.policyNumber } : {}),
      ...(providerId ? { providerId } : {}),
      plan: coverage.plan,
      commodity: coverage.commodity,
      cropYear: coverage.cropYear,
      reinsuranceYear: reinsuranceYear(coverage.salesDate),
      salesDate: coverage.salesDate,
      endDate: coverage.endDate,
    };
    let n = 0;
    let last: CommissionLine | null = null;
    const reverse = (line: CommissionLine, on: string) => {
      n += 1;
      lines.push({
        ...line,
        id: `${coverage.id}/${n}`,
        kind: "chargeback",
        reverses: line.id,
        on,
        month: on.slice(0, 7),
        totalPremium: negated(line.totalPremium),
        amount: negated(line.amount),
        parts: line.parts.map((p) => ({ ...p, amount: negated(p.amount) })),
      });
    };
    for (const change of premiums) {
      const on = laterDay(change.on, coverage.salesDate);
      if (last) reverse(last, on);
      const split = splitOn(on);
      const business: BusinessKind =
        split?.business ?? (policy && coverage.cropYear > policy.cropYear ? "renewal" : "new");
      const ratePercent = schedule
        ? business === "new"
          ? schedule.newRatePercent
          : schedule.renewalRatePercent
        : null;
      const amount = ratePercent === null ? "0.00" : lineCommission(change.totalPremium, ratePercent);
      const problems: CommissionProblem[] = [];
      if (!providerId) problems.push("no-provider");
      else if (ratePercent === null) problems.push("no-rate");
      if (!split) problems.push("no-split");
      n += 1;
      last = {
        ...base,
        id: `${coverage.id}/${n}`,
        kind: "commission",
        on,
        month: on.slice(0, 7),
        business,
        ratePercent,
        totalPremium: change.totalPremium,
        amount,
        parts: splitCommission(amount, split),
        problems,
      };
      lines.push(last);
    }
    if (premiums.length === 0) {
      n += 1;
      lines.push({
        ...base,
        id: `${coverage.id}/${n}`,
        kind: "commission",
        on: coverage.salesDate,
        month: coverage.salesDate.slice(0, 7),
        business: "new",
        ratePercent: null,
        totalPremium: "0.00",
        amount: "0.00",
        parts: splitCommission("0.00", undefined),
        problems: ["no-premium"],
      });
      continue;
    }
    const cancelled = cancelledOn(coverage, policy);
    if (cancelled && last) reverse(last, laterDay(cancelled, last.on));
  }
  return lines;
}

/**
 * An agent's view: the lines they have a part in, each with only their own parts (an agent never sees
 * another agent's part, nor the agency's). An admin's view is every line as it is.
 */
export function linesOfAgent(lines: readonly CommissionLine[], agentId: string): CommissionLine[] {
  const mine: CommissionLine[] = [];
  for (const line of lines) {
    const parts = line.parts.filter((p) => p.agentId === agentId);
    if (parts.length > 0) mine.push({ ...line, parts });
  }
  return mine;
}
