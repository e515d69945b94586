import {
  DEFAULT_PROVIDER_BY_PLAN,
  type FarmerClassification,
  type InsuranceProviderId,
} from "../../../shared/catalogue";
import {
  customerProfileSchema,
  type SMS_CONSENT_METHODS,
  type StoredProfile,
  storedProfileSchema,
} from "../../../shared/documents/book";
import type { NewProfile } from "../../components/book";
import {
  type AddressDraft,
  addressDraftFrom,
  addressFromDraft,
  EMPTY_ADDRESS,
  type FieldIssues,
  issuesByPath,
  mergeIssues,
} from "../../components/book-forms";

// The producer profile as the customer screens edit it (section `profile` of the customer document,
// checked by the shared customerProfileSchema): the form's text for each field, the profile fields a
// form gives, and — for the live record page — which of the fields being edited can be written now.
// Each form key is one top-level field of the profile, so a write changes only the fields edited.

export type SmsConsentMethod = (typeof SMS_CONSENT_METHODS)[number];

export const SMS_CONSENT_METHOD_LABELS: Readonly<Record<SmsConsentMethod, string>> = {
  written: "In writing",
  verbal: "Verbally",
  "web-form": "On a web form",
  "text-reply": "By a text reply",
};

export interface SmsConsentDraft {
  /** none: never recorded; given: with when and how; withdrawn: the customer took it back. */
  status: "none" | "given" | "withdrawn";
  /** When it was given, as a datetime-local value ("2026-11-20T09:30") in the device's time zone. */
  at: string;
  method: SmsConsentMethod;
  note: string;
}

