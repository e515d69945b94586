import { reinsuranceYear } from "../../../shared/book/crop-year";
import { type InsurancePlan, LGM_COMMODITIES, LRP_COMMODITIES } from "../../../shared/catalogue";
import { type CommissionSchedule, commissionScheduleSchema } from "../../../shared/documents/commission";
import { type FieldIssues, issuesByPath } from "../../components/book-forms/zod-issues";

// A rate row as the rates form holds it (docs/commissions.md "Schedules"), and back to the shared shape:
// commissionScheduleSchema checks it and its messages show at the fields.

export interface ScheduleDraft {
  id: string | null;
  providerId: string;
  reinsuranceYear: string;
  plan: InsurancePlan;
  /** "" for every commodity of the plan. */
  commodity: string;
  effectiveDate: string;
  newRatePercent: string;
  renewalRatePercent: string;
}

export const newScheduleDraft = (today: string, plan: InsurancePlan = "lrp"): ScheduleDraft => ({
  id: null,
  providerId: "",
  reinsuranceYear: String(reinsuranceYear(today)),
  plan,
  commodity: "",
  effectiveDate: today,
  newRatePercent: "",
  renewalRatePercent: "",
});

export const scheduleDraftFrom = (s: CommissionSchedule): ScheduleDraft => ({
  id: s.id,
  providerId: s.providerId,
  reinsuranceYear: String(s.reinsuranceYear),
  plan: s.plan,
  commodity: s.commodity ?? "",
  effectiveDate: s.effectiveDate,
  newRatePercent: s.newRatePercent,
  renewalRatePercent: s.renewalRatePercent,
});

/** The commodities a plan's rate can be narrowed to. */
export const commodityOptions = (plan: InsurancePlan): { value: string; label: string }[] =>
  (plan === "lrp" ? LRP_COMMODITIES : LGM_COMMODITIES).map((c) => ({ value: c.code, label: c.label }));

export type ScheduleBuild = { ok: true; schedule: CommissionSchedule } | { ok: false; issues: FieldIssues };

/** The row of a draft, checked by the shared schema; a row of the same key and day is named as taken. */
export function scheduleFromDraft(
  draft: ScheduleDraft,
  base: { at: string; by: string; newId: () => string },
  others: readonly CommissionSchedule[],
): ScheduleBuild {
  const own: Record<string, string> = {};
  if (!draft.providerId) own.providerId = "choose the insurance company";
  const year = /^\d{4}$/.test(draft.reinsuranceYear.trim())
    ? Number(draft.reinsuranceYear.trim())
    : undefined;
  if (year === undefined) own.reinsuranceYear = "give the reinsurance year as four digits, e.g. 2027";
  const candidate = {
    id: draft.id ?? base.newId(),
    providerId: draft.providerId,
    reinsuranceYear: year ?? draft.reinsuranceYear,
    plan: draft.plan,
    ...(draft.commodity ? { commodity: draft.commodity } : {}),
    effectiveDate: draft.effectiveDate.trim(),
    newRatePercent: draft.newRatePercent.trim(),
    renewalRatePercent: draft.renewalRatePercent.trim(),
    updatedAt: base.at,
    updatedBy: base.by,
  };
  const parsed = commissionScheduleSchema.safeParse(candidate);
  if (parsed.success) {
    const s = parsed.data;
    const twin = others.find(
      (o) =>
        o.id !== s.id &&
        o.providerId === s.providerId &&
        o.reinsuranceYear === s.reinsuranceYear &&
        o.plan === s.plan &&
        (o.commodity ?? "") === (s.commodity ?? "") &&
        o.effectiveDate === s.effectiveDate,
    );
    if (twin)
      own.effectiveDate =
        "a rate for this company, year, plan and commodity already starts on this day: edit that row instead";
  }
  const issues = { ...(parsed.success ? {} : issuesByPath(parsed.error)), ...own };
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, schedule: parsed.data };
}
