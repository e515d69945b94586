import Decimal from "decimal.js";
import { z } from "zod";
import { COVERAGE_STATUSES, CUSTOMER_STATUSES, ENTITY_STATUSES, POLICY_STATUSES } from "../book/statuses";
import {
  ENTITY_TYPE_CODES,
  FARMER_CLASSIFICATIONS,
  getInsuranceProvider,
  getLgmType,
  getLrpType,
  INSURANCE_PLANS,
  INSURANCE_PROVIDERS,
  type InsuranceProviderId,
  maxHeadCount,
  REGIONS_BY_STATE,
  regionForCode,
  SELECTABLE_ENTITY_TYPE_CODES,
} from "../catalogue";
import { addMonths, formatYearMonth, isIsoDate, lastDayOfMonth, yearMonthOf } from "../market/dates";
import { lgmWeightsSchema } from "../pricing/lgm/input";
import { INSURANCE_PERIOD_MONTHS } from "../pricing/lgm/period";
import { isoInstantSchema, phoneSchema } from "../schemas/formats";
import { EMAIL_MESSAGE, STATE_MESSAGE, ZIP_MESSAGE } from "../schemas/messages";
import { isValidTaxId, TAX_ID_TYPES, taxIdMessage } from "./tax-id";

// The agent's book of business (docs/agent-book.md): one strict schema per record, used by the forms, the sync
// server's write guard, the partner API and the tests. Records live in the customer document
// (`org/{orgId}/customer/{customerId}`): `profile`, `entities`, `policies`, `coverages` (LRP coverages
// and LGM endorsements, told apart by `plan`). Full tax ids never enter that document: the linked
// customer reads it. They live in the agents-only internal document (`taxIds`, see tax-id.ts); the
// customer document keeps only the type and the last four digits, for the masked display.
// The organisation document carries a summary of each record (`*Summary` below) so lists of the whole
// book need no customer document: summaries are derived from records by shared/book/summaries.ts.
// Money is a decimal string, never a float. Ids are made on the device (ids.ts) so records can be
// created offline. A deletion is a status change.

