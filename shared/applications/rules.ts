import Decimal from "decimal.js";
import {
  DEFAULT_PROVIDER_BY_PLAN,
  getInsuranceProvider,
  type InsurancePlan,
  type InsuranceProviderId,
  providerSupportsPlan,
} from "../catalogue";

import type { Application } from "../documents/application";
import { isValidTaxId, type TaxIdType, taxIdMessage } from "../documents/tax-id";

// The rules of an application for coverage (docs/applications.md), one definition each,
// applied by applicationSchema and unit-tested in rules.test.ts. Each returns issues at field paths;
// a message names what is wrong and never echoes a tax id.
//   APP1 the applicant's part matches the applicant type (individual ↔ `individual`, business ↔ `business`)
//   APP2 a married individual names the spouse; an unmarried one has none
//   APP3 every tax id (applicant, spouse, SBI) is valid for its type; a spouse's tax id comes with its type
//   APP4 SBI shares: each more than 0 and at most 100 %, together at most 100 %; SBI ids unique
//   APP5 a beginning or veteran farmer/rancher gives the year farming started, not after the application's year
//   APP6 a preferred provider for every plan wanted, offering that plan; none for a plan not wanted
//   APP7 the date of birth is before the application's date
//   APP8 the plans wanted are different
//   APP9 the signature's typed name is the applicant's (individual) or the attorney-in-fact's when there is one
//   APP10 the address names its county (of the region table, inside the state: addressSchema checks that)

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

type Candidate = Omit<Application, never>;

const normalName = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

export function taxIdIssue(path: (string | number)[], type: TaxIdType, digits: string): RuleIssue[] {
  return /^\d{9}$/.test(digits) && !isValidTaxId(type, digits) ? [{ path, message: taxIdMessage(type) }] : [];
}

/** APP4: the SBIs' shares. */
export function sbiShareIssues(sbis: readonly { id: string; sharePercent: string }[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  let total = new Decimal(0);
  const seen = new Set<string>();
  sbis.forEach((sbi, i) => {
    if (seen.has(sbi.id))
      issues.push({ path: ["business", "sbis", i, "id"], message: `SBI id "${sbi.id}" is used twice` });
    seen.add(sbi.id);
    if (!/^\d+(\.\d+)?$/.test(sbi.sharePercent)) return;
    const share = new Decimal(sbi.sharePercent);
    if (share.lte(0) || share.gt(100))
      issues.push({
        path: ["business", "sbis", i, "sharePercent"],
        message: "enter a share above 0 % and up to 100 %",
      });
    total = total.plus(share);
  });
  if (total.gt(100))
    issues.push({
      path: ["business", "sbis"],
      message: `the shares add up to ${total.toFixed()} %, more than 100 %`,
    });
  return issues;
}

/** The provider to preselect for a plan (spec §9): LRP ProAg, LGM AgriSompo. */
export const defaultApplicationProvider = (plan: InsurancePlan): InsuranceProviderId =>
  DEFAULT_PROVIDER_BY_PLAN[plan];

/** Every rule's issues for an application that passed the field schemas. */
export function applicationIssues(a: Candidate): RuleIssue[] {
  const issues: RuleIssue[] = [];
  // APP1
  if (a.applicantType === "individual") {
    if (!a.individual)
      issues.push({
        path: ["individual"],
        message: "enter the applicant's name, date of birth and marital status",
      });
    if (a.business)
      issues.push({ path: ["business"], message: "an individual's application has no business part" });
  } else {
    if (!a.business)
      issues.push({ path: ["business"], message: "enter the business's legal name and entity type" });
    if (a.individual)
      issues.push({ path: ["individual"], message: "a business's application has no individual part" });
  }
  // APP2, APP7
  const person = a.applicantType === "individual" ? a.individual : undefined;
  if (person) {
    if (person.maritalStatus === "married" && !person.spouse)
      issues.push({
        path: ["individual", "spouse", "name"],
        message: "enter the spouse's name (the applicant is married)",
      });
    if (person.maritalStatus !== "married" && person.spouse)
      issues.push({ path: ["individual", "spouse"], message: "only a married applicant names a spouse" });
    if (person.dateOfBirth >= a.date)
      issues.push({
        path: ["individual", "dateOfBirth"],
        message: "the date of birth is before the application's date",
      });
    const spouse = person.spouse;
    if (spouse?.taxId !== undefined) {
      if (spouse.taxIdType === undefined)
        issues.push({
          path: ["individual", "spouse", "taxIdType"],
          message: "choose the spouse's tax id type",
        });
      else issues.push(...taxIdIssue(["individual", "spouse", "taxId"], spouse.taxIdType, spouse.taxId));
    }
  }
  // APP3
  issues.push(...taxIdIssue(["taxId"], a.taxIdType, a.taxId));
  const business = a.applicantType === "business" ? a.business : undefined;
  if (business) {
    business.sbis.forEach((sbi, i) => {
      issues.push(...taxIdIssue(["business", "sbis", i, "taxId"], sbi.taxIdType, sbi.taxId));
    });
    // APP4
    issues.push(...sbiShareIssues(business.sbis));
  }
  // APP5
  if (a.farmerClassification !== "Neither") {
    if (a.farmingSinceYear === undefined)
      issues.push({
        path: ["farmingSinceYear"],
        message: `enter the year farming or ranching started (needed for a ${a.farmerClassification.toLowerCase()})`,
      });
    else if (a.farmingSinceYear > Number(a.date.slice(0, 4)))
      issues.push({
        path: ["farmingSinceYear"],
        message: "the year farming started is not after the application's year",
      });
  }
  // APP8
  if (new Set(a.plans).size !== a.plans.length)
    issues.push({ path: ["plans"], message: "each plan is chosen once" });
  // APP6
  for (const plan of ["lrp", "lgm"] as const) {
    const chosen = a.providers[plan];
    if (a.plans.includes(plan)) {
      if (!chosen) {
        issues.push({
          path: ["providers", plan],
          message: `choose the insurance provider for ${plan.toUpperCase()}`,
        });
        continue;
      }
      const provider = getInsuranceProvider(chosen);
      if (!provider?.isActive || !providerSupportsPlan(provider, plan))
        issues.push({
          path: ["providers", plan],
          message: `${provider?.name ?? chosen} does not write ${plan.toUpperCase()}: choose another provider`,
        });
    } else if (chosen)
      issues.push({ path: ["providers", plan], message: `${plan.toUpperCase()} is not a plan you chose` });
  }
  // APP10
  if (!a.address.county)
    issues.push({ path: ["address", "county"], message: "choose the county (where the livestock are)" });
  // APP9
  const signer = a.powerOfAttorney?.name ?? person?.name;
  if (signer && normalName(a.signature.typedName) !== normalName(signer))
    issues.push({
      path: ["signature", "typedName"],
      message: a.powerOfAttorney
        ? "type the attorney-in-fact's name exactly as given above"
        : "type your name exactly as given above",
    });
  return issues;
}
