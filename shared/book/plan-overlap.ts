import { getInsuranceProvider } from "../catalogue/providers";
import type { LgmEndorsement, LrpCoverage, Policy } from "../documents/book";
import { addMonths, formatYearMonth, parseYearMonth, yearMonthOf } from "../market/dates";
import { cropYearOf } from "./crop-year";
import { lgmInsurancePeriod } from "./lgm-endorsement";

// LRP and LGM-Cattle on the same animals (DOMAIN.md "Both LRP and LGM"), kept as data by reinsurance
// year (a coverage's crop year is the reinsurance year of its sales date, crop-year.ts):
// - CY2023 to RY2026 (PM-22-029, 2022-04-29): a producer may hold both, but not on the same class of
//   livestock with the same end month: an LRP cattle endorsement (feeder or fed) ending in a month in
//   which an LGM-Cattle endorsement has target marketings is not allowed.
// - From RY2027 (bought from 2026-07-01; WLJ 2026-05-22, FCIC Board Aug 2025): overlapping is allowed
//   only with the same AIP (insurance provider), and no indemnity is paid on more head than actually
//   marketed: the combined insured head of the month must not exceed what the producer markets. The
//   book does not hold actual marketings, so it names the combined figure to check.
// A pair is judged by the later of the two coverages' crop years. Cancelled coverages do not count.

export const LRP_LGM_OVERLAP_RULES = [
  { fromReinsuranceYear: 2023, allowed: "never-same-month", source: "RMA PM-22-029 (2022-04-29)" },
  {
    fromReinsuranceYear: 2027,
    allowed: "same-aip",
    source: "WLJ 2026-05-22; FCIC Board Aug 2025 (coverage bought after 2026-07-01)",
  },
] as const;

/** The rule in force for a pair judged by `year` (the earliest one before 2023, as the code always did). */
const overlapRuleOf = (year: number) =>
  LRP_LGM_OVERLAP_RULES.findLast((r) => year >= r.fromReinsuranceYear) ?? LRP_LGM_OVERLAP_RULES[0];
const SAME_AIP_FROM = LRP_LGM_OVERLAP_RULES[1].fromReinsuranceYear;

const LRP_CATTLE: readonly string[] = ["0801", "0802"];
const LGM_CATTLE = "0803";

export type PlanOverlapKind = "same-month" | "different-aip" | "combined-head";

export interface PlanOverlapWarning {
  kind: PlanOverlapKind;
  lrpId: string;
  lgmId: string;
  /** The month both insure, YYYY-MM. */
  month: string;
  /** LRP head ending in the month plus LGM target marketings of the month. */
  combinedHead: number;
  message: string;
}

/** What the rule reads of an LRP coverage (a record, or the form's candidate before it is saved). */
export type OverlapLrp = Pick<
  LrpCoverage,
  "id" | "plan" | "policyId" | "cropYear" | "status" | "commodity" | "endDate" | "head"
>;
/** What the rule reads of an LGM endorsement. */
export type OverlapLgm = Pick<
  LgmEndorsement,
  "id" | "plan" | "policyId" | "cropYear" | "status" | "commodity" | "firstMonth" | "targetMarketings"
>;

/**
 * An LGM endorsement the create form is about to save, as the rule reads it (its insurance period from
 * the sales date, as lgmEndorsementFromQuote records it); null when it is not LGM-Cattle, which the
 * rule does not concern.
 */
export function lgmOverlapCandidate(c: {
  id: string;
  policyId: string;
  salesDate: string;
  commodity: string;
  targetMarketings: readonly number[];
}): OverlapLgm | null {
  if (c.commodity !== LGM_CATTLE) return null;
  return {
    id: c.id,
    plan: "lgm",
    policyId: c.policyId,
    cropYear: cropYearOf(c.salesDate),
    status: "quoted",
    commodity: LGM_CATTLE,
    firstMonth: lgmInsurancePeriod(LGM_CATTLE, c.salesDate).firstMonth,
    targetMarketings: [...c.targetMarketings],
  };
}

/** The LGM endorsement's target marketings of a month (0 when the month is outside its period). */
function lgmHeadIn(lgm: OverlapLgm, month: string): number {
  const first = parseYearMonth(lgm.firstMonth);
  const i = lgm.targetMarketings.findIndex((_, k) => formatYearMonth(addMonths(first, k)) === month);
  return i < 0 ? 0 : (lgm.targetMarketings[i] ?? 0);
}

const providerOf = (
  policies: Readonly<Record<string, Policy>>,
  c: OverlapLrp | OverlapLgm,
): string | undefined => policies[c.policyId]?.providerId;

const nameOf = (providerId: string | undefined): string =>
  providerId ? (getInsuranceProvider(providerId)?.name ?? providerId) : "an unknown provider";

/**
 * The warnings a customer's coverages raise under the LRP + LGM-Cattle rules: per LRP cattle
 * endorsement and LGM-Cattle endorsement with target marketings in the LRP end month.
 * @param policies the customer's policies by id (for each coverage's AIP)
 */
export function lrpLgmOverlapWarnings(
  coverages: Iterable<OverlapLrp | OverlapLgm>,
  policies: Readonly<Record<string, Policy>>,
): PlanOverlapWarning[] {
  const live = [...coverages].filter((c) => c.status !== "cancelled");
  const lrps = live.filter((c): c is OverlapLrp => c.plan === "lrp" && LRP_CATTLE.includes(c.commodity));
  const lgms = live.filter((c): c is OverlapLgm => c.plan === "lgm" && c.commodity === LGM_CATTLE);
  const out: PlanOverlapWarning[] = [];
  for (const lrp of lrps) {
    const month = formatYearMonth(yearMonthOf(lrp.endDate));
    for (const lgm of lgms) {
      const lgmHead = lgmHeadIn(lgm, month);
      if (lgmHead === 0) continue;
      const combinedHead = lrp.head + lgmHead;
      const base = { lrpId: lrp.id, lgmId: lgm.id, month, combinedHead };
      const rule = overlapRuleOf(Math.max(lrp.cropYear, lgm.cropYear));
      if (rule.allowed === "never-same-month") {
        out.push({
          ...base,
          kind: "same-month",
          message: `LRP cattle ending in ${month} and LGM-Cattle with marketings in ${month}: before reinsurance year ${SAME_AIP_FROM} the same class of livestock cannot be covered by both with the same end month`,
        });
        continue;
      }
      const lrpAip = providerOf(policies, lrp);
      const lgmAip = providerOf(policies, lgm);
      if (lrpAip !== lgmAip)
        out.push({
          ...base,
          kind: "different-aip",
          message: `LRP (${nameOf(lrpAip)}) and LGM-Cattle (${nameOf(lgmAip)}) both cover ${month}: from reinsurance year ${SAME_AIP_FROM} overlapping coverage must be with the same insurance provider`,
        });
      out.push({
        ...base,
        kind: "combined-head",
        message: `${combinedHead.toLocaleString("en-US")} head insured in ${month} by LRP (${lrp.head}) and LGM-Cattle (${lgmHead}) together: no indemnity is paid on more than the producer actually markets that month`,
      });
    }
  }
  return out;
}