export const recordIdSchema = z.string().min(1).max(128);
export const isoDateSchema = z.string().refine(isIsoDate, "enter a full date: year, month and day");
const yearMonth = z.string().regex(/^\d{4}-\d{2}$/, "choose a month");
/** A decimal amount as text ("1234.56", "-12"): money and rates, exact. */
export const moneySchema = z.string().regex(/^-?\d+(\.\d+)?$/, "enter an amount in figures, such as 1234.56");
const code = (digits: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{${digits}}$`), `expected a ${digits}-digit ${what} code`);
const year = z.number().int().min(1900).max(2100);

/** Who changed a record and when: every record carries them (the device sets them on each write). */
const stamps = {
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  updatedBy: recordIdSchema,
  /** The book import that wrote the record last (docs/book-import.md): its history label and its undo. */
  importId: recordIdSchema.optional(),
};

export const PROVIDER_IDS = INSURANCE_PROVIDERS.map((p) => p.id) as [
  InsuranceProviderId,
  ...InsuranceProviderId[],
];
const providerId = z.enum(PROVIDER_IDS);

// ---------------------------------------------------------------------------------------------------
// Parts

/** A postal address; the county is a 5-digit code of the region table inside the state. */
export const addressSchema = z
  .strictObject({
    line1: z.string().trim().min(1, "enter the street address").max(200),
    line2: z.string().max(200).optional(),
    city: z.string().trim().min(1, "enter the city").max(100),
    state: z.string().refine((s) => Object.hasOwn(REGIONS_BY_STATE, s), STATE_MESSAGE),
    county: code(5, "county").optional(),
    zip: z.string().regex(/^\d{5}(-\d{4})?$/, ZIP_MESSAGE),
  })
  .superRefine((address, ctx) => {
    if (address.county === undefined) return;
    const row = regionForCode(address.county);
    if (!row || row.area === null || row.state !== address.state)
      ctx.addIssue({
        code: "custom",
        path: ["county"],
        message: `county ${address.county} is not a county of ${address.state}`,
      });
  });
export type Address = z.infer<typeof addressSchema>;

/** A free-text field as stored (docs/sync-rules.md): what was typed, untrimmed; required-ness is checked at use. */
const storedText = (max: number) => z.string().max(max);

/**
 * An address as stored (schema version 4): each field its own key, stored as typed while it is being
 * filled in — a partial address is kept, never dropped. Empty fields read as absent, and an address
 * with nothing in it reads as none. Whether it is complete and valid is addressProblems' question,
 * asked where the address is used.
 */
export const addressDraftSchema = z
  .strictObject({
    line1: storedText(200).optional(),
    line2: storedText(200).optional(),
    city: storedText(100).optional(),
    state: z.string().max(2).optional(),
    county: z.string().max(5).optional(),
    zip: z.string().max(10).optional(),
  })
  .transform((address) => {
    const kept = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== ""));
    return Object.keys(kept).length === 0 ? undefined : (kept as Partial<Address>);
  });
export type AddressDraft = Partial<Address>;

/**
 * What keeps a stored address from being a complete, valid one (addressSchema's issues, each with the
 * field it is about); empty when it is complete or when there is no address at all.
 */
export function addressProblems(
  address: AddressDraft | undefined,
): { field: keyof Address | ""; message: string }[] {
  if (address === undefined || Object.values(address).every((value) => !value)) return [];
  const result = addressSchema.safeParse({ line1: "", city: "", state: "", zip: "", ...address });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: (issue.path[0] as keyof Address | undefined) ?? "",
    message: issue.message,
  }));
}

const taxIdTypeSchema = z.union(
  TAX_ID_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<1 | 2 | 3 | 5>[]],
);
/** The last four digits of a tax id: all a customer document shows of it. */
const taxIdLast4 = z.string().regex(/^\d{4}$/, "enter the last four digits");

/** A person or business with a substantial beneficial interest (10 % or more) in an entity. */
export const sbiSchema = z.strictObject({
  id: recordIdSchema,
  name: z.string().trim().min(1, "enter the name").max(200),
  /** F (Transfer of Right to Indemnity) is allowed here, and only here. */
  entityType: z.enum(ENTITY_TYPE_CODES),
  taxIdType: taxIdTypeSchema,
  taxIdLast4: taxIdLast4.optional(),
  /** Share in percent, e.g. "50" or "12.5": more than 0, at most 100. */
  sharePercent: moneySchema.refine(
    (s) => Number(s) > 0 && Number(s) <= 100,
    "enter a share above 0 % and up to 100 %",
  ),
});
export type Sbi = z.infer<typeof sbiSchema>;

export const spouseSchema = z.strictObject({
  name: z.string().trim().min(1, "enter the spouse's name").max(200),
  taxIdType: taxIdTypeSchema.optional(),
  taxIdLast4: taxIdLast4.optional(),
});

// ---------------------------------------------------------------------------------------------------
// Customer (producer) profile: section `profile`

export const SMS_CONSENT_METHODS = ["written", "verbal", "web-form", "text-reply"] as const;

const profileFields = {
  id: recordIdSchema,
  name: z.string().trim().min(1, "enter the customer's name").max(200),
  email: z.email(EMAIL_MESSAGE).max(320).optional(),
  mobilePhone: phoneSchema.optional(),
  address: addressSchema.optional(),
  farmerClassification: z.enum(FARMER_CLASSIFICATIONS),
  /** First year of farming or ranching: required for a beginning farmer/rancher. */
  farmingSinceYear: year.optional(),
  /** The portal user linked to this record (set by the server's link table; shown here). */
  linkedUserId: recordIdSchema.nullable().optional(),
  /** SMS consent: when and how it was given; null when withdrawn. */
  smsConsent: z
    .strictObject({
      at: isoInstantSchema,
      method: z.enum(SMS_CONSENT_METHODS),
      note: z.string().max(500).optional(),
    })
    .nullable()
    .optional(),
  preferredProviders: z.strictObject({ lrp: providerId.optional(), lgm: providerId.optional() }).optional(),
  status: z.enum(CUSTOMER_STATUSES),
  ...stamps,
};

const beginningFarmerRule = (
  profile: { farmerClassification: string; farmingSinceYear?: number },
  ctx: z.RefinementCtx,
) => {
  if (profile.farmerClassification === "Beginning Farmer/Rancher" && profile.farmingSinceYear === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["farmingSinceYear"],
      message: "enter the first year of farming or ranching (needed for a beginning farmer or rancher)",
    });
};

/** A complete producer profile: what a form commits and the partner API takes. */
export const customerProfileSchema = z.strictObject(profileFields).superRefine(beginningFarmerRule);
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/**
 * The profile as the customer document stores it (schema version 4): the name and the address as
 * typed (shared text, one key per field), checked for completeness where they are used.
 */
export const storedProfileSchema = z
  .strictObject({ ...profileFields, name: storedText(200), address: addressDraftSchema.optional() })
  .superRefine(beginningFarmerRule);
export type StoredProfile = z.infer<typeof storedProfileSchema>;

// ---------------------------------------------------------------------------------------------------
// Entity (the insured person or business): section `entities`

const entityFields = {
  id: recordIdSchema,
  /** Spec §3 codes; F is SBI only. */
  type: z.enum(SELECTABLE_ENTITY_TYPE_CODES as [string, ...string[]]),
  legalName: z.string().trim().min(1, "enter the legal name").max(200),
  taxIdType: taxIdTypeSchema,
  taxIdLast4: taxIdLast4.optional(),
  /** Individuals only. */
  spouse: spouseSchema.optional(),
  /** Substantial beneficial interests by id; shares add up to at most 100 %. */
  sbis: z.record(recordIdSchema, sbiSchema),
  address: addressSchema.optional(),
  status: z.enum(ENTITY_STATUSES),
  ...stamps,
};

const entityRules = (
  entity: { type: string; spouse?: unknown; sbis: Record<string, { id: string; sharePercent: string }> },
  ctx: z.RefinementCtx,
) => {
  if (entity.spouse && entity.type !== "I")
    ctx.addIssue({ code: "custom", path: ["spouse"], message: "only an Individual (I) has a spouse" });
  let total = new Decimal(0);
  for (const [key, sbi] of Object.entries(entity.sbis)) {
    if (sbi.id !== key)
      ctx.addIssue({
        code: "custom",
        path: ["sbis", key, "id"],
        message: `id "${sbi.id}" differs from its key "${key}"`,
      });
    if (/^-?\d+(\.\d+)?$/.test(sbi.sharePercent)) total = total.plus(sbi.sharePercent);
  }
  if (total.gt(100))
    ctx.addIssue({
      code: "custom",
      path: ["sbis"],
      message: `the SBIs' shares add up to ${total.toFixed()} %, more than 100 %`,
    });
};

