import { useEffect, useRef, useState } from "react";
import { COVERAGE_STATUSES } from "../../../shared/book/statuses";
import { INSURANCE_PLANS } from "../../../shared/catalogue/plans";
import type { CoverageSummary, CustomerSummary } from "../../../shared/documents/book";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/schema-version";
import {
  COVERAGE_LIST_KEY,
  readCustomValue,
  settledEarlyRead,
  takeEarlyRead,
} from "../../lib/sync/early-reads";

// The coverage list's first paint on a page load (docs/agent-book-bench.md): a compact copy of what the
// list shows — each coverage's listed fields and the customers' names — kept in the book document's own
// IndexedDB database (the `custom` store, key `coverage-list`, beside the device's snapshot of the
// book), so it is deleted with the document (sign-out, lost access, a reset to the server's copy).
// The device's snapshot holds the whole book (~3 MB of JSON for 5,000 coverages: customers, entities,
// policies, coverages); this copy holds the ~0.7 MB the list needs, one array per coverage. It is
// written from the loaded book document (never from a snapshot or from itself) after 2 s of quiet,
// like the snapshot, while the book document is open; the list shows it until the book document's
// own content replaces it.

/** The fields of a coverage summary the coverage list shows, filters and links on. */
export type CoverageListItem = Pick<
  CoverageSummary,
  | "id"
  | "customerId"
  | "plan"
  | "providerId"
  | "commodity"
  | "type"
  | "cropYear"
  | "salesDate"
  | "endDate"
  | "head"
  | "producerPremium"
  | "status"
>;

export interface CoverageListCopy {
  coverages: CoverageListItem[];
  customerNames: ReadonlyMap<string, string>;
}

/** A copy of another schema version or layout is not shown. */
const FORMAT = `rangeline-coverage-list:1:${DOCUMENT_SCHEMA_VERSION}`;

/**
 * One coverage: [id, customer (index into the names), plan, provider ("" for none), commodity, type,
 * crop year, sales date, end date, head, producer premium, status].
 */
type Row = [string, number, string, string, string, string, number, string, string, number, string, string];

interface Stored {
  format: string;
  names: [string, string | null][];
  rows: Row[];
}

/** The copy's text for a book's coverages and customers (the names of the customers they list). */
export function encodeCoverageList(
  coverages: readonly CoverageListItem[],
  customers: readonly Pick<CustomerSummary, "id" | "name">[],
): string {
  const nameOf = new Map(customers.map((c) => [c.id, c.name]));
  // [customer id, name]; null for a customer without a summary (the list then shows its id).
  const names: [string, string | null][] = [];
  const index = new Map<string, number>();
  const indexOf = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) {
      i = names.length;
      index.set(id, i);
      names.push([id, nameOf.get(id) ?? null]);
    }
    return i;
  };
  const rows = coverages.map(
    (c): Row => [
      c.id,
      indexOf(c.customerId),
      c.plan,
      c.providerId ?? "",
      c.commodity,
      c.type,
      c.cropYear,
      c.salesDate,
      c.endDate,
      c.head,
      c.producerPremium,
      c.status,
    ],
  );
  return JSON.stringify({ format: FORMAT, names, rows } satisfies Stored);
}

const PLANS: ReadonlySet<string> = new Set(INSURANCE_PLANS);
const STATUSES: ReadonlySet<string> = new Set(COVERAGE_STATUSES);

/** The copy from its text; null when it is of another format or does not read as one. */
export function decodeCoverageList(text: unknown): CoverageListCopy | null {
  if (typeof text !== "string") return null;
  try {
    const stored = JSON.parse(text) as Stored;
    if (stored.format !== FORMAT || !Array.isArray(stored.names) || !Array.isArray(stored.rows)) return null;
    const customerNames = new Map<string, string>();
    for (const [id, name] of stored.names) if (name !== null) customerNames.set(id, name);
    const coverages = stored.rows.map((r): CoverageListItem => {
      const customer = stored.names[r[1]];
      if (!customer || !PLANS.has(r[2]) || !STATUSES.has(r[11])) throw new Error("not a coverage list");
      const item: CoverageListItem = {
        id: r[0],
        customerId: customer[0],
        plan: r[2] as CoverageListItem["plan"],
        commodity: r[4],
        type: r[5],
        cropYear: r[6],
        salesDate: r[7],
        endDate: r[8],
        head: r[9],
        producerPremium: r[10],
        status: r[11] as CoverageListItem["status"],
      };
      if (r[3] !== "") item.providerId = r[3] as CoverageListItem["providerId"];
      return item;
    });
    return { coverages, customerNames };
  } catch {
    return null;
  }
}

// ---- on the device ------------------------------------------------------------------------------

const readCopy = async (database: string): Promise<CoverageListCopy | null> =>
  decodeCoverageList(
    await (takeEarlyRead(database, COVERAGE_LIST_KEY) ?? readCustomValue(database, COVERAGE_LIST_KEY)),
  );

/** At most this long for the copy: past it the screen opens the book document as without one. */
const READ_TIMEOUT_MS = 1500;

/**
 * The copy kept for `database` (null: none, or no database given); undefined while it is read. The
 * read is the one the page's first script started (early-reads.ts), if there is one.
 */
export function useCoverageListCopy(database: string | null): CoverageListCopy | null | undefined {
  const [read, setRead] = useState<{ database: string | null; copy: CoverageListCopy | null } | null>(
    database === null ? { database, copy: null } : null,
  );
  let shown = read?.database === database ? read : null;
  if (database !== null && shown === null) {
    // Already read by the page's first script: shown in this render, not after an effect and a frame.
    const early = settledEarlyRead(database, COVERAGE_LIST_KEY);
    if (early) {
      shown = { database, copy: decodeCoverageList(early.value) };
      setRead(shown);
    }
  }
  const shownFor = useRef<string | null>(null);
  shownFor.current = shown?.database ?? null;
  useEffect(() => {
    if (database === null) return;
    if (shownFor.current === database) {
      takeEarlyRead(database, COVERAGE_LIST_KEY); // shown already: the early read is used up
      return;
    }
    let current = true;
    // The read the page's first script started (src/lib/sync/early-reads.ts), if there is one.
    const pending = readCopy(database);
    const timer = setTimeout(() => {
      if (current) setRead({ database, copy: null });
    }, READ_TIMEOUT_MS);
    void pending.then((copy) => {
      clearTimeout(timer);
      if (current) setRead((r) => (r?.database === database ? r : { database, copy }));
    });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [database]);
  if (database === null) return null;
  return shown ? shown.copy : undefined;
}
