import type { Coverage, Policy, StoredEntity, StoredProfile, TaxIdRecord } from "../../documents/book";
import type { HeldCoverage } from "../../documents/held-coverage";
import type { ExistingCustomer, RecordAction, RecordKind } from "./types";

// The book as an import plans over it: the existing customers, and what the rows planned so far add
// or change (a later row sees an earlier row's customer, policy and endorsements: one customer on ten
// rows is created once, the crop year's head counts every planned endorsement). Indexes answer the
// matching questions: an entity by tax id, a customer by name and address, a policy by provider and
// number, an endorsement by policy, type, sales date and end date.

export interface WorkingCustomer {
  customerId: string;
  /** True when the customer exists in the book (not made by this import). */
  existing: boolean;
  profile?: StoredProfile;
  entities: Record<string, StoredEntity>;
  policies: Record<string, Policy>;
  coverages: Record<string, Coverage>;
  taxIds: Record<string, TaxIdRecord>;
  /** Endorsements held as "needs details" (HOLD1), by id. */
  held: Record<string, HeldCoverage>;
}

export const nameKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Name and address as matched: the name, and the ZIP's five digits or else the city and state; a row
 * with no address is matched by the name alone (`name|`), so a file without tax ids or addresses
 * imported twice asks to confirm instead of making every customer again.
 */
export function nameAddressKey(
  name: string | undefined,
  address: { zip?: string; city?: string; state?: string } | undefined,
): string | null {
  if (!name || nameKey(name) === "") return null;
  if (address?.zip && /^\d{5}/.test(address.zip)) return `${nameKey(name)}|${address.zip.slice(0, 5)}`;
  if (address?.city && address.state) return `${nameKey(name)}|${nameKey(address.city)}|${address.state}`;
  return `${nameKey(name)}|`;
}

/** The keys a customer is found by: its name with its address, and its name alone. */
const nameKeysOf = (name: string | undefined, address: Parameters<typeof nameAddressKey>[1]): string[] => {
  const full = nameAddressKey(name, address);
  const alone = nameAddressKey(name, undefined);
  return [...new Set([full, alone].filter((k): k is string => k !== null))];
};

export const policyKey = (providerId: string, policyNumber: string): string =>
  `${providerId}|${policyNumber.trim().toUpperCase()}`;
export const coverageKey = (
  c: Pick<Coverage, "policyId" | "commodity" | "type" | "salesDate" | "endDate">,
): string => `${c.policyId}|${c.commodity}|${c.type}|${c.salesDate}|${c.endDate}`;

/**
 * The book's endorsement of the same policy, commodity, type, sales date and end date (coverageKey), if
 * any, and the id the row's endorsement takes: the matched one's, else a new one (LRP and LGM alike).
 */
export function matchCoverage(
  context: {
    customer: WorkingCustomer;
    coverageIdOf: (key: string) => string | undefined;
    newId: () => string;
  },
  identity: { policyId: string; commodity: string; type: string; salesDate: string; endDate: string },
): { matched: Coverage | undefined; id: string } {
  const matchedId = context.coverageIdOf(coverageKey(identity as Parameters<typeof coverageKey>[0]));
  const matched = matchedId ? context.customer.coverages[matchedId] : undefined;
  return { matched, id: matched?.id ?? context.newId() };
}

/** What the import does to one record, over all its rows: made, changed, or left as it was. */
type Touch = { kind: RecordKind; customerId: string; id: string; action: RecordAction };

export class WorkingBook {
  readonly customers = new Map<string, WorkingCustomer>();
  readonly byTaxId = new Map<string, { customerId: string; entityId: string }>();
  readonly byNameAddress = new Map<string, string[]>();
  readonly byPolicyNumber = new Map<string, { customerId: string; policyId: string }>();
  readonly byCoverage = new Map<string, string>();
  /** Records the import writes or leaves, by "kind/customerId/id". */
  readonly touched = new Map<string, Touch>();
  /** Tax id records to write, as "customerId/key". */
  readonly taxIdsWritten = new Set<string>();
  /** Held endorsements to write (HOLD1), as "customerId/id". */
  readonly heldWritten = new Set<string>();

  constructor(book: readonly ExistingCustomer[]) {
    for (const existing of book) {
      const customer: WorkingCustomer = { ...existing, held: existing.held ?? {}, existing: true };
      this.customers.set(customer.customerId, customer);
      this.index(customer);
    }
  }

  /** Indexes a customer's records (again, after a row changed them). */
  index(customer: WorkingCustomer): void {
    const { customerId } = customer;
    for (const [key, record] of Object.entries(customer.taxIds))
      if (!key.includes(".") && customer.entities[key])
        this.byTaxId.set(record.taxId, { customerId, entityId: key });
    this.indexName(customer);
    for (const policy of Object.values(customer.policies))
      if (policy.policyNumber)
        this.byPolicyNumber.set(policyKey(policy.providerId, policy.policyNumber), {
          customerId,
          policyId: policy.id,
        });
    for (const coverage of Object.values(customer.coverages))
      this.byCoverage.set(coverageKey(coverage), coverage.id);
  }

  private indexName(customer: WorkingCustomer): void {
    for (const key of nameKeysOf(customer.profile?.name, customer.profile?.address)) {
      const list = this.byNameAddress.get(key) ?? [];
      if (!list.includes(customer.customerId)) this.byNameAddress.set(key, [...list, customer.customerId]);
    }
  }

  /** Indexes what one row staged (its customer's other records are indexed already). */
  indexRow(
    customer: WorkingCustomer,
    staged: {
      profile?: unknown;
      taxId?: { record: { id: string } };
      policy?: { record: Policy };
      coverage?: { record: Coverage };
    },
  ): void {
    const { customerId } = customer;
    if (staged.profile) this.indexName(customer);
    const tax = staged.taxId ? customer.taxIds[staged.taxId.record.id] : undefined;
    if (tax && customer.entities[tax.id]) this.byTaxId.set(tax.taxId, { customerId, entityId: tax.id });
    const policy = staged.policy?.record;
    if (policy?.policyNumber)
      this.byPolicyNumber.set(policyKey(policy.providerId, policy.policyNumber), {
        customerId,
        policyId: policy.id,
      });
    const coverage = staged.coverage?.record;
    if (coverage) this.byCoverage.set(coverageKey(coverage), coverage.id);
  }

  /** Notes what the import does to a record; a record made stays "create", a changed one "update". */
  touch(kind: RecordKind, customerId: string, id: string, action: RecordAction): void {
    const at = `${kind}/${customerId}/${id}`;
    const before = this.touched.get(at)?.action;
    const merged =
      before === "create" || action === "create"
        ? "create"
        : before === "update" || action === "update"
          ? "update"
          : "unchanged";
    this.touched.set(at, { kind, customerId, id, action: merged });
  }
}
