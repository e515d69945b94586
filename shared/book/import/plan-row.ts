import type { Coverage, Policy, StoredEntity, StoredProfile, TaxIdRecord } from "../../documents/book";
import type { HeldCoverage } from "../../documents/held-coverage";
import { IMPORT_FIELDS, type ImportFieldId, importField } from "./fields";
import { hasCoverage, readCoverage, stageCoverage } from "./plan-coverage";
import { hasLgmFields } from "./plan-lgm";
import { readParties, type Staged, stageEntity, stageProfile } from "./plan-parties";
import { planOf, readPolicy, stagePolicy } from "./plan-policy";
import { type Stamper, sameJson, stamped } from "./records";
import type { RowReader } from "./row-reader";
import type { ImportContext, PendingConfirmation } from "./types";
import { nameAddressKey, policyKey, type WorkingBook, type WorkingCustomer } from "./working";

// One row of the file against the working book (docs/book-import.md): whose row it is (the entity with its
// tax id; else the policy with its provider and number; else a customer of the same name and address,
// which the agent confirms unless this import made it; else a new customer), then its customer,
// entity, policy and endorsement, each checked by the rules hand-typed records are. A row is taken
// whole or refused whole: nothing of a refused row is written.

export type RowResult =
  | { kind: "empty" }
  | { kind: "refused" }
  | { kind: "confirm"; confirmation: PendingConfirmation }
  | { kind: "planned"; customer: WorkingCustomer; staged: StagedRow };

export interface StagedRow {
  profile?: Staged<StoredProfile>;
  entity?: Staged<StoredEntity>;
  taxId?: Staged<TaxIdRecord>;
  policy?: Staged<Policy>;
  coverage?: Staged<Coverage>;
  /** The endorsement kept as "needs details" (HOLD1) instead of `coverage`, and what it lacks. */
  held?: Staged<HeldCoverage>;
  missing?: ImportFieldId[];
}

function whoseRow(
  book: WorkingBook,
  row: RowReader,
  parties: ReturnType<typeof readParties>,
  policyNumber: string | undefined,
  providerId: string | undefined,
  context: ImportContext,
): {
  customerId?: string;
  entityId?: string;
  policyId?: string;
  confirm?: PendingConfirmation;
  refused?: true;
} {
  const byTax = parties.taxId ? book.byTaxId.get(parties.taxId.digits) : undefined;
  const byPolicy =
    policyNumber && providerId ? book.byPolicyNumber.get(policyKey(providerId, policyNumber)) : undefined;
  if (byTax && byPolicy && byTax.customerId !== byPolicy.customerId) {
    const other = book.customers.get(byPolicy.customerId)?.profile?.name ?? "another customer";
    row.refuse(
      "policyNumber",
      `policy ${policyNumber} belongs to ${other}, not to the customer with this tax id`,
    );
    return { refused: true };
  }
  if (byTax) return { ...byTax, ...(byPolicy ? { policyId: byPolicy.policyId } : {}) };
  if (byPolicy) return { customerId: byPolicy.customerId, policyId: byPolicy.policyId };
  const key = nameAddressKey(parties.name, parties.address);
  const candidates = key ? (book.byNameAddress.get(key) ?? []) : [];
  const made = candidates.find((id) => !book.customers.get(id)?.existing);
  if (made) return { customerId: made };
  const match = candidates[0];
  if (!match) return {};
  if (context.confirmedLines?.includes(row.line)) return { customerId: match };
  const customer = book.customers.get(match);
  const address = customer?.profile?.address;
  const matchedOn = key?.endsWith("|")
    ? "the name alone (the row gives no address)"
    : [address?.city, address?.state, address?.zip].filter(Boolean).join(", ");
  return {
    confirm: {
      sheet: row.sheet,
      line: row.line,
      customerId: match,
      name: customer?.profile?.name ?? "",
      matchedOn,
      message: `row ${row.line}: no tax id matches, but ${
        key?.endsWith("|")
          ? `the book has a customer named ${customer?.profile?.name} (the row gives no address)`
          : `${customer?.profile?.name} of ${matchedOn} has the same name and address`
      }: confirm it is the same customer${candidates.length > 1 ? ` (${candidates.length} customers match)` : ""}`,
    },
  };
}

/** The endorsement fields a held record keeps (the coverage's import fields the row gives). */
const COVERAGE_FIELD_IDS = IMPORT_FIELDS.filter((f) => f.record === "coverage").map((f) => f.id);

/**
 * The row's endorsement kept as "needs details" (HOLD1): its cells by field and what is missing. The same
 * endorsement held before (same policy and cells) is left as it is, so the same file twice plans nothing.
 */