/** A complete entity: what a form commits and the partner API takes. */
export const entitySchema = z.strictObject(entityFields).superRefine(entityRules);
export type Entity = z.infer<typeof entitySchema>;

/**
 * The entity as the customer document stores it (schema version 4): its names and address as typed
 * (shared text, one key per field), checked for completeness where they are used.
 */
export const storedEntitySchema = z
  .strictObject({
    ...entityFields,
    legalName: storedText(200),
    spouse: spouseSchema.extend({ name: storedText(200) }).optional(),
    sbis: z.record(recordIdSchema, sbiSchema.extend({ name: storedText(200) })),
    address: addressDraftSchema.optional(),
  })
  .superRefine(entityRules);
export type StoredEntity = z.infer<typeof storedEntitySchema>;

// ---------------------------------------------------------------------------------------------------
// Policy: section `policies`

/** pending → active → cancelled | terminated (docs/agent-book.md); pending → cancelled. */

export const policySchema = z
  .strictObject({
    id: recordIdSchema,
    plan: z.enum(INSURANCE_PLANS),
    providerId,
    entityId: recordIdSchema,
    /** Assigned by the insurance provider; empty while the application is pending. */
    policyNumber: z.string().trim().max(40).optional(),
    cropYear: year,
    /** RMA's reinsurance year (July 1 – June 30) the policy was written in. */
    reinsuranceYear: year,
    status: z.enum(POLICY_STATUSES),
    state: z.string().refine((s) => Object.hasOwn(REGIONS_BY_STATE, s), STATE_MESSAGE),
    county: code(5, "county"),
    statusReason: z.string().max(500).optional(),
    ...stamps,
  })
  .superRefine((policy, ctx) => {
    const provider = getInsuranceProvider(policy.providerId);
    if (provider && !provider.plans.includes(policy.plan))
      ctx.addIssue({
        code: "custom",
        path: ["providerId"],
        message: `${provider.name} does not offer ${policy.plan.toUpperCase()}${
          provider.plans.length ? ` (it offers ${provider.plans.map((p) => p.toUpperCase()).join(", ")})` : ""
        }`,
      });
    const row = regionForCode(policy.county);
    if (!row || row.area === null || row.state !== policy.state)
      ctx.addIssue({
        code: "custom",
        path: ["county"],
        message: `county ${policy.county} is not a county of ${policy.state}`,
      });
  });
