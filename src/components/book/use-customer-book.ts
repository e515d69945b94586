import { useCallback, useEffect, useMemo } from "react";
import { bookSummaries, type CustomerRecords } from "../../../shared/book/summaries";
import { premiumChange } from "../../../shared/commissions/earnings";
import type {
  Coverage,
  CustomerProfile,
  Entity,
  Policy,
  StoredEntity,
  StoredProfile,
  TaxIdRecord,
} from "../../../shared/documents/book";
import type { ClaimSummary } from "../../../shared/documents/claim";
import { type TaxIdType, taxIdDigits } from "../../../shared/documents/tax-id";
import { PRECREATED, recordPrecreated, withPrecreated } from "../../../shared/documents/text-fields";
import { useSession } from "../../lib/auth/session";
import { type Presence, useDocument, usePresence, useSyncClient } from "../../lib/sync";
import type { LastChange } from "../../lib/sync/synced-document";
import { bookDocumentNames } from "./book-names";
import { useKeepCoverageList } from "./keep-coverage-list";
import { newRecordId } from "./record-ids";
import { writeDiff, writeGiven } from "./write-diff";

// One customer's book: the customer document (profile, entities, policies, coverages) read through
// the shared shapes, the agents-only internal document (full tax ids), and the writes an agent makes.
// Every write sets who and when (`updatedAt`, `updatedBy`; `createdAt` once), changes single fields so
// two agents editing different fields of one record both keep their change (Yjs merges per key), and
// refreshes the book document's summaries of this customer (shared/book/summaries.ts) so the book's
// lists follow. Writes throw DomainError (the shared schema's message and path) and change
// nothing when a record would be invalid. A deletion is a status change: there is no delete here.

export type RecordSection = "entities" | "policies" | "coverages";
type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";
export type RecordOf<S extends RecordSection> = S extends "entities"
  ? Entity
  : S extends "policies"
    ? Policy
    : Coverage;
/** A record as a form makes it: everything but its id and stamps. */
export type NewRecord<S extends RecordSection> = S extends "coverages"
  ? Omit<Coverage, Stamps>
  : Omit<RecordOf<S>, Stamps>;
export type NewProfile = Omit<CustomerProfile, Stamps>;
/** The sections whose free-text fields an input can bind to (shared/documents/text-fields.ts). */
export type TextSection = "profile" | RecordSection;

/** A free-text field's shared text and how to write it as this device's own change. */
export interface BoundText {
  /** The field's Y.Text (src/components/shared-text binds an input to it). */
  text: import("yjs").Text;
  /** Runs a write to the text as this device's own change (counted as pending, sent). */
  transact(write: () => void): void;
}

export interface CustomerBook {
  orgId: string | null;
  customerId: string | null;
  documentName: string | null;
  /** The customer document is on the device (the records below are usable). */
  loaded: boolean;
  /** The user lost access: the document was removed from the device. */
  removed: boolean;
  /** The user may not change the book (the linked customer reads only). */
  readOnly: boolean;
  problem: string | null;
  /** The profile as stored: name and address as typed (book.ts addressProblems says what is missing). */
  profile: StoredProfile | undefined;
  entities: Record<string, StoredEntity>;
  policies: Record<string, Policy>;
  coverages: Record<string, Coverage>;
  /**
   * Records of a version-1 document that did not fit today's shapes, for an agent to review (kept in
   * the agents-only internal document; empty for others).
   */
  legacy: Record<string, unknown>;
  /** Summaries of this customer's claims (shared/documents/claim.ts): what My coverages shows. */
  claims: Record<string, ClaimSummary>;
  /** Full tax ids by key (shared/documents/book.ts taxIdKey): agents only; undefined for others. */
  taxIds: Record<string, TaxIdRecord> | undefined;
  /** The agents-only internal document is on the device (setTaxId can write); false for others. */
  internalLoaded: boolean;
  /** Who else is on this customer, and in which field ("entities.ID.legalName"). */
  presence: Presence[];
  setField(field: string | null): void;
  /**
   * Creates or changes the producer profile: only the given fields change, each its own key; inside
   * a nested object (the address) too — keys it does not give are left alone, a key given as
   * undefined is removed; a string given for a free-text field is spliced into its shared text.
   */
  saveProfile(fields: Partial<NewProfile>): void;
  /**
   * The shared text of a free-text field, e.g. text("profile", ["address", "city"]) or
   * text("entities", [id, "legalName"]); null until the document is loaded, when it is read-only, or
   * when the path is no text field. May write (a version-3 string becomes a shared text): call it
   * from an effect, not while rendering.
   */
  text(section: TextSection, path: readonly string[]): BoundText | null;
  /** Who last changed a field from elsewhere while this customer was open here (null: nobody). */
  lastChange(section: TextSection, path: readonly string[]): LastChange | null;
  /** Creates a record; returns its new id. */
  create<S extends RecordSection>(section: S, record: NewRecord<S>): string;
  /** Changes the given top-level fields of a record (a field set to undefined is removed). */
  patch<S extends RecordSection>(section: S, id: string, fields: Partial<NewRecord<S>>): void;
  /** Stores a full tax id in the internal document (validated by type; never echoed in errors). */
  setTaxId(key: string, taxIdType: TaxIdType, typed: string): void;
  /** Removes full tax ids no record refers to any more (a removed SBI or spouse). */
  removeTaxIds(keys: readonly string[]): void;
}

