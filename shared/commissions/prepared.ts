import type Decimal from "decimal.js";
import { reinsuranceYear } from "../book/crop-year";
import type { BusinessKind, CommissionSchedule, CommissionSplit } from "../documents/commission";
import { type CommissionPart, commissionAtRate, partsOf } from "./rounding";

// What the expected-commission engine reads once per run rather than once per line (docs/commissions.md
// "Figures": 5,000 coverages in well under 200 ms): the rate rows indexed by company × reinsurance year
// × plan, each row's two rates and each split's shares read as decimals once, the splits indexed by
// policy, and each sales date's reinsurance year. The rounding itself stays in rounding.ts (COMM2).

const scheduleKey = (providerId: string, year: number, plan: string) => `${providerId}|${year}|${plan}`;

/** Latest first, by plain comparison: ISO dates and instants sort as text. */
const latestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

export interface PreparedBook {
  /** The rate row for a sale: the commodity's own row before the plan's, the latest in effect on the day. */
  scheduleFor(
    providerId: string,
    year: number,
    plan: string,
    commodity: string,
    salesDate: string,
  ): CommissionSchedule | undefined;
  /** The policy's split in effect on `day` (the latest `from` on or before it). */
  splitOn(policyId: string, day: string): CommissionSplit | undefined;
  /** Rule 1 at the row's rate for the business kind. */
  commission(schedule: CommissionSchedule, business: BusinessKind, totalPremium: string): Decimal;
  /** Rule 2 under the split. */
  parts(commission: Decimal, split: CommissionSplit | undefined): CommissionPart[];
  reinsuranceYear(day: string): number;
}

export function prepareBook(
  schedules: readonly CommissionSchedule[],
  splits: readonly CommissionSplit[],
): PreparedBook {
  const rows = new Map<string, CommissionSchedule[]>();
  for (const s of schedules) {
    const key = scheduleKey(s.providerId, s.reinsuranceYear, s.plan);
    const list = rows.get(key);
    if (list) list.push(s);
    else rows.set(key, [s]);
  }
  for (const list of rows.values()) list.sort((a, b) => latestFirst(a.effectiveDate, b.effectiveDate));

  const byPolicy = new Map<string, CommissionSplit[]>();
  for (const s of splits) {
    const list = byPolicy.get(s.policyId);
    if (list) list.push(s);
    else byPolicy.set(s.policyId, [s]);
  }
  for (const list of byPolicy.values())
    list.sort((a, b) => latestFirst(a.from, b.from) || latestFirst(a.updatedAt, b.updatedAt));

  const rates = new Map<CommissionSchedule, Record<BusinessKind, (totalPremium: string) => Decimal>>();
  const years = new Map<string, number>();
  return {
    scheduleFor(providerId, year, plan, commodity, salesDate) {
      let planRow: CommissionSchedule | undefined;
      for (const s of rows.get(scheduleKey(providerId, year, plan)) ?? []) {
        if (s.effectiveDate > salesDate) continue;
        if (s.commodity === commodity) return s;
        if (s.commodity === undefined) planRow ??= s;
      }
      return planRow;
    },
    splitOn(policyId, day) {
      for (const s of byPolicy.get(policyId) ?? []) if (s.from <= day) return s;
      return undefined;
    },
    commission(schedule, business, totalPremium) {
      let rate = rates.get(schedule);
      if (!rate) {
        rate = {
          new: commissionAtRate(schedule.newRatePercent),
          renewal: commissionAtRate(schedule.renewalRatePercent),
        };
        rates.set(schedule, rate);
      }
      return rate[business](totalPremium);
    },
    parts: partsOf,
    reinsuranceYear(day) {
      let year = years.get(day);
      if (year === undefined) {
        year = reinsuranceYear(day);
        years.set(day, year);
      }
      return year;
    },
  };
}
