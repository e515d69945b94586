import { z } from "zod";
import { isIsoDate } from "../market/dates";
import { isoInstantSchema } from "../schemas/formats";
import { moneySchema, recordIdSchema } from "./book";

// A claim (docs/claims.md): the document `org/{orgId}/claim/{claimId}`. Agents of the
// organisation write it; the customer it names reads it (ACL7). Sections:
//   claim       — the claim itself (one record, edited field by field so co-edits of different fields
//                 merge): the endorsement(s), the actual value used with its source and date, the
//                 indemnity the engine computed (shared/pricing/claims, never typed by hand), status
//                 with its dates and amounts;
//   checklist   — the documents the producer must provide, one entry per item;
//   attachments — references to files the server stores (POST /api/orgs/{o}/claims/{c}/attachments);
//   notes       — the agent's notes.
// `claim` is versioned: `version: 1` is this strict shape. A claim written before it (schema version 2
// of the documents allowed open content: `customerId`, a free `status`) has no `version` and stays
// valid as it is (`legacyClaimSchema`), so no document migration is needed; the screens offer to
// rebuild such a claim from its endorsement.

export const CLAIM_SHAPE_VERSION = 1;

const isoDate = z.string().refine(isIsoDate, "expected a date YYYY-MM-DD");
/** Whole dollars as text ("6050"). */
const dollars = z.string().regex(/^-?\d+$/, "expected whole dollars as text, e.g. 6050");