export type Policy = z.infer<typeof policySchema>;

// ---------------------------------------------------------------------------------------------------
// Coverages: section `coverages` (LRP Specific Coverage Endorsements and LGM endorsements)

/** Where a coverage's frozen figures came from: the market snapshot of its sales date. */
const pricedFrom = {
  snapshotAsOf: isoDateSchema,
  snapshotLabel: z.string().max(200).optional(),
  /** "sce": typed from the SCE, the sales date's snapshot not being held (shared/book/sce-backdated.ts); absent: the snapshot. */
  figuresFrom: z.enum(["snapshot", "sce"]).optional(),
};

const coverageCommon = {
  id: recordIdSchema,
  policyId: recordIdSchema,
  cropYear: year,
  salesDate: isoDateSchema,
  status: z.enum(COVERAGE_STATUSES),
  statusReason: z.string().max(500).optional(),
  ...pricedFrom,
  ...stamps,
};

/** The type code belongs to the commodity (catalogue lookup; its message names both). */
const typeOfCommodity =
  (lookup: (commodity: string, type: string) => unknown) =>
  (record: { commodity: string; type: string }, ctx: z.RefinementCtx) => {
    try {
      lookup(record.commodity, record.type);
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["type"], message: (e as Error).message });
    }
  };

const lrpTypeOfCommodity = typeOfCommodity(getLrpType);
const lgmTypeOfCommodity = typeOfCommodity(getLgmType);

