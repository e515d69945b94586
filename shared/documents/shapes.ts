import { z } from "zod";
import { ROLES } from "../access/roles";
import {
  DURATION_TYPES,
  FREQUENCIES,
  RECIPIENT_STATUSES,
  SCHEDULE_STATUSES,
} from "../catalogue/enumerations";
import { isoInstantSchema } from "../schemas/formats";
import { organisationSettingsSchema } from "../schemas/organisation";
import {
  coverageSchema,
  coverageSummarySchema,
  customerSummarySchema,
  entitySummarySchema,
  policySchema,
  policySummarySchema,
  storedEntitySchema,
  storedProfileSchema,
  taxIdRecordSchema,
} from "./book";
import {
  recipientSchema as campaignRecipientSchema,
  campaignSectionSchema,
  scheduleSectionSchema,
} from "./campaign";
import {
  attachmentRefSchema,
  checklistItemSchema,
  claimProposalSchema,
  claimSectionSchema,
  claimSummarySchema,
} from "./claim";
import {
  commissionAgentSchema,
  commissionEarningSchema,
  commissionScheduleSchema,
  commissionSplitSchema,
  commissionStatementSchema,
  savedStatementMappingSchema,
} from "./commission";
import { heldCoverageSchema } from "./held-coverage";
import { importLogEntrySchema, savedMappingSchema } from "./import-log";
import type { DocumentKind } from "./names";
import { DOCUMENT_SCHEMA_VERSION } from "./schema-version";
import { watchSetupSchema } from "./watchlist";

// The shape of every synced document, as the plain JSON the server reads out of a Y.Doc: each top-level
// Y.Map ("section") becomes one key. A document holds only the sections listed for its kind; `meta`
// carries the schema version and is written by the server alone. The agent book's records (customer
// document, the organisation's summaries, tax ids in the internal document) are strict shapes of
// book.ts; claims are shapes of claim.ts; records of kinds that later issues shape (applications,
// working quotes, campaigns) are still open (extra fields pass) and only the fields listed here are checked.

export { DOCUMENT_SCHEMA_VERSION };

/**
 * The agent book's index: the summary sections of the book document `org/{orgId}/book` (version 3; in
 * the organisation document until version 2, moved out by migrate-v2.ts).
 */
export const BOOK_INDEX_SECTIONS = ["customers", "entities", "policies", "coverages"] as const;

/** The book import's sections of the book document (import-log.ts): saved mappings and the imports. */
export const BOOK_IMPORT_SECTIONS = ["importMappings", "imports"] as const;

const id = z.string().min(1).max(128);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD");

/** Record sections, with the schemas of their keys and values: each entry is checked on its own. */
const recordSections = new WeakMap<z.ZodType, { key: z.ZodType; value: z.ZodType }>();

/** The rule of a record keyed by id: an entry that carries an `id` carries its key. */
const idDiffersFromKey = (key: string, entry: unknown): string | null => {
  const entryId = (entry as { id?: unknown } | null | undefined)?.id;
  return entryId !== undefined && entryId !== key
    ? `id "${String(entryId)}" differs from its key "${key}"`
    : null;
};

/** A record keyed by id whose values, when they carry an `id`, carry the same one. */
const recordById = <T extends z.ZodType<{ id?: string }>>(value: T) => {
  const schema = z.record(id, value).superRefine((records, ctx) => {
    for (const [key, entry] of Object.entries(records)) {
      const message = idDiffersFromKey(key, entry);
      if (message) ctx.addIssue({ code: "custom", path: [key, "id"], message });
    }
  });
  recordSections.set(schema, { key: id, value });
  return schema;
};

export const metaSectionSchema = z.strictObject({
  schemaVersion: z.number().int().min(1),
});

/** The organisation's settings: the spec's Organisation entity without secrets or platform fields
 * (shared/schemas/organisation.ts, docs/administration.md). */
const orgSettingsSchema = organisationSettingsSchema;

const memberSchema = z.looseObject({
  id: id.optional(),
  email: z.string().max(320).nullable().optional(),
  name: z.string().max(200).optional(),
  roles: z.array(z.enum(ROLES)),
});

const entityRecord = z.looseObject({ id: id.optional() });

/** A record of a version-1 customer document that did not fit the strict shapes (migrate-v1.ts). */
const legacyRecordSchema = z.looseObject({ id: id.optional() });

const noteSchema = z.looseObject({
  id: id.optional(),
  text: z.string().max(20_000),
  authorId: id.optional(),
  updatedAt: isoInstantSchema.optional(),
});

