import {
  type AddressDraft,
  addressProblems,
  entitySchema,
  type StoredEntity,
  type StoredProfile,
  storedProfileSchema,
  type TaxIdRecord,
  taxIdKey,
} from "../../documents/book";
import { isValidTaxId, type TaxIdType, taxIdMessage } from "../../documents/tax-id";
import { cleanEmail, cleanName, cleanPhone, nameForm, personKey } from "./clean";
import type { ImportFieldId } from "./fields";
import { changed, checked, type Stamper, stamped } from "./records";
import type { RowReader } from "./row-reader";
import type { RecordAction } from "./types";
import {
  entityTypeOfName,
  readEntityType,
  readFarmerClassification,
  readInteger,
  readState,
  readTaxId,
  readTaxIdType,
} from "./values";
import { nameKey, type WorkingCustomer } from "./working";

// The customer (the producer's profile) and the insured entity of a row (docs/book-import.md), checked with
// the same schemas as the forms: customerProfileSchema and entitySchema. A customer the book already
// has keeps its name (a row names the insured, who may be one of several entities); its other fields
// the row gives are updated. Full tax ids go to the internal document only.

export interface Staged<T> {
  record: T;
  action: RecordAction;
}

const cleaned = (text: string | undefined, clean: (t: string) => string) =>
  text === undefined ? undefined : clean(text);

/** The row's customer fields, read (problems noted on the row), names, e-mail and phone cleaned (clean.ts). */
export function readParties(row: RowReader) {
  return {
    name: cleaned(row.text("customerName"), cleanName),
    email: cleaned(row.text("email"), cleanEmail),
    mobilePhone: cleaned(row.text("mobilePhone"), cleanPhone),
    address: {
      line1: row.text("addressLine1"),
      line2: row.text("addressLine2"),
      city: row.text("city"),
      state: row.read("state", readState),
      zip: row.text("zip"),
    },
    farmerClassification: row.read("farmerClassification", readFarmerClassification),
    farmingSinceYear: row.read("farmingSinceYear", readInteger),
    legalName: cleaned(row.text("legalName"), cleanName),
    entityType: row.read("entityType", readEntityType),
    taxIdType: row.read("taxIdType", readTaxIdType),
    // A masked tax id reads as none given (null, with a note on the row): never a refusal.
    taxId: row.read("taxId", readTaxId) ?? undefined,
  };
}
export type Parties = ReturnType<typeof readParties>;

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as Partial<T>;

const PROFILE_FIELDS: Record<string, ImportFieldId> = {
  name: "customerName",
  email: "email",
  mobilePhone: "mobilePhone",
  farmerClassification: "farmerClassification",
  farmingSinceYear: "farmingSinceYear",
};
const ADDRESS_FIELDS: Record<string, ImportFieldId> = {
  line1: "addressLine1",
  line2: "addressLine2",
  city: "city",
  state: "state",
  zip: "zip",
  county: "state",
};
const profileField = (path: readonly PropertyKey[]): ImportFieldId | null =>
  path[0] === "address"
    ? (ADDRESS_FIELDS[String(path[1])] ?? "addressLine1")
    : (PROFILE_FIELDS[String(path[0])] ?? null);

const ADDRESS_PARTS = { line1: "street address", city: "city", state: "state", zip: "ZIP" } as const;

/**
 * ADDR1: an address the row leaves partial goes in as the profile stores one (book.ts addressDraftSchema,
 * as the profile editor keeps a half-typed address) with a note naming what it lacks, to be completed on
 * the customer's profile; a filled part that is not valid (a ZIP "5750", a county of another state) is
 * refused at its column. False when refused.
 */
function checkAddress(row: RowReader, address: AddressDraft | undefined): boolean {
  const problems = addressProblems(address);
  const wrong = problems.filter((p) => p.field !== "" && address?.[p.field]);
  for (const p of wrong) row.refuse(ADDRESS_FIELDS[p.field] ?? "addressLine1", p.message);
  if (wrong.length > 0) return false;
  const lacks = (Object.keys(ADDRESS_PARTS) as (keyof typeof ADDRESS_PARTS)[]).filter((k) => !address?.[k]);
  if (problems.length > 0 && lacks.length > 0)
    row.note(
      null,
      `the customer's address is kept without its ${lacks.map((k) => ADDRESS_PARTS[k]).join(", ")}: complete it on the customer's profile`,
    );
  return true;
}

/**
 * Whether `name` should replace the name of `record` (MERGE1): only in a record this import made, only
 * for the same person's name written better (clean.ts nameForm: "Robert Johnson" over "Johnson, Robert").
 * A record the book had keeps its name.
 */
const bestName = (
  record: { importId?: string | undefined },
  current: string | undefined,
  name: string | undefined,
  stamp: Pick<Stamper, "importId">,
): name is string =>
  name !== undefined &&
  current !== undefined &&
  record.importId === stamp.importId &&
  personKey(name) === personKey(current) &&
  nameForm(name) > nameForm(current);