/** An LRP Specific Coverage Endorsement: the offer's figures, frozen when it was created. */
export const lrpCoverageSchema = z
  .strictObject({
    ...coverageCommon,
    plan: z.literal("lrp"),
    commodity: z.enum(["0801", "0802", "0815"]),
    type: code(3, "type"),
    endorsementLengthWeeks: z.number().int().positive(),
    endDate: isoDateSchema,
    expectedEndingValue: moneySchema,
    coverageLevel: moneySchema,
    coveragePrice: moneySchema,
    rate: moneySchema,
    /** True when the rate was modelled, not RMA's ("indicative"). */
    indicative: z.boolean(),
    head: z.number().int().positive(),
    targetWeightCwt: moneySchema,
    share: moneySchema,
    priceAdjustmentFactor: moneySchema,
    insuredValue: moneySchema,
    totalPremium: moneySchema,
    subsidy: moneySchema,
    producerPremium: moneySchema,
    /** CY2027 on, cattle: the SCE's answer on forward-purchased cattle (shared/book/forward-purchase.ts). */
    forwardPurchasedCattle: z.boolean().optional(),
    /** Their delivery date, when the answer is yes. */
    forwardPurchaseDeliveryDate: isoDateSchema.optional(),
  })
  .superRefine((coverage, ctx) => {
    lrpTypeOfCommodity(coverage, ctx);
    const limit = maxHeadCount(coverage.commodity);
    if (coverage.head > limit.max) ctx.addIssue({ code: "custom", path: ["head"], message: limit.message });
    const share = Number(coverage.share);
    if (!(share > 0 && share <= 1))
      ctx.addIssue({ code: "custom", path: ["share"], message: "a share is more than 0 and at most 1" });
    const level = Number(coverage.coverageLevel);
    if (!(level > 0 && level <= 1))
      ctx.addIssue({
        code: "custom",
        path: ["coverageLevel"],
        message: "a coverage level is more than 0 and at most 1",
      });
  });
export type LrpCoverage = z.infer<typeof lrpCoverageSchema>;

/** An LGM endorsement: marketings per month of the insurance period and the engine's figures. */
export const lgmEndorsementSchema = z
  .strictObject({
    ...coverageCommon,
    plan: z.literal("lgm"),
    commodity: z.enum(["0803", "0815", "0847"]),
    type: code(3, "type"),
    /** Target marketings per month of the insurance period (11 cattle and dairy, 6 swine); month 1 is 0. */
    targetMarketings: z.array(z.number().int().nonnegative()).min(6).max(11),
    /** The first month of the insurance period (the month after the sales month). */
    firstMonth: yearMonth,
    /** The last month of the insurance period: the endorsement ends at its end. */
    endDate: isoDateSchema,
    weights: lgmWeightsSchema.optional(),
    deductible: moneySchema,
    expectedGrossMargin: moneySchema,
    grossMarginGuarantee: moneySchema,
    totalPremium: moneySchema,
    subsidy: moneySchema,
    producerPremium: moneySchema,
    stateCode: code(2, "state").optional(),
  })
  .superRefine((endorsement, ctx) => {
    lgmTypeOfCommodity(endorsement, ctx);
    const months = INSURANCE_PERIOD_MONTHS[endorsement.commodity];
    if (endorsement.targetMarketings.length !== months)
      ctx.addIssue({
        code: "custom",
        path: ["targetMarketings"],
        message: `expected ${months} months of target marketings for commodity ${endorsement.commodity}`,
      });
    if ((endorsement.targetMarketings[0] ?? 0) !== 0)
      ctx.addIssue({
        code: "custom",
        path: ["targetMarketings", 0],
        message: "the first month of the insurance period cannot carry marketings",
      });
    if (!isIsoDate(endorsement.salesDate)) return;
    const sales = yearMonthOf(endorsement.salesDate);
    const first = formatYearMonth(addMonths(sales, 1));
    if (endorsement.firstMonth !== first)
      ctx.addIssue({
        code: "custom",
        path: ["firstMonth"],
        message: `the insurance period of a sale on ${endorsement.salesDate} starts in ${first}`,
      });
    const end = lastDayOfMonth(addMonths(sales, months));
    if (endorsement.endDate !== end)
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: `the insurance period of a sale on ${endorsement.salesDate} ends on ${end}`,
      });
  });
export type LgmEndorsement = z.infer<typeof lgmEndorsementSchema>;

export const coverageSchema = z.discriminatedUnion("plan", [lrpCoverageSchema, lgmEndorsementSchema]);
export type Coverage = z.infer<typeof coverageSchema>;

// ---------------------------------------------------------------------------------------------------
// Tax ids: section `taxIds` of the internal document (agents only; encrypted at rest on the server)

