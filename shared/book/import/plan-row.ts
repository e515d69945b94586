import type { Coverage, Policy, StoredEntity, StoredProfile, TaxIdRecord } from "../../documents/book";
import { hasCoverage, readCoverage, stageCoverage } from "./plan-coverage";
import { hasLgmFields } from "./plan-lgm";
import { readParties, type Staged, stageEntity, stageProfile } from "./plan-parties";
import { planOf, readPolicy, stagePolicy } from "./plan-policy";
import type { Stamper } from "./records";
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
  if (row.problems.length > 0) return { kind: "refused" };
  const who = whoseRow(book, row, parties, policyFields.policyNumber, policyFields.providerId, context);
  if (who.refused) return { kind: "refused" };
  if (who.confirm) return { kind: "confirm", confirmation: who.confirm };
  const customerId = who.customerId ?? context.newId();
  const customer: WorkingCustomer = book.customers.get(customerId) ?? {
    customerId,
    existing: false,
    entities: {},
    policies: {},
    coverages: {},
    taxIds: {},
  };
  const staged: StagedRow = {};
  staged.profile = stageProfile(row, parties, customer, stamp);
  if (!staged.profile) return { kind: "refused" };
  const wantsCoverage = hasCoverage(row);
  const wantsPolicy = wantsCoverage || row.has("policyNumber") || row.has("provider");
  const wantsEntity = wantsPolicy || row.has("taxId") || row.has("legalName") || row.has("entityType");
  if (!wantsEntity) return { kind: "planned", customer, staged };
  const policyOfRow = who.policyId ? customer.policies[who.policyId] : undefined;
  const entity = stageEntity(
    row,
    parties,
    customer,
    who.entityId ?? policyOfRow?.entityId,
    stamp,
    context.newId,
  );
  if (!entity) return { kind: "refused" };
  staged.entity = entity;
  if (entity.taxId) staged.taxId = entity.taxId;
  if (!wantsPolicy) return { kind: "planned", customer, staged };
  const plan = planOf(policyFields.plan, {
    commodity: coverageFields.commodity,
    type: coverageFields.type,
    lgmFields: hasLgmFields(row),
  });
  const salesDate = coverageFields.salesDate ?? stamp.today;
  const policy = stagePolicy(row, policyFields, {
    customer,
    entityId: entity.record.id,
    found: who.policyId,
    plan,
    salesDate,
    stamp,
    newId: context.newId,
  });
  if (!policy) return { kind: "refused" };
  staged.policy = policy;
  if (!wantsCoverage) return { kind: "planned", customer, staged };
  const coverage = stageCoverage(row, coverageFields, {
    customer,
    profile: staged.profile.record,
    policy: policy.record,
    plan: policy.record.plan,
    stamp,
    now: context.now,
    newId: context.newId,
    coverageIdOf: (key) => book.byCoverage.get(key),
    ...(context.market ? { market: context.market } : {}),
  });
  if (!coverage) return { kind: "refused" };
  staged.coverage = coverage;
  return { kind: "planned", customer, staged };
}