export interface ProfileForm {
  name: string;
  email: string;
  mobilePhone: string;
  address: AddressDraft;
  farmerClassification: FarmerClassification;
  farmingSinceYear: string;
  smsConsent: SmsConsentDraft;
  preferredProviders: { lrp: string; lgm: string };
}
export type ProfileFormKey = keyof ProfileForm;

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local value in the device's time zone. */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the device's time zone) as an ISO instant; null when it is not one. */
export function localInputToIso(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A new customer's form: classification Neither, the spec's default provider of each plan. */
export const emptyProfileForm = (nowIso: string): ProfileForm => ({
  name: "",
  email: "",
  mobilePhone: "",
  address: { ...EMPTY_ADDRESS },
  farmerClassification: "Neither",
  farmingSinceYear: "",
  smsConsent: { status: "none", at: isoToLocalInput(nowIso), method: "written", note: "" },
  preferredProviders: { lrp: DEFAULT_PROVIDER_BY_PLAN.lrp, lgm: DEFAULT_PROVIDER_BY_PLAN.lgm },
});

/** The form's text of a stored profile (`nowIso`: the consent time offered when consent is new). */
export function formFromProfile(profile: StoredProfile | undefined, nowIso: string): ProfileForm {
  if (!profile) return emptyProfileForm(nowIso);
  const consent = profile.smsConsent;
  return {
    name: profile.name,
    email: profile.email ?? "",
    mobilePhone: profile.mobilePhone ?? "",
    address: addressDraftFrom(profile.address),
    farmerClassification: profile.farmerClassification,
    farmingSinceYear: profile.farmingSinceYear === undefined ? "" : String(profile.farmingSinceYear),
    smsConsent: consent
      ? {
          status: "given",
          at: isoToLocalInput(consent.at),
          method: consent.method,
          note: consent.note ?? "",
        }
      : {
          status: consent === null ? "withdrawn" : "none",
          at: isoToLocalInput(nowIso),
          method: "written",
          note: "",
        },
    preferredProviders: {
      lrp: profile.preferredProviders?.lrp ?? "",
      lgm: profile.preferredProviders?.lgm ?? "",
    },
  };
}

/** Profile fields as the form gives them: undefined means "remove this field". */
export type ProfileFields = { [K in keyof NewProfile]?: NewProfile[K] | undefined };

/**
 * The profile fields of a form, for the schema to check, and the problems the form itself finds
 * (text that is not a year, a consent time that is not a time) by path.
 */
export function profileFieldsFromForm(form: ProfileForm): { fields: ProfileFields; issues: FieldIssues } {
  const issues: Record<string, string> = {};
  const optional = (text: string) => (text.trim() === "" ? undefined : text);
  let farmingSinceYear: number | undefined;
  if (form.farmerClassification === "Beginning Farmer/Rancher" && form.farmingSinceYear.trim() !== "") {
    const text = form.farmingSinceYear.trim();
    if (/^\d{4}$/.test(text)) farmingSinceYear = Number(text);
    else issues.farmingSinceYear = "expected a year of four digits, e.g. 2021";
  }
  let smsConsent: NewProfile["smsConsent"];
  if (form.smsConsent.status === "withdrawn") smsConsent = null;
  else if (form.smsConsent.status === "given") {
    const at = localInputToIso(form.smsConsent.at);
    if (!at) issues["smsConsent.at"] = "give the date and time consent was given";
    smsConsent = {
      at: at ?? "",
      method: form.smsConsent.method,
      ...(form.smsConsent.note.trim() ? { note: form.smsConsent.note.trim() } : {}),
    };
  }
  const providers: { lrp?: InsuranceProviderId; lgm?: InsuranceProviderId } = {};
  if (form.preferredProviders.lrp) providers.lrp = form.preferredProviders.lrp as InsuranceProviderId;
  if (form.preferredProviders.lgm) providers.lgm = form.preferredProviders.lgm as InsuranceProviderId;
  const fields: ProfileFields = {
    name: form.name,
    email: optional(form.email),
    mobilePhone: optional(form.mobilePhone),
    address: addressFromDraft(form.address),
    farmerClassification: form.farmerClassification,
    farmingSinceYear,
    smsConsent,
    preferredProviders: providers.lrp || providers.lgm ? providers : undefined,
  };
  return { fields, issues };
}

const PLACEHOLDER_STAMPS = {
  id: "customer",
  createdAt: "2000-01-01T00:00:00.000Z",
  updatedAt: "2000-01-01T00:00:00.000Z",
  updatedBy: "user",
} as const;

/**
 * The shared schema's issues (by dotted path) of `base` with `fields` applied: of a complete profile
 * (a new customer's form), or, `stored`, of the profile as the document keeps it (name and address as
 * typed: a partial address there holds back no other field).
 */
export function profileIssues(
  base: StoredProfile | undefined,
  fields: ProfileFields,
  stored = false,
): FieldIssues {
  const candidate: Record<string, unknown> = {
    status: "active",
    farmerClassification: "Neither",
    ...base,
    ...PLACEHOLDER_STAMPS,
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete candidate[key];
    else candidate[key] = value;
  }
  const parsed = (stored ? storedProfileSchema : customerProfileSchema).safeParse(candidate);
  return parsed.success ? {} : issuesByPath(parsed.error);
}

/** The profile fields a form key writes: the classification carries the first year with it. */
const fieldsOf = (key: string): string[] =>
  key === "farmerClassification" ? ["farmerClassification", "farmingSinceYear"] : [key];

const pick = (fields: ProfileFields, keys: readonly string[]): ProfileFields =>
  Object.fromEntries(
    keys.flatMap(fieldsOf).map((k) => [k, fields[k as keyof ProfileFields]]),
  ) as ProfileFields;

const touches = (issues: FieldIssues, key: string) =>
  Object.keys(issues).some((path) => path === key || path.startsWith(`${key}.`));

export interface ProfileWritePlan {
  /** The fields to write now (null: nothing can be written yet). */
  write: ProfileFields | null;
  /**
   * The drafts that stay on the screen: those not written (they have a problem), and those written in a
   * tidied form (an address line's trailing space while typing) until the field is left.
   */
  keep: Partial<ProfileForm>;
  /** Every problem to show, by path. */
  issues: FieldIssues;
}

/** The stored profile after `fields` are written (the stamps left as they were). */
function applied(base: StoredProfile | undefined, fields: ProfileFields): StoredProfile {
  const next: Record<string, unknown> = { status: "active", farmerClassification: "Neither", ...base };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as StoredProfile;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * For the live record page: given the stored profile and the fields being edited (`drafts`), what to
 * write now. Everything is written when the result is valid; otherwise the edited fields without a
 * problem are written when they are valid on their own, and the others stay drafts with their
 * messages (a half-typed phone number stays on this screen until it is one).
 */
export function planProfileWrite(
  base: StoredProfile | undefined,
  drafts: Partial<ProfileForm>,
  nowIso: string,
): ProfileWritePlan {
  const keys = Object.keys(drafts) as ProfileFormKey[];
  if (keys.length === 0) return { write: null, keep: {}, issues: {} };
  const form = { ...formFromProfile(base, nowIso), ...drafts };
  const { fields, issues: own } = profileFieldsFromForm(form);
  const issues = mergeIssues(own, profileIssues(base, pick(fields, keys), true));
  let written: ProfileFormKey[] = [];
  if (Object.keys(issues).length === 0) written = keys;
  else {
    const ready = keys.filter((k) => !touches(issues, k));
    if (ready.length > 0 && Object.keys(profileIssues(base, pick(fields, ready), true)).length === 0)
      written = ready;
  }
  if (written.length === 0) return { write: null, keep: drafts, issues };
  const write = pick(fields, written);
  const shown = formFromProfile(applied(base, write), nowIso);
  const keep = Object.fromEntries(
    keys.filter((k) => !written.includes(k) || !same(shown[k], drafts[k])).map((k) => [k, drafts[k]]),
  ) as Partial<ProfileForm>;
  return { write, keep, issues };
}