export function stageHeld(
  row: RowReader,
  missing: readonly ImportFieldId[],
  context: {
    customer: WorkingCustomer;
    policyId: string;
    fileName: string;
    stamp: Stamper;
    newId: () => string;
  },
): Staged<HeldCoverage> {
  const fields: Partial<Record<ImportFieldId, string>> = {};
  for (const id of COVERAGE_FIELD_IDS) {
    const text = row.text(id);
    if (text !== undefined) fields[id] = text;
  }
  const same = Object.values(context.customer.held).find(
    (h) => h.policyId === context.policyId && sameJson(h.fields, fields),
  );
  if (same) return { record: same, action: "unchanged" };
  const record = stamped(
    {
      id: context.newId(),
      policyId: context.policyId,
      fields,
      missing: [...missing],
      source: { fileName: context.fileName.slice(0, 255) || "import", sheet: row.sheet, line: row.line },
      status: "needs-details" as const,
    },
    context.stamp,
  );
  return { record, action: "create" };
}

/** "row 7: the endorsement needs details: Sales date, Subsidy" (field labels, as the agent maps them). */
export const heldMessage = (
  row: Pick<RowReader, "line" | "sheet">,
  missing: readonly ImportFieldId[],
  named = false,
) =>
  `${named ? `${row.sheet}, ` : ""}row ${row.line}: the endorsement is kept as "needs details" until you give ${missing
    .map((f) => importField(f).label.toLowerCase())
    .join(", ")}; its customer, entity and policy are imported`;

export function planRow(
  book: WorkingBook,
  row: RowReader,
  context: ImportContext,
  stamp: Stamper,
): RowResult {
  if (row.empty) return { kind: "empty" };
  const parties = readParties(row);
  const policyFields = readPolicy(row, parties.address.state);
  const coverageFields = readCoverage(row);
  // One pass (issue 41): a row with unreadable values is still checked record by record, so the dry run
  // lists every problem of the row at once; nothing of it is written.
  const who = whoseRow(book, row, parties, policyFields.policyNumber, policyFields.providerId, context);
  if (who.refused) return { kind: "refused" };
  if (who.confirm && row.problems.length === 0) return { kind: "confirm", confirmation: who.confirm };
  const customerId = who.customerId ?? context.newId();
  const customer: WorkingCustomer = book.customers.get(customerId) ?? {
    customerId,
    existing: false,
    entities: {},
    policies: {},
    coverages: {},
    taxIds: {},
    held: {},
  };
  const staged: StagedRow = {};
  const profile = stageProfile(row, parties, customer, stamp);
  if (profile) staged.profile = profile;
  const wantsCoverage = hasCoverage(row);
  const wantsPolicy = wantsCoverage || row.has("policyNumber") || row.has("provider");
  const wantsEntity = wantsPolicy || row.has("taxId") || row.has("legalName") || row.has("entityType");
  const done = (): RowResult =>
    row.problems.length > 0 || !staged.profile ? { kind: "refused" } : { kind: "planned", customer, staged };
  if (!wantsEntity) return done();
  const policyOfRow = who.policyId ? customer.policies[who.policyId] : undefined;
  const entity = stageEntity(
    row,
    parties,
    customer,
    who.entityId ?? policyOfRow?.entityId,
    stamp,
    context.newId,
  );
  if (entity) {
    staged.entity = entity;
    if (entity.taxId) staged.taxId = entity.taxId;
  }
  if (!wantsPolicy) return done();
  const plan = planOf(policyFields.plan, {
    commodity: coverageFields.commodity,
    type: coverageFields.type,
    lgmFields: hasLgmFields(row),
  });
  const salesDate = coverageFields.salesDate ?? stamp.today;
  const policy = stagePolicy(row, policyFields, {
    customer,
    // A refused entity still lets the policy's own problems be found (nothing of the row is written).
    entityId: entity?.record.id ?? policyOfRow?.entityId ?? "entity-refused",
    found: who.policyId,
    plan,
    salesDate,
    stamp,
    newId: context.newId,
  });
  if (!policy || !entity) return done();
  staged.policy = policy;
  if (!wantsCoverage) return done();
  const coverage = stageCoverage(row, coverageFields, {
    customer,
    profile: (staged.profile?.record ?? customer.profile ?? {}) as StoredProfile,
    policy: policy.record,
    plan: policy.record.plan,
    stamp,
    now: context.now,
    newId: context.newId,
    coverageIdOf: (key) => book.byCoverage.get(key),
    ...(context.market ? { market: context.market } : {}),
  });
  if (coverage && "held" in coverage) {
    staged.held = stageHeld(row, coverage.held, {
      customer,
      policyId: policy.record.id,
      fileName: context.fileName,
      stamp,
      newId: context.newId,
    });
    staged.missing = coverage.held;
  } else if (coverage) staged.coverage = coverage;
  return done();
}