/** Campaign sections (shared/documents/campaign.ts): strict when versioned, legacy open content otherwise. */
const versionedOrLegacy = (strict: z.ZodType, legacy: z.ZodType) =>
  z
    .custom<unknown>(
      (value) => typeof value === "object" && value !== null && !Array.isArray(value),
      "expected an object",
    )
    .superRefine((value, ctx) => {
      const versioned = (value as { schemaVersion?: unknown }).schemaVersion !== undefined;
      const result = (versioned ? strict : legacy).safeParse(value);
      if (result.success) return;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
    });

const campaignSchema = versionedOrLegacy(
  campaignSectionSchema,
  z.looseObject({ name: z.string().max(200).optional(), status: z.enum(SCHEDULE_STATUSES).optional() }),
);

const scheduleSchema = versionedOrLegacy(
  scheduleSectionSchema,
  z.looseObject({
    frequency: z.enum(FREQUENCIES).optional(),
    durationType: z.enum(DURATION_TYPES).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  }),
);

/** A recipient: strict (campaign.ts) once it carries channels, legacy open otherwise. */
const recipientSchema = z
  .custom<{ id?: string }>(
    (value) => typeof value === "object" && value !== null && !Array.isArray(value),
    "expected an object",
  )
  .superRefine((value, ctx) => {
    const strict = (value as { channels?: unknown }).channels !== undefined;
    const result = (
      strict
        ? campaignRecipientSchema
        : z.looseObject({ id: id.optional(), status: z.enum(RECIPIENT_STATUSES) })
    ).safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
  });

/** A watchlist entry: a saved LRP or LGM quote setup (shared/documents/watchlist.ts). */
const watchItemSchema = watchSetupSchema;

const marketSnapshotSchema = z.looseObject({ asOf: isoDate, label: z.string().max(200).optional() });

/** Per kind: the schema of each section it may hold. */
export const DOCUMENT_SECTIONS = {
  org: {
    meta: metaSectionSchema,
    settings: orgSettingsSchema,
    members: recordById(memberSchema),
    /** Claim summaries (shared/documents/claim.ts), for the claims list and the hub. */
    claims: recordById(claimSummarySchema),
    /** Claims that pay, proposed by the server after each published snapshot (written by the server only). */
    claimProposals: recordById(claimProposalSchema),
  },
  /** The book's index: a summary of every record of the book (shared/book/summaries.ts), for lists. */
  book: {
    meta: metaSectionSchema,
    customers: recordById(customerSummarySchema),
    entities: recordById(entitySummarySchema),
    policies: recordById(policySummarySchema),
    coverages: recordById(coverageSummarySchema),
    /** The book import (import-log.ts): each source's saved column mapping, and one entry per import. */
    importMappings: recordById(savedMappingSchema),
    imports: recordById(importLogEntrySchema),
    /** Commissions (commission.ts, docs/commissions.md): rates, splits, earnings, statements. */
    commissionSchedules: recordById(commissionScheduleSchema),
    commissionAgents: recordById(commissionAgentSchema),
    commissionSplits: recordById(commissionSplitSchema),
    commissionEarnings: recordById(commissionEarningSchema),
    commissionMappings: recordById(savedStatementMappingSchema),
    commissionStatements: recordById(commissionStatementSchema),
  },
  /**
   * One customer's records. Since version 4 the profile's and entities' names and addresses are
   * stored as typed (shared text, text-fields.ts; an address one key per field, a partial one kept):
   * storedProfileSchema and storedEntitySchema; forms commit with the complete shapes of book.ts.
   */
  customer: {
    meta: metaSectionSchema,
    profile: storedProfileSchema,
    entities: recordById(storedEntitySchema),
    policies: recordById(policySchema),
    coverages: recordById(coverageSchema),
    applications: recordById(entityRecord),
    /** Summaries of this customer's claims: what My coverages shows the producer. */
    claims: recordById(claimSummarySchema),
  },
  customerInternal: {
    meta: metaSectionSchema,
    notes: recordById(noteSchema),
    quotes: recordById(entityRecord),
    /** Full tax ids by key (book.ts taxIdKey): agents only, encrypted at rest on the server. */
    taxIds: recordById(taxIdRecordSchema),
    /**
     * Records of a version-1 customer document that do not fit today's shapes, kept unchanged for an
     * agent to review: agents only (until version 2 they were in the customer document, which the
     * linked customer reads; migrate-v2.ts moves them here).
     */
    legacy: recordById(legacyRecordSchema),
    /** Endorsements the book import holds until the agent gives what is missing (held-coverage.ts, version 6). */
    heldCoverages: recordById(heldCoverageSchema),
  },
  campaign: {
    meta: metaSectionSchema,
    campaign: campaignSchema,
    schedule: scheduleSchema,
    recipients: recordById(recipientSchema),
  },
  claim: {
    meta: metaSectionSchema,
    /** The claim (shared/documents/claim.ts: strict when versioned, legacy open content otherwise). */
    claim: claimSectionSchema,
    checklist: recordById(checklistItemSchema),
    attachments: recordById(attachmentRefSchema),
    notes: recordById(noteSchema),
  },
  watchlist: {
    meta: metaSectionSchema,
    items: recordById(watchItemSchema),
  },
  market: {
    meta: metaSectionSchema,
    snapshot: marketSnapshotSchema.partial({ asOf: true }),
  },
} as const satisfies Record<DocumentKind, Record<string, z.ZodType>>;