const stampFields = (now: string, by: string) => ({ updatedAt: now, updatedBy: by });

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function useCustomerBook(customerId: string | null): CustomerBook {
  const session = useSession();
  const client = useSyncClient();
  const orgId = session.orgId;
  const isAgent = session.roles.includes("agent");
  const names = useMemo(
    () => (orgId && customerId ? bookDocumentNames(orgId, customerId) : null),
    [orgId, customerId],
  );
  const customer = useDocument<"customer">(names?.customer ?? null);
  const internal = useDocument<"customerInternal">(isAgent ? (names?.internal ?? null) : null);
  // The book document holds the summaries this customer's writes refresh: keep it open.
  const book = useDocument<"book">(isAgent ? (names?.book ?? null) : null);
  useKeepCoverageList(isAgent ? (names?.book ?? null) : null, book.state !== null);
  const presence = usePresence(names?.customer ?? null);
  const by = session.user?.sub ?? "unknown";

  /** Derives this customer's summaries from the document as it is now and writes those that changed. */
  const refreshSummaries = useCallback(() => {
    if (!client || !names || !customerId) return;
    const data = client.open<"customer">(names.customer).getState().data as CustomerRecords;
    const summaries = bookSummaries(customerId, data);
    const bookDoc = client.open<"book">(names.book);
    if (!bookDoc.getState().loaded) return; // derived again on the next write once it is loaded
    const stored = bookDoc.getState().data;
    // Only the summaries that differ: a device that merely reads a customer writes nothing.
    const changed = <T>(section: Record<string, T> | undefined, id: string, summary: T) =>
      !sameJson(section?.[id], summary);
    const edits: [
      "customers" | "entities" | "policies" | "coverages" | "commissionEarnings",
      string,
      unknown,
    ][] = [];
    if (summaries.customer && changed(stored.customers, customerId, summaries.customer))
      edits.push(["customers", customerId, summaries.customer]);
    for (const [id, s] of Object.entries(summaries.entities))
      if (changed(stored.entities, id, s)) edits.push(["entities", id, s]);
    for (const [id, s] of Object.entries(summaries.policies))
      if (changed(stored.policies, id, s)) edits.push(["policies", id, s]);
    const at = { now: new Date().toISOString(), userId: by };
    for (const [id, s] of Object.entries(summaries.coverages)) {
      if (!changed(stored.coverages, id, s)) continue;
      edits.push(["coverages", id, s]);
      // COMM9: a change of total premium goes into the coverage's premium history with its summary.
      const earning = premiumChange(id, stored.coverages?.[id], s, stored.commissionEarnings?.[id], at);
      if (earning) edits.push(["commissionEarnings", id, earning]);
    }
    if (edits.length === 0) return;
    // Derived from the customer's records: sent, but not counted as the person's edits.
    bookDoc.writeDerived((t) => {
      for (const [section, id, summary] of edits) t.setWhole(section, [id], summary);
    });
  }, [client, names, customerId, by]);

  // The summaries follow the customer document whoever changed it: after offline edits merge, the
  // book document can hold the other device's summary (each is one value, merged on its own);
  // an agent's device that has the customer open and in step with the server derives them again from
  // the merged records.
  const customerData = customer.state?.data;
  // Only from records in step with the server (a copy still loading from the device may be behind).
  const canRefresh =
    isAgent && customer.state?.connection === "synced" && !customer.readOnly && book.state?.loaded === true;
  useEffect(() => {
    if (!canRefresh || !customerData) return;
    try {
      refreshSummaries();
    } catch {
      // A summary the book document refuses is derived again on the next write.
    }
  }, [canRefresh, customerData, refreshSummaries]);

  const writeCustomer = customer.write;

  const saveProfile = useCallback(
    (fields: Partial<NewProfile>) => {
      const now = new Date().toISOString();
      const existing = customer.state?.data.profile;
      writeCustomer((t) => {
        if (!existing) {
          // The name, the address and its text fields are made with the profile (text-fields.ts).
          const made = withPrecreated({}, PRECREATED.customer?.profile ?? []);
          for (const [field, value] of Object.entries(made)) t.set("profile", [field], value);
          t.set("profile", ["id"], customerId);
          t.set("profile", ["createdAt"], now);
          if (fields.status === undefined) t.set("profile", ["status"], "active");
          if (fields.farmerClassification === undefined)
            t.set("profile", ["farmerClassification"], "Neither");
        }
        for (const [field, value] of Object.entries(fields))
          writeGiven(
            (path, v) => t.set("profile", path, v),
            (path) => t.remove("profile", path),
            [field],
            value,
          );
        for (const [field, value] of Object.entries(stampFields(now, by))) t.set("profile", [field], value);
      });
      refreshSummaries();
    },
    [customer.state?.data.profile, writeCustomer, customerId, by, refreshSummaries],
  );

  const create = useCallback(
    <S extends RecordSection>(section: S, record: NewRecord<S>): string => {
      const id = newRecordId();
      const now = new Date().toISOString();
      // Its address and text fields are made with it (text-fields.ts): never twice at once elsewhere.
      const made = withPrecreated(
        { ...record, id, createdAt: now, ...stampFields(now, by) },
        recordPrecreated("customer", section),
      );
      writeCustomer((t) => t.set(section, [id], made));
      refreshSummaries();
      return id;
    },
    [writeCustomer, by, refreshSummaries],
  );

  const patch = useCallback(
    <S extends RecordSection>(section: S, id: string, fields: Partial<NewRecord<S>>) => {
      const now = new Date().toISOString();
      const current = (names && client?.open<"customer">(names.customer).getState().data[section]?.[id]) as
        | Record<string, unknown>
        | undefined;
      writeCustomer((t) => {
        for (const [field, value] of Object.entries(fields))
          writeDiff(
            (path, v) => t.set(section, path, v),
            (path) => t.remove(section, path),
            [id, field],
            current?.[field],
            value,
          );
        for (const [field, value] of Object.entries(stampFields(now, by))) t.set(section, [id, field], value);
      });
      refreshSummaries();
    },
    [writeCustomer, by, refreshSummaries, client, names],
  );

  const text = useCallback(
    (section: TextSection, path: readonly string[]): BoundText | null => {
      if (!client || !names) return null;
      const document = client.open<"customer">(names.customer);
      const shared = document.sharedText(section, path);
      return shared && { text: shared, transact: (write) => document.transactLocal(write) };
    },
    [client, names],
  );
  const lastChange = useCallback(
    (section: TextSection, path: readonly string[]): LastChange | null =>
      client && names ? client.open<"customer">(names.customer).lastChange(section, path) : null,
    [client, names],
  );

  const writeInternal = internal.write;
  const setTaxId = useCallback(
    (key: string, taxIdType: TaxIdType, typed: string) => {
      const now = new Date().toISOString();
      writeInternal((t) =>
        t.set("taxIds", [key], { id: key, taxIdType, taxId: taxIdDigits(typed), ...stampFields(now, by) }),
      );
    },
    [writeInternal, by],
  );
  const removeTaxIds = useCallback(
    (keys: readonly string[]) => {
      if (keys.length === 0) return;
      writeInternal((t) => {
        for (const key of keys) t.remove("taxIds", [key]);
      });
    },
    [writeInternal],
  );

  const data = customer.state?.data;
  return useMemo(
    () => ({
      orgId,
      customerId,
      documentName: names?.customer ?? null,
      loaded: customer.state?.loaded ?? false,
      removed: customer.state?.removed ?? false,
      readOnly: customer.readOnly,
      problem: customer.state?.problem?.reason ?? null,
      profile: data?.profile,
      entities: data?.entities ?? {},
      policies: data?.policies ?? {},
      coverages: data?.coverages ?? {},
      legacy: (isAgent ? internal.state?.data.legacy : undefined) ?? {},
      claims: data?.claims ?? {},
      taxIds: isAgent ? (internal.state?.data.taxIds ?? {}) : undefined,
      internalLoaded: isAgent && (internal.state?.loaded ?? false),
      presence,
      setField: customer.setField,
      saveProfile,
      text,
      lastChange,
      create,
      patch,
      setTaxId,
      removeTaxIds,
    }),
    [
      orgId,
      customerId,
      names,
      customer.state,
      customer.readOnly,
      customer.setField,
      data,
      isAgent,
      internal.state?.data.taxIds,
      internal.state?.data.legacy,
      internal.state?.loaded,
      presence,
      saveProfile,
      text,
      lastChange,
      create,
      patch,
      setTaxId,
      removeTaxIds,
    ],
  );
}
