import type { CoverageSummary, PolicySummary } from "../documents/book";
import type { BusinessKind } from "../documents/commission";
import type { CommissionBook } from "./book";
import { type PreparedBook, prepareBook } from "./prepared";
import { type CommissionPart, negated, splitCommission } from "./rounding";

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

/** The day a cancelled coverage (or one of a cancelled policy) was charged back; null when it was not. */
function cancelledOn(coverage: CoverageSummary, policy: PolicySummary | undefined): string | null {
  if (coverage.status === "cancelled") return coverage.updatedAt.slice(0, 10);
  if (policy?.status === "cancelled") return policy.updatedAt.slice(0, 10);
  return null;
}

/** The later of two days (YYYY-MM-DD): a line is never earned before the sale, nor reversed before it was earned. */
const laterDay = (a: string, b: string) => (a < b ? b : a);

/** Customer, then coverage id (as text, code unit by code unit): the lines' order. */
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const coverageOrder = (a: CoverageSummary, b: CoverageSummary) =>
  textOrder(a.customerId, b.customerId) || textOrder(a.id, b.id);

/** Rule 3: the chargeback of `line`, every figure negated. */
const chargeback = (line: CommissionLine, id: string, on: string): CommissionLine => ({
  ...line,
  id,
  kind: "chargeback",
  reverses: line.id,
  on,
  month: on.slice(0, 7),
  totalPremium: negated(line.totalPremium),
  amount: negated(line.amount),
  parts: line.parts.map((p) => ({ ...p, amount: negated(p.amount) })),
});

/** Every expected line of the book, coverage by coverage (by customer, then coverage id). */
export function expectedCommissions(book: CommissionBook): CommissionLine[] {
  const prepared = prepareBook(book.schedules, book.splits);
  const lines: CommissionLine[] = [];
  for (const coverage of [...book.coverages].sort(coverageOrder))
    coverageLines(book, prepared, coverage, lines);
  return lines;
}

/** A coverage's lines, appended to `lines`. */
function coverageLines(
  book: CommissionBook,
  prepared: PreparedBook,
  coverage: CoverageSummary,
  lines: CommissionLine[],
): void {
  const policy = book.policies[coverage.policyId];
  const providerId = coverage.providerId ?? policy?.providerId;
  const year = prepared.reinsuranceYear(coverage.salesDate);
  const schedule = providerId
    ? prepared.scheduleFor(providerId, year, coverage.plan, coverage.commodity, coverage.salesDate)
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
    reinsuranceYear: year,
    salesDate: coverage.salesDate,
    endDate: coverage.endDate,
  };
  if (premiums.length === 0) {
    lines.push({
      ...base,
      id: `${coverage.id}/1`,
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
    return;
  }
  let n = 0;
  let last: CommissionLine | null = null;
  for (const change of premiums) {
    const on = laterDay(change.on, coverage.salesDate);
    if (last) {
      n += 1;
      lines.push(chargeback(last, `${coverage.id}/${n}`, on));
    }
    const split = prepared.splitOn(coverage.policyId, on);
    const business: BusinessKind =
      split?.business ?? (policy && coverage.cropYear > policy.cropYear ? "renewal" : "new");
    const commission = schedule ? prepared.commission(schedule, business, change.totalPremium) : null;
    const amount = commission ? commission.toFixed(2) : "0.00";
    const problems: CommissionProblem[] = [];
    if (!providerId) problems.push("no-provider");
    else if (!schedule) problems.push("no-rate");
    if (!split) problems.push("no-split");
    n += 1;
    last = {
      ...base,
      id: `${coverage.id}/${n}`,
      kind: "commission",
      on,
      month: on.slice(0, 7),
      business,
      ratePercent: schedule
        ? business === "new"
          ? schedule.newRatePercent
          : schedule.renewalRatePercent
        : null,
      totalPremium: change.totalPremium,
      amount,
      parts: commission ? prepared.parts(commission, split) : splitCommission(amount, split),
      problems,
    };
    lines.push(last);
  }
  const cancelled = cancelledOn(coverage, policy);
  if (cancelled && last)
    lines.push(chargeback(last, `${coverage.id}/${n + 1}`, laterDay(cancelled, last.on)));
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
