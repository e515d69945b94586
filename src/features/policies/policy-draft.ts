import { type AipProviderChoice, orgDefaultProviderId } from "../../../shared/admin/aip-providers";
import { cropYearOf, reinsuranceYear } from "../../../shared/book/crop-year";
import { policyNumberProblem } from "../../../shared/book/policy-number";
import {
  getInsuranceProvider,
  INSURANCE_PLAN_LABELS,
  type InsurancePlan,
  providerSupportsPlan,
} from "../../../shared/catalogue";
import { type Address, type Policy, policySchema } from "../../../shared/documents/book";
import { type FieldIssues, issuesByPath, mergeIssues } from "../../components/book-forms";

// A policy as its form holds it, and back to the shared shape (policySchema checks it; its messages are
// shown at their fields). Defaults: the provider by spec §9's helper among the organisation's providers
// (its AIP settings: the customer's preference, then the org's primary, else the spec's default or the
// org's first provider — orgDefaultProviderId); crop year and reinsurance year of today
// (shared/book/crop-year.ts).

type Preferred = Partial<Record<InsurancePlan, string>>;

export interface PolicyDraft {
  entityId: string;
  plan: InsurancePlan;
  providerId: string;
  policyNumber: string;
  cropYear: string;
  reinsuranceYear: string;
  state: string;
  county: string;
}

/**
 * A new policy's draft on `today` (YYYY-MM-DD); `preferred` is the customer's provider per plan, `aip`
 * the organisation's AIP settings (null: the whole catalogue).
 */
export function newPolicyDraft(
  today: string,
  plan: InsurancePlan = "lrp",
  preferred: Preferred = {},
  aip: AipProviderChoice | null = null,
): PolicyDraft {
  return {
    entityId: "",
    plan,
    providerId: orgDefaultProviderId(aip, plan, preferred[plan]),
    policyNumber: "",
    cropYear: String(cropYearOf(today)),
    reinsuranceYear: String(reinsuranceYear(today)),
    state: "",
    county: "",
  };
}

export const policyDraftFrom = (policy: Policy): PolicyDraft => ({
  entityId: policy.entityId,
  plan: policy.plan,
  providerId: policy.providerId,
  policyNumber: policy.policyNumber ?? "",
  cropYear: String(policy.cropYear),
  reinsuranceYear: String(policy.reinsuranceYear),
  state: policy.state,
  county: policy.county,
});

/**
 * A change of plan takes the plan's default provider for the organisation (as newPolicyDraft); the same
 * plan keeps the provider chosen.
 */
export function withPlan(
  draft: PolicyDraft,
  plan: InsurancePlan,
  preferred: Preferred = {},
  aip: AipProviderChoice | null = null,
): PolicyDraft {
  const current = getInsuranceProvider(draft.providerId);
  const keep = current !== undefined && providerSupportsPlan(current, plan) && draft.plan === plan;
  return {
    ...draft,
    plan,
    providerId: keep ? draft.providerId : orgDefaultProviderId(aip, plan, preferred[plan]),
  };
}

/** Where a new policy is, by default: the entity's address, else the customer's. */
export function withPlaceFrom(
  draft: PolicyDraft,
  ...addresses: (Partial<Address> | undefined)[]
): PolicyDraft {
  if (draft.state) return draft;
  const address = addresses.find((a) => a?.state);
  return address?.state ? { ...draft, state: address.state, county: address.county ?? "" } : draft;
}

export type PolicyBase = Pick<Policy, "id" | "status" | "createdAt" | "updatedAt" | "updatedBy"> & {
  statusReason?: string;
};

export type PolicyBuild = { ok: true; policy: Policy } | { ok: false; issues: FieldIssues };

const yearText = (text: string) => (/^\d{4}$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The policy of a draft, checked by the shared schema and the provider catalogue. */
export function policyFromDraft(draft: PolicyDraft, base: PolicyBase): PolicyBuild {
  const own: Record<string, string> = {};
  if (!draft.entityId) own.entityId = "choose the entity the policy insures";
  const provider = getInsuranceProvider(draft.providerId);
  if (!provider) own.providerId = "choose the insurance provider";
  else if (!providerSupportsPlan(provider, draft.plan))
    own.providerId = `${provider.name} does not write ${INSURANCE_PLAN_LABELS[draft.plan]}`;
  const cropYear = yearText(draft.cropYear);
  if (cropYear === undefined) own.cropYear = "give the crop year as four digits, e.g. 2026";
  const reinsurance = yearText(draft.reinsuranceYear);
  if (reinsurance === undefined) own.reinsuranceYear = "give the reinsurance year as four digits, e.g. 2027";
  if (!draft.state) own.state = "choose the state";
  if (!draft.county) own.county = "choose the county";
  const numberProblem = policyNumberProblem(base.status, draft.policyNumber);
  if (numberProblem) own.policyNumber = numberProblem;

  const candidate: Record<string, unknown> = {
    ...base,
    plan: draft.plan,
    providerId: draft.providerId,
    entityId: draft.entityId,
    cropYear: cropYear ?? draft.cropYear,
    reinsuranceYear: reinsurance ?? draft.reinsuranceYear,
    state: draft.state,
    county: draft.county,
  };
  if (draft.policyNumber.trim()) candidate.policyNumber = draft.policyNumber.trim();
  const parsed = policySchema.safeParse(candidate);
  const issues = mergeIssues(own, parsed.success ? {} : issuesByPath(parsed.error));
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, policy: parsed.data };
}

export const POLICY_FORM_PATHS = [
  "entityId",
  "plan",
  "providerId",
  "policyNumber",
  "cropYear",
  "reinsuranceYear",
  "state",
  "county",
] as const;

const EDITABLE = [
  "entityId",
  "plan",
  "providerId",
  "policyNumber",
  "cropYear",
  "reinsuranceYear",
  "state",
  "county",
] as const satisfies readonly (keyof Policy)[];

/** The fields of `next` that differ from `current` (a field now absent is undefined: removed). */
export function changedPolicyFields(current: Policy, next: Policy): Partial<Policy> {
  const out: Record<string, unknown> = {};
  for (const field of EDITABLE) if (current[field] !== next[field]) out[field] = next[field];
  return out as Partial<Policy>;
}