/** Key: `{entityId}` for the entity, `{entityId}.spouse`, `{entityId}.sbi.{sbiId}`. */
export const taxIdKey = {
  entity: (entityId: string) => entityId,
  spouse: (entityId: string) => `${entityId}.spouse`,
  sbi: (entityId: string, sbiId: string) => `${entityId}.sbi.${sbiId}`,
} as const;

export const taxIdRecordSchema = z
  .strictObject({
    id: recordIdSchema,
    taxIdType: taxIdTypeSchema,
    /** Digits only. Never shown in a list, a log, an export or an error message. */
    taxId: z.string(),
    updatedAt: isoInstantSchema,
    updatedBy: recordIdSchema,
    importId: recordIdSchema.optional(),
  })
  .superRefine((record, ctx) => {
    // The message names the type, never the value.
    if (!isValidTaxId(record.taxIdType, record.taxId))
      ctx.addIssue({
        code: "custom",
        path: ["taxId"],
        message: taxIdMessage(record.taxIdType),
        input: undefined,
      });
  });
export type TaxIdRecord = z.infer<typeof taxIdRecordSchema>;

// ---------------------------------------------------------------------------------------------------
// Summaries in the organisation document (sections `customers`, `entities`, `policies`, `coverages`)

export const customerSummarySchema = z.strictObject({
  id: recordIdSchema,
  name: z.string().max(200),
  email: z.string().max(320).optional(),
  /** True when the profile has a mobile phone and SMS consent that is not withdrawn (campaigns' SMS channel). */
  sms: z.boolean().optional(),
  state: z.string().max(2).optional(),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  activePolicies: z.number().int().nonnegative().optional(),
  /** Head covered by coverages that are not cancelled and not ended. */
  headCovered: z.number().int().nonnegative().optional(),
  nextEndDate: isoDateSchema.nullable().optional(),
  updatedAt: isoInstantSchema.optional(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const entitySummarySchema = z.strictObject({
  id: recordIdSchema,
  customerId: recordIdSchema,
  legalName: z.string().max(200),
  type: z.string().max(1),
  status: z.enum(ENTITY_STATUSES),
  updatedAt: isoInstantSchema,
});
export type EntitySummary = z.infer<typeof entitySummarySchema>;

export const policySummarySchema = z.strictObject({
  id: recordIdSchema,
  customerId: recordIdSchema,
  entityId: recordIdSchema,
  plan: z.enum(INSURANCE_PLANS),
  providerId,
  policyNumber: z.string().max(40).optional(),
  cropYear: year,
  status: z.enum(POLICY_STATUSES),
  state: z.string().max(2),
  updatedAt: isoInstantSchema,
});
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const coverageSummarySchema = z.strictObject({
  id: recordIdSchema,
  customerId: recordIdSchema,
  policyId: recordIdSchema,
  plan: z.enum(INSURANCE_PLANS),
  providerId: providerId.optional(),
  commodity: code(4, "commodity"),
  type: code(3, "type"),
  cropYear: year,
  salesDate: isoDateSchema,
  endDate: isoDateSchema,
  /** Head covered: LRP head, LGM total target marketings. */
  head: z.number().int().nonnegative(),
  producerPremium: moneySchema,
  /** The total premium (producer's share and subsidy): what commission is a percent of (docs/commissions.md). */
  totalPremium: moneySchema.optional(),
  status: z.enum(COVERAGE_STATUSES),
  /** LRP: the frozen figures an indemnity needs, so the hub can propose claims from summaries (docs/claims.md). */
  lrp: z
    .strictObject({
      coveragePrice: moneySchema,
      targetWeightCwt: moneySchema,
      share: moneySchema,
      priceAdjustmentFactor: moneySchema,
    })
    .optional(),
  updatedAt: isoInstantSchema,
});
export type CoverageSummary = z.infer<typeof coverageSummarySchema>;