export type SectionName<K extends DocumentKind> = keyof (typeof DOCUMENT_SECTIONS)[K] & string;

/**
 * Whether a section is a record of independent entries: valid entries stay valid whatever happens to
 * the others, so the server checks only the entries a change touches.
 */
export const isRecordSection = (kind: DocumentKind, section: string): boolean => {
  const schema = (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section];
  return schema !== undefined && recordSections.has(schema);
};

/** The key and value schemas of a record section (undefined for a section that is not one). */
export const recordSectionParts = (
  kind: DocumentKind,
  section: string,
): { key: z.ZodType; value: z.ZodType } | undefined => {
  const schema = (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section];
  return schema === undefined ? undefined : recordSections.get(schema);
};

/** The rule of a record section checked on one entry: null, or why the entry's id is wrong. */
export const entryIdProblem = idDiffersFromKey;

/** The sections of a kind, in a fixed order. */
export const sectionsOf = (kind: DocumentKind): readonly string[] => Object.keys(DOCUMENT_SECTIONS[kind]);

/** One schema per kind: the whole document as JSON (every section is optional until written). */
export const documentSchemas = Object.fromEntries(
  Object.entries(DOCUMENT_SECTIONS).map(([kind, sections]) => [
    kind,
    z.strictObject(
      Object.fromEntries(
        Object.entries(sections).map(([section, schema]) => [
          section,
          section === "meta" ? (schema as z.ZodType) : (schema as z.ZodType).optional(),
        ]),
      ),
    ),
  ]),
) as unknown as Record<DocumentKind, z.ZodType<Record<string, unknown>>>;

export interface DocumentIssue {
  /** Where in the document, e.g. ["customers", "c-1", "name"]. */
  path: (string | number)[];
  message: string;
}

/**
 * Checks a document's JSON against its kind's shape. Returns the issues (empty when valid), each with
 * the path of the bad value, so the server can record and report them.
 */
export function validateDocument(kind: DocumentKind, json: Record<string, unknown>): DocumentIssue[] {
  return issuesOf(kind, documentSchemas[kind].safeParse(json), []);
}

/**
 * Checks one entry of a record section: the same issues as validateSection(kind, section, {[key]:
 * value}), found faster when there are none (the key and the value are checked on their own).
 */
export function validateEntry(
  kind: DocumentKind,
  section: string,
  key: string,
  value: unknown,
): DocumentIssue[] {
  const parts = recordSections.get(
    (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section] as z.ZodType,
  );
  const valid =
    parts?.key.safeParse(key).success &&
    parts.value.safeParse(value).success &&
    idDiffersFromKey(key, value) === null;
  return valid ? [] : validateSection(kind, section, { [key]: value });
}

/**
 * Checks one section's JSON against its schema — the whole section, or some entries of a record
 * section (entries are checked on their own). Paths start with the section's name, as in
 * validateDocument; a section the kind does not hold is an issue.
 */
export function validateSection(kind: DocumentKind, section: string, json: unknown): DocumentIssue[] {
  const schema = (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section];
  if (!schema) return [{ path: [], message: unknownSections(kind, [section]) }];
  return issuesOf(kind, schema.safeParse(json), [section]);
}

function issuesOf(
  kind: DocumentKind,
  result: { success: true } | { success: false; error: z.ZodError },
  prefix: string[],
): DocumentIssue[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: [
      ...prefix,
      ...issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
    ],
    message:
      issue.code === "unrecognized_keys" && prefix.length === 0 && issue.path.length === 0
        ? unknownSections(kind, issue.keys)
        : issue.message,
  }));
}

const unknownSections = (kind: DocumentKind, names: string[]) =>
  `unknown section(s) ${names.map((name) => `"${name}"`).join(", ")}: a ${kind} document holds ${sectionsOf(kind).join(", ")}`;
