import { defaultApplicationProvider } from "../../../shared/applications/rules";
import type { ApplicantType, FarmerClassification, InsurancePlan } from "../../../shared/catalogue";
import {
  type Application,
  applicationSchema,
  SIGNATURE_CONSENT,
} from "../../../shared/documents/application";
import { taxIdDigits } from "../../../shared/documents/tax-id";
import {
  type AddressDraft,
  addressFromDraft,
  EMPTY_ADDRESS,
  type FieldIssues,
  issuesByPath,
  type TaxIdDraft,
} from "../../components/book-forms";

// An application as the form holds it (text as typed), and the application the shared schema checks.
// The form keeps this draft on the device (draft-store.ts) so a reload or a lost signal loses nothing.

export interface SbiDraft {
  id: string;
  name: string;
  entityType: string;
  taxId: TaxIdDraft;
  sharePercent: string;
}

export interface ApplicationDraft {
  submissionId: string;
  orgId: string;
  applicantType: ApplicantType;
  plans: { lrp: boolean; lgm: boolean };
  name: string;
  dateOfBirth: string;
  maritalStatus: "" | "single" | "married";
  spouseName: string;
  spouseTaxId: TaxIdDraft;
  legalName: string;
  entityType: string;
  sbis: SbiDraft[];
  taxId: TaxIdDraft;
  address: AddressDraft;
  phone: string;
  email: string;
  farmerClassification: "" | FarmerClassification;
  farmingSinceYear: string;
  providers: { lrp: string; lgm: string };
  hasPowerOfAttorney: boolean;
  poaName: string;
  poaPhone: string;
  poaEmail: string;
  signatureName: string;
  consent: boolean;
}

export function emptyDraft(
  applicantType: ApplicantType,
  orgId: string,
  submissionId: string,
): ApplicationDraft {
  return {
    submissionId,
    orgId,
    applicantType,
    plans: { lrp: true, lgm: false },
    name: "",
    dateOfBirth: "",
    maritalStatus: "",
    spouseName: "",
    spouseTaxId: { type: 1, value: "" },
    legalName: "",
    entityType: "",
    sbis: [],
    taxId: { type: applicantType === "business" ? 2 : 1, value: "" },
    address: { ...EMPTY_ADDRESS },
    phone: "",
    email: "",
    farmerClassification: "",
    farmingSinceYear: "",
    providers: { lrp: defaultApplicationProvider("lrp"), lgm: defaultApplicationProvider("lgm") },
    hasPowerOfAttorney: false,
    poaName: "",
    poaPhone: "",
    poaEmail: "",
    signatureName: "",
    consent: false,
  };
}

/** The local calendar date of `now`, YYYY-MM-DD (the application's date is the applicant's day). */
export const localDate = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

const optional = (s: string) => (s.trim() === "" ? undefined : s.trim());

/** The application for the shared schema, built from the draft as typed (blank optional parts left out). */
export function applicationFromDraft(d: ApplicationDraft, now: Date): unknown {
  const plans = (["lrp", "lgm"] as InsurancePlan[]).filter((p) => d.plans[p]);
  const providers: Record<string, string> = {};
  for (const p of plans) if (d.providers[p]) providers[p] = d.providers[p];
  const spouseTax = taxIdDigits(d.spouseTaxId.value);
  const year = d.farmingSinceYear.trim();
  return {
    submissionId: d.submissionId,
    orgId: d.orgId,
    applicantType: d.applicantType,
    plans,
    individual:
      d.applicantType === "individual"
        ? {
            name: d.name.trim(),
            dateOfBirth: d.dateOfBirth,
            maritalStatus: d.maritalStatus || undefined,
            spouse:
              d.maritalStatus === "married"
                ? {
                    name: d.spouseName.trim(),
                    ...(spouseTax ? { taxIdType: d.spouseTaxId.type, taxId: spouseTax } : {}),
                  }
                : undefined,
          }
        : undefined,
    business:
      d.applicantType === "business"
        ? {
            legalName: d.legalName.trim(),
            entityType: d.entityType || undefined,
            sbis: d.sbis.map((s) => ({
              id: s.id,
              name: s.name.trim(),
              entityType: s.entityType || undefined,
              taxIdType: s.taxId.type,
              taxId: taxIdDigits(s.taxId.value),
              sharePercent: s.sharePercent.trim(),
            })),
          }
        : undefined,
    taxIdType: d.taxId.type,
    taxId: taxIdDigits(d.taxId.value),
    address: addressFromDraft(d.address) ?? { line1: "", city: "", state: "", zip: "" },
    phone: d.phone.trim(),
    email: d.email.trim(),
    farmerClassification: d.farmerClassification || undefined,
    farmingSinceYear: year === "" ? undefined : /^\d+$/.test(year) ? Number(year) : Number.NaN,
    providers,
    powerOfAttorney: d.hasPowerOfAttorney
      ? { name: d.poaName.trim(), phone: optional(d.poaPhone), email: optional(d.poaEmail) }
      : undefined,
    signature: {
      typedName: d.signatureName.trim(),
      consentText: d.consent ? SIGNATURE_CONSENT : "",
      signedAt: now.toISOString(),
    },
    date: localDate(now),
  };
}

export type Built = { ok: true; application: Application } | { ok: false; issues: FieldIssues };

/**
 * What to ask for where a field was left empty. The shared schema's messages describe a wrong value
 * ("expected a US state abbreviation"); to someone who has not filled the field yet they read as a
 * riddle, so an empty field is asked for plainly. A filled but wrong field keeps the schema's message.
 */
function blankIssues(d: ApplicationDraft): Record<string, string> {
  const blank = (v: string) => v.trim() === "";
  const asks: [string, boolean, string][] = [
    ["taxId", blank(d.taxId.value), "give the tax id"],
    ["address.state", blank(d.address.state), "choose the state"],
    ["address.zip", blank(d.address.zip), "give the ZIP code"],
    ["phone", blank(d.phone), "give a phone number"],
    ["email", blank(d.email), "give an e-mail address"],
    ["individual.dateOfBirth", blank(d.dateOfBirth), "give the date of birth"],
  ];
  d.sbis.forEach((s, i) => {
    asks.push([`business.sbis.${i}.taxId`, blank(s.taxId.value), "give this interest's tax id"]);
    // A share is a percent, not money: the schema's "decimal number" message would puzzle anyone.
    asks.push([
      `business.sbis.${i}.sharePercent`,
      !/^\d+(\.\d+)?$/.test(s.sharePercent.trim()),
      "give the share in percent, e.g. 50 or 12.5",
    ]);
  });
  return Object.fromEntries(asks.filter(([, asked]) => asked).map(([path, , message]) => [path, message]));
}

/** The checked application, or the shared schema's messages by field path. */
export function buildApplication(d: ApplicationDraft, now: Date): Built {
  const parsed = applicationSchema.safeParse(applicationFromDraft(d, now));
  if (parsed.success) return { ok: true, application: parsed.data };
  const issues: Record<string, string> = { ...issuesByPath(parsed.error) };
  for (const [path, message] of Object.entries(blankIssues(d))) if (issues[path]) issues[path] = message;
  if (!d.consent) issues["signature.consentText"] = "tick the box to sign with your typed name";
  return { ok: false, issues };
}