/** open → submitted (to the insurance provider) → paid | denied (docs/claims.md). */
export const CLAIM_STATUSES = ["open", "submitted", "paid", "denied"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Where the actual value came from. */
export const ACTUAL_VALUE_SOURCES = [
  /** RMA's published actual ending value (ADM A00620) in the market snapshot. */
  "rma-actual",
  /** An estimate: the snapshot's expected ending value or futures (before RMA publishes). */
  "estimate",
  /** RMA's actual gross margins (LGM), entered by the agent from RMA's publication. */
  "rma-actual-margins",
  /** Typed by the agent from RMA's publication (LRP actual ending value not in the snapshot). */
  "entered",
  /**
   * LGM actual gross margins the server worked out from the futures settlements it kept (the average
   * of the last three trading days before each contract's expiry): a claim proposal's (docs/claims.md).
   */
  "futures-actual",
] as const;

export const claimActualSchema = z.strictObject({
  /** LRP: actual ending value per cwt; LGM: actual total gross margin. Decimal text. */
  value: moneySchema,
  source: z.enum(ACTUAL_VALUE_SOURCES),
  /** Words for the screen: "RMA actual ending value (A00620) for 2026-06-01". */
  sourceText: z.string().min(1).max(300),
  /** The date of the figure: the snapshot's as-of date or the day it was entered. */
  date: isoDate,
  /** "final" once RMA's actual value is known and the end date has passed; else "estimate". */
  kind: z.enum(["final", "estimate"]),
});
export type ClaimActual = z.infer<typeof claimActualSchema>;

/** What the agent entered for an LGM claim: RMA's actual gross margins and the actual marketings. */
export const lgmClaimEntrySchema = z.strictObject({
  actualGrossMargins: z.array(moneySchema).min(6).max(11),
  actualMarketings: z.array(z.number().int().nonnegative()).min(6).max(11),
});

export const claimRecordSchema = z
  .strictObject({
    version: z.literal(CLAIM_SHAPE_VERSION),
    id: recordIdSchema,
    /** The customer the claim belongs to: that customer may read it (ACL7; the server's link follows). */
    customerId: recordIdSchema,
    plan: z.enum(["lrp", "lgm"]),
    /** The endorsement(s) claimed: coverage ids of the customer document (one end date, one type). */
    coverageIds: z.array(recordIdSchema).min(1).max(50),
    policyId: recordIdSchema,
    commodity: z.string().regex(/^\d{4}$/, "expected a 4-digit commodity code"),
    type: z.string().regex(/^\d{3}$/, "expected a 3-digit type code"),
    endDate: isoDate,
    /** The last day to file (LRP: end date + 60 days, shared/book/dates.ts); null for LGM. */
    filingDueDate: isoDate.nullable(),
    actual: claimActualSchema,
    lgm: lgmClaimEntrySchema.optional(),
    /** Computed by shared/pricing/claims from the endorsement(s) and `actual`: whole dollars. */
    indemnity: dollars,
    producerPremium: moneySchema,
    /** Indemnity minus the producer premium. */
    net: moneySchema,
    computedAt: isoInstantSchema,
    status: z.enum(CLAIM_STATUSES),
    submittedAt: isoDate.optional(),
    /** The amount claimed from the insurance provider (whole dollars). */
    submittedAmount: dollars.optional(),
    paidAt: isoDate.optional(),
    paidAmount: moneySchema.optional(),
    deniedAt: isoDate.optional(),
    deniedReason: z.string().trim().max(500).optional(),
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema,
    updatedBy: recordIdSchema,
  })
  .superRefine((claim, ctx) => {
    const need = (field: keyof typeof claim, message: string) => {
      if (claim[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (claim.status !== "open") need("submittedAt", "give the date the claim was submitted");
    if (claim.status === "paid") need("paidAt", "give the date the indemnity was paid");
    if (claim.status === "paid") need("paidAmount", "give the amount paid");
    if (claim.status === "denied") need("deniedAt", "give the date the claim was denied");
    if (claim.status === "denied" && !claim.deniedReason)
      ctx.addIssue({ code: "custom", path: ["deniedReason"], message: "give the reason for the denial" });
    if (claim.submittedAt && claim.submittedAt < claim.endDate)
      ctx.addIssue({
        code: "custom",
        path: ["submittedAt"],
        message: `a claim is submitted on or after the end date (${claim.endDate})`,
      });
    for (const later of ["paidAt", "deniedAt"] as const) {
      const date = claim[later];
      if (date && claim.submittedAt && date < claim.submittedAt)
        ctx.addIssue({
          code: "custom",
          path: [later],
          message: `must be on or after the submission date (${claim.submittedAt})`,
        });
    }
    if (claim.plan === "lgm" && claim.filingDueDate !== null)
      ctx.addIssue({
        code: "custom",
        path: ["filingDueDate"],
        message: "an LGM claim has no filing due date",
      });
  });
export type ClaimRecord = z.infer<typeof claimRecordSchema>;

/** A claim written before the strict shape (open content of schema version 2): kept valid as it is. */
export const legacyClaimSchema = z.looseObject({
  version: z.undefined({ message: "a legacy claim has no version" }).optional(),
  customerId: recordIdSchema.optional(),
  status: z.string().max(40).optional(),
});

/**
 * The `claim` section: the strict shape when it carries a `version`, else the legacy open content.
 * Each branch reports its own issues, so a message names the field that is wrong.
 */
export const claimSectionSchema = z
  .custom<ClaimRecord | z.infer<typeof legacyClaimSchema>>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    "expected the claim as an object",
  )
  .superRefine((value, ctx) => {
    const versioned = (value as { version?: unknown }).version !== undefined;
    const result = (versioned ? claimRecordSchema : legacyClaimSchema).safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
  });

export const isClaimRecord = (value: unknown): value is ClaimRecord =>
  claimRecordSchema.safeParse(value).success;

// ---------------------------------------------------------------------------------------------------
// Checklist: what the producer must provide (section `checklist`)

export const CHECKLIST_KINDS = [
  "notice-of-loss",
  "proof-of-ownership",
  "sales-records",
  "third-party-affidavit",
  "purchase-agreement",
  "marketing-records",
  "other",
] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

export const checklistItemSchema = z.strictObject({
  id: recordIdSchema,
  kind: z.enum(CHECKLIST_KINDS),
  label: z.string().trim().min(1, "give the document's name").max(200),
  /** Who provides it: the producer (shown to the customer as still needed) or the agency. */
  from: z.enum(["producer", "agency"]),
  status: z.enum(["needed", "received", "not-applicable"]),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  updatedBy: recordIdSchema,
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

// ---------------------------------------------------------------------------------------------------
// Attachments: files the server stores (section `attachments`, references only)

/** At most 10 MB per file. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Types the server accepts, told by their content (docs/claims.md). */
export const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/heic"] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const attachmentRefSchema = z.strictObject({
  id: recordIdSchema,
  /** The checklist item it documents (absent: a general attachment). */
  itemId: recordIdSchema.optional(),
  name: z.string().trim().min(1).max(200),
  contentType: z.enum(ATTACHMENT_TYPES),
  size: z.number().int().positive().max(ATTACHMENT_MAX_BYTES),
  /** SHA-256 of the content, hex: the server's answer; the same bytes read back. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 in hex"),
  uploadedAt: isoInstantSchema,
  uploadedBy: recordIdSchema,
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

// ---------------------------------------------------------------------------------------------------
// Summaries: the organisation document's `claims` (agents' lists, the hub) and the customer
// document's `claims` (My coverages: amount, status, what is still needed)

export const claimSummarySchema = z.strictObject({
  id: recordIdSchema,
  customerId: recordIdSchema,
  plan: z.enum(["lrp", "lgm"]),
  coverageIds: z.array(recordIdSchema).min(1).max(50),
  commodity: z.string().regex(/^\d{4}$/),
  type: z.string().regex(/^\d{3}$/),
  endDate: isoDate,
  filingDueDate: isoDate.nullable(),
  indemnity: dollars,
  actualKind: z.enum(["final", "estimate"]),
  status: z.enum(CLAIM_STATUSES),
  submittedAt: isoDate.optional(),
  paidAt: isoDate.optional(),
  paidAmount: moneySchema.optional(),
  /** Labels of the checklist items still needed from the producer. */
  needed: z.array(z.string().max(200)).max(50),
  updatedAt: isoInstantSchema,
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

// ---------------------------------------------------------------------------------------------------
// Claim proposals: the organisation document's `claimProposals`, written by the server alone after
// each published market snapshot (sync-server/claims): one per claimable endorsement that pays at the
// actual values, keyed by the coverage id (docs/claims.md)

export const claimProposalSchema = z.strictObject({
  /** The coverage id. */
  id: recordIdSchema,
  customerId: recordIdSchema,
  plan: z.enum(["lrp", "lgm"]),
  commodity: z.string().regex(/^\d{4}$/),
  type: z.string().regex(/^\d{3}$/),
  endDate: isoDate,
  filingDueDate: isoDate.nullable(),
  /** LRP: RMA's actual ending value; LGM: the actual total gross margin at the target marketings. */
  actual: claimActualSchema,
  /** LGM: the actual gross margin per unit of each month of the insurance period (decimal text). */
  lgm: z.strictObject({ actualGrossMargins: z.array(moneySchema).min(6).max(11) }).optional(),
  /** Whole dollars by the engine (LGM: at the target marketings, before any proration). */
  indemnity: dollars,
  /** The as-of date of the market snapshot it was first proposed from (kept while it does not change). */
  marketAsOf: isoDate,
  /** When the server first proposed it so (kept while it does not change). */
  computedAt: isoInstantSchema,
});
export type ClaimProposalRecord = z.infer<typeof claimProposalSchema>;