/** The customer's profile as the row leaves it (new, or the book's with the row's fields). */
export function stageProfile(
  row: RowReader,
  parties: Parties,
  customer: WorkingCustomer,
  stamp: Stamper,
): Staged<StoredProfile> | undefined {
  const address = defined(parties.address);
  const hasAddress = Object.keys(address).length > 0;
  const current = customer.profile;
  if (!current) {
    if (!parties.name) {
      row.refuse("customerName", "give the customer's name (no customer of the book matches this row)");
      return undefined;
    }
    // A name is matched by its letters and digits (working.ts nameKey): one without any could never be
    // found again, and the same file would make the customer twice.
    if (nameKey(parties.name) === "") {
      row.refuse(
        "customerName",
        `${JSON.stringify(parties.name.slice(0, 40))} has no letters or digits: give the customer's name`,
      );
      return undefined;
    }
    if (!checkAddress(row, hasAddress ? address : undefined)) return undefined;
    const record = checked(
      row,
      storedProfileSchema,
      stamped(
        {
          id: customer.customerId,
          name: parties.name,
          ...defined({
            email: parties.email,
            mobilePhone: parties.mobilePhone,
            farmingSinceYear: parties.farmingSinceYear,
          }),
          ...(hasAddress ? { address } : {}),
          farmerClassification: parties.farmerClassification ?? "Neither",
          status: "active",
        },
        stamp,
      ),
      profileField,
    );
    return record ? { record: record as StoredProfile, action: "create" } : undefined;
  }
  const next = {
    ...current,
    ...(bestName(current, current.name, parties.name, stamp) ? { name: parties.name } : {}),
    ...defined({
      email: parties.email,
      mobilePhone: parties.mobilePhone,
      farmerClassification: parties.farmerClassification,
      farmingSinceYear: parties.farmingSinceYear,
    }),
    ...(hasAddress ? { address: { ...current.address, ...address } } : {}),
  };
  if (!changed(current, next)) return { record: current, action: "unchanged" };
  if (hasAddress && !checkAddress(row, next.address)) return undefined;
  const record = checked(row, storedProfileSchema, stamped(next, stamp, current.createdAt), profileField);
  return record ? { record: record as StoredProfile, action: "update" } : undefined;
}

const ENTITY_FIELDS: Record<string, ImportFieldId> = {
  type: "entityType",
  legalName: "legalName",
  taxIdType: "taxIdType",
  taxIdLast4: "taxId",
};
const entityField = (path: readonly PropertyKey[]): ImportFieldId | null =>
  ENTITY_FIELDS[String(path[0])] ?? null;

export interface StagedEntity extends Staged<StoredEntity> {
  taxId?: Staged<TaxIdRecord>;
}

/**
 * The row's entity: the one with the row's tax id, else the customer's entity of the same legal name
 * (or its only one, when the row names none), else a new one.
 */
export function stageEntity(
  row: RowReader,
  parties: Parties,
  customer: WorkingCustomer,
  found: string | undefined,
  stamp: Stamper,
  newId: () => string,
): StagedEntity | undefined {
  const legalName = parties.legalName ?? parties.name ?? customer.profile?.name;
  const entities = Object.values(customer.entities);
  const existing =
    (found ? customer.entities[found] : undefined) ??
    entities.find(
      (e) =>
        legalName !== undefined &&
        nameKey(e.legalName) === nameKey(legalName) &&
        (!parties.taxId || !customer.taxIds[taxIdKey.entity(e.id)]),
    ) ??
    (!parties.taxId && !parties.legalName && entities.length === 1 ? entities[0] : undefined);
  let type =
    parties.entityType ??
    existing?.type ??
    (parties.taxId?.type === 1 || parties.taxIdType === 1 ? "I" : undefined);
  // No type given: the legal name may say it ("… LLC", "Dale & Karen Miller", a person's name), noted.
  if (!type && legalName) {
    const byName = entityTypeOfName(legalName);
    const person = byName?.ok && (byName.value === "I" || byName.value === "S");
    const ein = parties.taxId?.type === 2 || parties.taxIdType === 2;
    if (byName?.ok && !(person && ein)) {
      type = byName.value;
      if (byName.note) row.note(row.has("entityType") ? "entityType" : null, byName.note);
    }
  }
  if (!type) {
    row.refuse(
      "entityType",
      "give the entity's type, such as Individual, Limited Liability Company or Corporation (neither the tax id nor the name says it)",
    );
    return undefined;
  }
  const taxIdType: TaxIdType =
    parties.taxIdType ?? parties.taxId?.type ?? existing?.taxIdType ?? (type === "I" ? 1 : 2);
  if (parties.taxId && !isValidTaxId(taxIdType, parties.taxId.digits)) {
    row.refuse(row.has("taxId") ? "taxId" : "taxIdType", taxIdMessage(taxIdType));
    return undefined;
  }
  const id = existing?.id ?? newId();
  const next = {
    ...(existing ?? { id, sbis: {}, status: "active" }),
    type,
    legalName:
      existing && !(parties.legalName || bestName(existing, existing.legalName, legalName, stamp))
        ? existing.legalName
        : legalName,
    taxIdType,
    ...(parties.taxId ? { taxIdLast4: parties.taxId.digits.slice(5) } : {}),
  };
  if (!next.legalName) {
    row.refuse("legalName", "give the entity's legal name");
    return undefined;
  }
  let entity: Staged<StoredEntity>;
  if (existing && !changed(existing, next)) entity = { record: existing, action: "unchanged" };
  else {
    const record = checked(row, entitySchema, stamped(next, stamp, existing?.createdAt), entityField);
    if (!record) return undefined;
    entity = { record: record as StoredEntity, action: existing ? "update" : "create" };
  }
  if (!parties.taxId) return entity;
  const key = taxIdKey.entity(id);
  const stored = customer.taxIds[key];
  const taxRecord = { id: key, taxIdType, taxId: parties.taxId.digits };
  if (stored && !changed(stored, taxRecord))
    return { ...entity, taxId: { record: stored, action: "unchanged" } };
  const { createdAt: _c, ...taxStamps } = stamped({}, stamp);
  return {
    ...entity,
    taxId: { record: { ...taxRecord, ...taxStamps }, action: stored ? "update" : "create" },
  };
}
