import type { Hocuspocus } from "@hocuspocus/server";
import type * as Y from "yjs";
import { bookSummaries, type CustomerRecords } from "../../shared/book/summaries";
import { documentName } from "../../shared/documents/names";
import { BOOK_INDEX_SECTIONS, validateEntry } from "../../shared/documents/shapes";
import { documentJson } from "../sync/doc-json";

// After a restore of a customer document (restore.ts), the organisation's book index `org/{orgId}/book`
// — the summaries the lists read — is brought in line with the customer's records as they now are:
// the summaries are derived by the one definition the app uses (shared/book/summaries.ts
// bookSummaries), those that differ are written, and this customer's summaries whose record the
// document no longer has are removed. Without it the lists would show the deleted state until an
// agent's device opened the customer and wrote the summaries again.

type IndexSection = (typeof BOOK_INDEX_SECTIONS)[number];

export interface BookIndexRefresh {
  written: number;
  removed: number;
  /** Summaries the book document's schema refuses (left as they were), as "section/id". */
  refused: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const plain = (value: unknown) =>
  typeof (value as { toJSON?: unknown } | null)?.toJSON === "function"
    ? (value as { toJSON(): unknown }).toJSON()
    : value;

/** This customer's summaries, by book index section, derived from the customer document `customer`. */
export function derivedSummaries(
  customerId: string,
  customer: Y.Doc,
): Record<IndexSection, Record<string, unknown>> {
  const summaries = bookSummaries(customerId, documentJson(customer) as CustomerRecords);
  return {
    customers: summaries.customer ? { [customerId]: summaries.customer } : {},
    entities: summaries.entities,
    policies: summaries.policies,
    coverages: summaries.coverages,
  };
}

/** Whether a stored summary is one of this customer's. */
const belongsTo = (section: IndexSection, key: string, value: unknown, customerId: string) =>
  section === "customers"
    ? key === customerId
    : (plain(value) as { customerId?: unknown } | null)?.customerId === customerId;

/**
 * Makes the book index's summaries of `customerId` match the customer document `customer`, in one
 * update of the live book document (a direct connection: connected lists receive it at once).
 */
export async function refreshBookIndex(options: {
  hocuspocus: Hocuspocus;
  orgId: string;
  customerId: string;
  customer: Y.Doc;
}): Promise<BookIndexRefresh> {
  const { hocuspocus, orgId, customerId } = options;
  const wanted = derivedSummaries(customerId, options.customer);
  const result: BookIndexRefresh = { written: 0, removed: 0, refused: [] };
  const direct = await hocuspocus.openDirectConnection(documentName.book(orgId), { server: true });
  try {
    await direct.transact((book) => {
      for (const section of BOOK_INDEX_SECTIONS) {
        const map = book.getMap(section);
        for (const [key, value] of [...map.entries()]) {
          if (!(key in wanted[section]) && belongsTo(section, key, value, customerId)) {
            map.delete(key);
            result.removed++;
          }
        }
        for (const [key, summary] of Object.entries(wanted[section])) {
          if (same(plain(map.get(key)), summary)) continue;
          if (validateEntry("book", section, key, summary).length > 0) {
            result.refused.push(`${section}/${key}`);
            continue;
          }
          map.set(key, summary);
          result.written++;
        }
      }
    });
    return result;
  } finally {
    await direct.disconnect();
  }
}
