import { z } from "zod";
import { applicationIssues } from "../applications/rules";
import {
  APPLICANT_TYPES,
  ENTITY_TYPE_CODES,
  FARMER_CLASSIFICATIONS,
  INSURANCE_PLANS,
  SELECTABLE_ENTITY_TYPE_CODES,
} from "../catalogue";
import { phoneSchema } from "../schemas/formats";
import { EMAIL_MESSAGE } from "../schemas/messages";
import { addressSchema, isoDateSchema, moneySchema, PROVIDER_IDS, recordIdSchema } from "./book";
import { TAX_ID_TYPES } from "./tax-id";

// An application for coverage (docs/applications.md): what a producer sends an agency to
// have LRP and/or LGM written with an insurance provider. The same strict schema is used by the forms
// (field messages), the server's POST /api/applications and the tests. Rules that look at several
// fields are in shared/applications/rules.ts (one definition, unit-tested there). Tax ids are digits
// as typed (separators removed by the form); every message names the field, never the value.

/** The consent the applicant signs by typing their name (shown beside the signature field). */
export const SIGNATURE_CONSENT =
  "I agree that typing my name below is my electronic signature on this application, that the information in it is true and complete to the best of my knowledge, and that my agency may use it to apply for coverage with the insurance provider I chose." as const;

/** A submission id made on the device: a retry of the same application carries the same one. */
export const submissionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "expected a submission id of 16 to 64 letters, digits, _ or -");

const taxIdTypeSchema = z.union(
  TAX_ID_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<1 | 2 | 3 | 5>[]],
  { error: "choose the tax id type (1 SSN, 2 EIN, 3 RMA Issued, 5 Bureau of Indian Affairs)" },
);
/** Nine digits; whether they are valid for the type is a rule (applicationIssues): its message names the type. */
const taxIdSchema = z.string().regex(/^\d{9}$/, "enter the 9 digits of the tax id");
const personName = (what: string) => z.string().trim().min(1, `enter the ${what}`).max(200);
const year = z.number().int().min(1900, "enter a year from 1900 on").max(2100, "enter a year up to 2100");
const providerId = z.enum(PROVIDER_IDS);

export const MARITAL_STATUSES = ["single", "married"] as const;

export const applicationSpouseSchema = z.strictObject({
  name: personName("spouse's name"),
  taxIdType: taxIdTypeSchema.optional(),
  taxId: taxIdSchema.optional(),
});

export const applicantIndividualSchema = z.strictObject({
  name: personName("applicant's full name"),
  dateOfBirth: isoDateSchema,
  maritalStatus: z.enum(MARITAL_STATUSES, { error: "say whether the applicant is married" }),
  spouse: applicationSpouseSchema.optional(),
});

/** A person or business behind the applicant business: a substantial beneficial interest (10 % or more). */
export const applicationSbiSchema = z.strictObject({
  id: recordIdSchema,
  name: personName("name"),
  entityType: z.enum(ENTITY_TYPE_CODES),
  taxIdType: taxIdTypeSchema,
  taxId: taxIdSchema,
  /** Percent as text, e.g. "50" or "12.5". */
  sharePercent: moneySchema,
});

/** A business applies as one of the spec's selectable entity types, other than an Individual (I). */
export const BUSINESS_ENTITY_TYPE_CODES = SELECTABLE_ENTITY_TYPE_CODES.filter((c) => c !== "I") as [
  string,
  ...string[],
];

export const applicantBusinessSchema = z.strictObject({
  legalName: personName("business's legal name"),
  entityType: z.enum(BUSINESS_ENTITY_TYPE_CODES, { error: "choose the entity type" }),
  sbis: z.array(applicationSbiSchema).max(20, "at most 20 substantial beneficial interests"),
});

export const powerOfAttorneySchema = z.strictObject({
  name: personName("attorney-in-fact's name"),
  phone: phoneSchema.optional(),
  email: z.email(EMAIL_MESSAGE).max(320).optional(),
});

export const signatureSchema = z.strictObject({
  typedName: personName("name you sign with"),
  consentText: z.literal(SIGNATURE_CONSENT, {
    error: "the consent text is the one shown with the signature",
  }),
  /** When the applicant signed (the device's clock, with its offset). */
  signedAt: z.iso.datetime({ offset: true, error: "expected the time of signing" }),
});

export const applicationSchema = z
  .strictObject({
    submissionId: submissionIdSchema,
    orgId: recordIdSchema,
    applicantType: z.enum(APPLICANT_TYPES),
    plans: z.array(z.enum(INSURANCE_PLANS)).min(1, "choose at least one plan").max(2),
    individual: applicantIndividualSchema.optional(),
    business: applicantBusinessSchema.optional(),
    taxIdType: taxIdTypeSchema,
    taxId: taxIdSchema,
    address: addressSchema,
    phone: phoneSchema,
    email: z.email(EMAIL_MESSAGE).max(320),
    farmerClassification: z.enum(FARMER_CLASSIFICATIONS, { error: "choose a farmer classification" }),
    /** The year farming or ranching started: for a beginning or veteran farmer/rancher. */
    farmingSinceYear: year.optional(),
    /** Preferred insurance provider per plan wanted. */
    providers: z.strictObject({ lrp: providerId.optional(), lgm: providerId.optional() }),
    powerOfAttorney: powerOfAttorneySchema.optional(),
    signature: signatureSchema,
    /** The application's date (the day it was signed, on the device). */
    date: isoDateSchema,
  })
  .superRefine((application, ctx) => {
    for (const issue of applicationIssues(application))
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message, input: undefined });
  });
export type Application = z.infer<typeof applicationSchema>;

/** What the applicant's device is told about its application. */
export const APPLICATION_STATUSES = ["received", "accepted", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
