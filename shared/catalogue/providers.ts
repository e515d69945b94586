import type { InsurancePlan } from "./plans";

// Spec §3 "Insurance providers" and §9 "Default provider".
//
// The per-plan file-name prefixes are fields of every provider (LRP: application and endorsement;
// LGM: separate cattle and swine prefixes for application and endorsement), but the spec does not
// show their values, so each is null here (never invented) until a provider's files are known.

export type InsuranceProviderId = "agriSompo" | "arbor" | "proAg" | "fmh" | "nau" | "hudson" | "rcis" | "rh";

export interface FileNamePrefixes {
  lrp: { application: string | null; endorsement: string | null };
  lgm: {
    cattle: { application: string | null; endorsement: string | null };
    swine: { application: string | null; endorsement: string | null };
  };
}

export interface InsuranceProvider {
  id: InsuranceProviderId;
  name: string;
  isPrimary: boolean;
  isActive: boolean;
  canSyncData: boolean;
  /** Not shown in the spec: null. */
  agentMgmtLink: string | null;
  plans: readonly InsurancePlan[];
  fileNamePrefixes: FileNamePrefixes;
}

const noPrefixes = (): FileNamePrefixes => ({
  lrp: { application: null, endorsement: null },
  lgm: {
    cattle: { application: null, endorsement: null },
    swine: { application: null, endorsement: null },
  },
});

const provider = (
  id: InsuranceProviderId,
  name: string,
  plans: readonly InsurancePlan[],
  flags: { isPrimary?: boolean; canSyncData?: boolean } = {},
): InsuranceProvider => ({
  id,
  name,
  isPrimary: flags.isPrimary ?? false,
  isActive: true, // "All are active"
  canSyncData: flags.canSyncData ?? false, // "only arbor and fmh can sync data"
  agentMgmtLink: null,
  plans,
  fileNamePrefixes: noPrefixes(),
});

export const INSURANCE_PROVIDERS: readonly InsuranceProvider[] = [
  provider("agriSompo", "AgriSompo", ["lrp", "lgm"], { isPrimary: true }),
  provider("arbor", "Arbor", [], { canSyncData: true }),
  provider("proAg", "ProAg", ["lrp"]),
  provider("fmh", "Farmers Mutual Hail", ["lrp"], { canSyncData: true }),
  provider("nau", "NAU Country", ["lrp", "lgm"]),
  provider("hudson", "Hudson", ["lrp", "lgm"]),
  provider("rcis", "RCIS", ["lrp", "lgm"]),
  provider("rh", "Rain and Hail", ["lrp"]),
];

export const INSURANCE_PROVIDER_NAME_BY_ID: Readonly<Record<InsuranceProviderId, string>> =
  Object.fromEntries(INSURANCE_PROVIDERS.map((p) => [p.id, p.name])) as Record<InsuranceProviderId, string>;
export const INSURANCE_PROVIDER_ID_BY_NAME: Readonly<Record<string, InsuranceProviderId>> =
  Object.fromEntries(INSURANCE_PROVIDERS.map((p) => [p.name, p.id]));

export function getInsuranceProvider(id: string): InsuranceProvider | undefined {
  return INSURANCE_PROVIDERS.find((p) => p.id === id);
}

export const providerSupportsPlan = (p: InsuranceProvider, plan: InsurancePlan): boolean =>
  p.plans.includes(plan);

/** Spec §9: "Only data-sync providers are listed for sync." */
export const SYNC_PROVIDERS: readonly InsuranceProvider[] = INSURANCE_PROVIDERS.filter((p) => p.canSyncData);

/**
 * Spec §3 two-letter provider codes. "Codes also present: AA, CM, CP, FA, GA, PS (meaning not shown)";
 * AA is Arbor; CM, CP, FA, GA and PS map to none, like every other code.
 */
export const PROVIDER_ID_BY_TWO_LETTER_CODE: Readonly<Record<string, InsuranceProviderId>> = {
  WN: "agriSompo",
  PL: "proAg",
  FH: "fmh",
  NA: "nau",
  HU: "hudson",
  EF: "rcis",
  RH: "rh",
  AA: "arbor",
};
/** The other codes the spec lists, meaning not shown; they map to no provider. */
export const UNMAPPED_PROVIDER_CODES = ["CM", "CP", "FA", "GA", "PS"] as const;

/** The provider of a two-letter code, or null ("other codes map to none"). */
export function providerForTwoLetterCode(code: string): InsuranceProvider | null {
  const id = Object.hasOwn(PROVIDER_ID_BY_TWO_LETTER_CODE, code)
    ? PROVIDER_ID_BY_TWO_LETTER_CODE[code]
    : undefined;
  return id ? (getInsuranceProvider(id) ?? null) : null;
}

/** Spec §9 "Default provider: LRP ProAg; LGM AgriSompo." */
export const DEFAULT_PROVIDER_BY_PLAN: Readonly<Record<InsurancePlan, InsuranceProviderId>> = {
  lrp: "proAg",
  lgm: "agriSompo",
};

/**
 * Spec §9: the first selected provider's name if it supports the plan, else the plan's default
 * provider's name. `selected` holds provider ids in the order the user selected them; only the first
 * one is considered, as the spec says. Unknown ids count as not supporting the plan.
 */
export function providerNameForPlan(selected: readonly string[], plan: InsurancePlan): string {
  const first = selected.length > 0 ? getInsuranceProvider(selected[0] as string) : undefined;
  if (first && providerSupportsPlan(first, plan)) return first.name;
  return INSURANCE_PROVIDER_NAME_BY_ID[DEFAULT_PROVIDER_BY_PLAN[plan]];
}
