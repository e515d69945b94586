import * as Y from "yjs";
import { sampleLrpCoverage as sampleSceLrpCoverage } from "../../../shared/book/test-fixtures";
import {
  type CoverageSummary,
  type CustomerProfile,
  type CustomerSummary,
  coverageSummarySchema,
  customerProfileSchema,
  customerSummarySchema,
  type Entity,
  entitySchema,
  type LrpCoverage,
  lrpCoverageSchema,
  type Policy,
  policySchema,
  type TaxIdRecord,
  taxIdRecordSchema,
} from "../../../shared/documents/book";

// Valid agent-book records for the integration tests, made once here and parsed with the one shape of
// each (shared/documents/book.ts), so a test that needs "a valid coverage" writes one the server accepts.

const AT = "2026-11-20T15:00:00.000Z";
const stamps = (by = "auth0|demo-agent") => ({ createdAt: AT, updatedAt: AT, updatedBy: by });

export const sampleProfile = (id: string, fields: Partial<CustomerProfile> = {}): CustomerProfile =>
  customerProfileSchema.parse({
    id,
    name: "Casey Ranch",
    farmerClassification: "Neither",
    status: "active",
    ...stamps(),
    ...fields,
  });

export const sampleEntity = (id: string, fields: Partial<Entity> = {}): Entity =>
  entitySchema.parse({
    id,
    type: "I",
    legalName: "Casey Jones",
    taxIdType: 1,
    taxIdLast4: "6789",
    sbis: {},
    status: "active",
    ...stamps(),
    ...fields,
  });

export const samplePolicy = (id: string, entityId: string, fields: Partial<Policy> = {}): Policy =>
  policySchema.parse({
    id,
    plan: "lrp",
    providerId: "proAg",
    entityId,
    cropYear: 2026,
    reinsuranceYear: 2026,
    status: "active",
    state: "NE",
    county: "31019",
    ...stamps(),
    ...fields,
  });

export const sampleLrpCoverage = (
  id: string,
  policyId: string,
  fields: Partial<LrpCoverage> = {},
): LrpCoverage =>
  // Typed from the SCE (rule SCE1): the shared sample derives the insured value, premium and subsidy
  // from the rest, so the figures agree and lie within RMA's bounds near the test server's sample market.
  lrpCoverageSchema.parse(
    sampleSceLrpCoverage({
      id,
      policyId,
      cropYear: 2026,
      salesDate: "2026-11-20",
      status: "quoted",
      snapshotAsOf: "2026-11-20",
      commodity: "0801",
      type: "809",
      endorsementLengthWeeks: 13,
      endDate: "2027-02-19",
      expectedEndingValue: "320",
      coverageLevel: "0.95",
      rate: "0.0312",
      head: 100,
      targetWeightCwt: "5.5",
      share: "1",
      ...stamps(),
      ...fields,
    }),
  );

/** A full tax id record of the internal document (section `taxIds`). */
export const sampleTaxId = (id: string, taxId: string, fields: Partial<TaxIdRecord> = {}): TaxIdRecord =>
  taxIdRecordSchema.parse({
    id,
    taxIdType: 1,
    taxId,
    updatedAt: AT,
    updatedBy: "auth0|demo-agent",
    ...fields,
  });

export const sampleCustomerSummary = (id: string, fields: Partial<CustomerSummary> = {}): CustomerSummary =>
  customerSummarySchema.parse({ id, name: "Probe Ranch", ...fields });

export const sampleCoverageSummary = (
  id: string,
  customerId: string,
  fields: Partial<CoverageSummary> = {},
): CoverageSummary =>
  coverageSummarySchema.parse({
    id,
    customerId,
    policyId: "p-1",
    plan: "lrp",
    commodity: "0801",
    type: "809",
    cropYear: 2026,
    salesDate: "2026-11-20",
    endDate: "2027-02-19",
    head: 100,
    producerPremium: "2601.45",
    status: "quoted",
    updatedAt: AT,
    ...fields,
  });

/**
 * Writes a record into a section as the app does (src/lib/sync/typed/y-json.ts): objects as nested
 * Y.Maps, so later single-field edits merge per key. Returns the record's map.
 */
export function writeRecord(doc: Y.Doc, section: string, key: string, record: object): Y.Map<unknown> {
  const map = toY(record) as Y.Map<unknown>;
  doc.getMap(section).set(key, map);
  return map;
}

/** Writes the producer profile (a section of its own: one key per field), in one transaction. */
export function writeProfile(doc: Y.Doc, profile: CustomerProfile): void {
  doc.transact(() => {
    const section = doc.getMap("profile");
    for (const [key, value] of Object.entries(profile)) section.set(key, toY(value));
  });
}

const toY = (value: unknown): unknown => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) map.set(key, toY(entry));
  return map;
};
