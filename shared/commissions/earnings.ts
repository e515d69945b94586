import Decimal from "decimal.js";
import { type CommissionEarning, commissionEarningSchema } from "../documents/commission";

// COMM9 (docs/commissions.md "Expected commission"): the premium-change history. A coverage's summary in
// the book document carries its total premium; whoever writes a summary (the customer screens, the book
// import on the device or the server, a restore) passes the stored summary and the new one here, and
// writes the entry this returns into `commissionEarnings` with it. A change of total premium appends
// {on: the day, totalPremium} (the first change also records the sale's premium on its sales date), so
// the engine charges back the line before it and earns the new one: a reduction produces a chargeback.

/** The most changes an entry keeps (the schema's bound): a later change replaces the last one. */
const MAX_CHANGES = 100;

interface Summary {
  customerId: string;
  policyId: string;
  salesDate: string;
  totalPremium?: string;
}

const totalOf = (summary: unknown): string | undefined => {
  const total = (summary as { totalPremium?: unknown } | null | undefined)?.totalPremium;
  return typeof total === "string" && /^-?\d+(\.\d+)?$/.test(total) ? total : undefined;
};

/**
 * The coverage's premium history after its summary goes from `stored` to `next`, or null when its total
 * premium did not change (or there was no earlier summary: the sale itself is not a change).
 * `earning` is the stored history entry (an entry that does not fit its shape counts as none).
 */
export function premiumChange(
  coverageId: string,
  stored: unknown,
  next: Summary,
  earning: unknown,
  at: { now: string; userId: string },
): CommissionEarning | null {
  const before = totalOf(stored);
  const after = totalOf(next);
  if (before === undefined || after === undefined) return null;
  const kept = commissionEarningSchema.safeParse(earning);
  const changes = kept.success ? [...kept.data.changes] : [{ on: next.salesDate, totalPremium: before }];
  const last = changes.at(-1);
  if (last && new Decimal(last.totalPremium).eq(after)) return null;
  const day = at.now.slice(0, 10);
  const change = { on: day, totalPremium: after };
  // Two changes on one day are one change; the sale's entry is never replaced.
  if (changes.length > 1 && (last?.on === day || changes.length >= MAX_CHANGES))
    changes[changes.length - 1] = change;
  else changes.push(change);
  return {
    id: coverageId,
    customerId: next.customerId,
    policyId: next.policyId,
    changes,
    updatedAt: at.now,
    updatedBy: at.userId,
  };
}

/**
 * COMM9 for a write of whole summaries into the book document (the book import's last write, on the
 * device or the server): the `commissionEarnings` entries its coverage summaries make, read against the
 * document as it is before the write (`stored(section, key)`).
 */
export function premiumChangesOf(
  entries: readonly { section: string; key: string; value: unknown }[],
  stored: (section: "coverages" | "commissionEarnings", key: string) => unknown,
  at: { now: string; userId: string },
): { section: "commissionEarnings"; key: string; value: CommissionEarning }[] {
  const made: { section: "commissionEarnings"; key: string; value: CommissionEarning }[] = [];
  for (const { section, key, value } of entries) {
    if (section !== "coverages") continue;
    const earning = premiumChange(
      key,
      stored("coverages", key),
      value as Summary,
      stored("commissionEarnings", key),
      at,
    );
    if (earning) made.push({ section: "commissionEarnings", key, value: earning });
  }
  return made;
}
