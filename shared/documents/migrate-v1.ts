import type { z } from "zod";
import {
  coverageSchema,
  customerProfileSchema,
  customerSummarySchema,
  entitySchema,
  policySchema,
} from "./book";
import type { DocumentJson, MigrationContext } from "./migrations";

// Version 1 → 2 (docs/agent-book.md): the customer document's open records become the strict shapes of book.ts.
// Whatever valid data a stored document has is kept: a record that fits its new shape stays where it
// is; one that does not (and the profile fields the new shape has no place for) moves, unchanged, to the
// `legacy` section, where the record page lists it for an agent to re-enter. Nothing is dropped. The
// organisation document's customer summaries are a cache derived from customer documents: those that
// fit are kept, the rest are dropped and derived again when an agent next opens the customer.

const SYSTEM_USER = "system-migration";

/** Profile fields a version-1 profile's own fields are tried as (the shape's, but the id and stamps). */
const PROFILE_FIELDS_TRIED = new Set(
  Object.keys(customerProfileSchema.shape).filter(
    (f) => !["id", "name", "createdAt", "updatedAt", "updatedBy"].includes(f),
  ),
);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function legacyEntry(section: string, key: string, record: unknown): [string, Record<string, unknown>] {
  const id = `${section}.${key}`.slice(0, 128);
  return [id, { id, section, record }];
}

function migrateRecords(
  section: string,
  records: unknown,
  schema: z.ZodType,
  stamps: Record<string, string>,
  legacy: Record<string, unknown>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (!isObject(records)) return kept;
  for (const [key, record] of Object.entries(records)) {
    const candidate = isObject(record) ? { ...stamps, ...record, id: key } : record;
    const parsed = schema.safeParse(candidate);
    if (parsed.success) kept[key] = candidate;
    else {
      const [id, entry] = legacyEntry(section, key, record);
      legacy[id] = entry;
    }
  }
  return kept;
}

export function migrateCustomerV1(document: DocumentJson, context: MigrationContext): DocumentJson {
  const stamps = { createdAt: context.now, updatedAt: context.now, updatedBy: SYSTEM_USER };
  const legacy: Record<string, unknown> = isObject(document.legacy) ? { ...document.legacy } : {};
  const next: DocumentJson = { ...document };

  if (isObject(document.profile)) {
    const old = document.profile;
    const profile: Record<string, unknown> = {
      id: context.recordId,
      name: typeof old.name === "string" ? old.name.trim() : "",
      farmerClassification: "Neither",
      status: "active",
      ...stamps,
    };
    const leftOver: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(old)) {
      if (field === "id" || field === "name") continue;
      const target = field === "phone" ? "mobilePhone" : field;
      const trial = { ...profile, [target]: value };
      if (target !== field || PROFILE_FIELDS_TRIED.has(target)) {
        if (customerProfileSchema.safeParse(trial).success) {
          profile[target] = value;
          continue;
        }
      }
      leftOver[field] = value;
    }
    if (customerProfileSchema.safeParse(profile).success) {
      next.profile = profile;
      if (Object.keys(leftOver).length > 0) {
        const [id, entry] = legacyEntry("profile", "fields", leftOver);
        legacy[id] = entry;
      }
    } else {
      delete next.profile;
      const [id, entry] = legacyEntry("profile", "fields", old);
      legacy[id] = entry;
    }
  }
  next.entities = migrateRecords("entities", document.entities, entitySchema, stamps, legacy);
  next.policies = migrateRecords("policies", document.policies, policySchema, stamps, legacy);
  next.coverages = migrateRecords("coverages", document.coverages, coverageSchema, stamps, legacy);
  for (const section of ["entities", "policies", "coverages"] as const)
    if (document[section] === undefined && Object.keys(next[section] as object).length === 0)
      delete next[section];
  if (Object.keys(legacy).length > 0) next.legacy = legacy;
  return next;
}

export function migrateOrgV1(document: DocumentJson): DocumentJson {
  if (!isObject(document.customers)) return document;
  const customers: Record<string, unknown> = {};
  for (const [key, summary] of Object.entries(document.customers)) {
    if (!isObject(summary)) continue;
    const candidate = Object.fromEntries(
      Object.entries({ ...summary, id: key }).filter(([field]) => field in customerSummarySchema.shape),
    );
    if (customerSummarySchema.safeParse(candidate).success) customers[key] = candidate;
  }
  return { ...document, customers };
}
