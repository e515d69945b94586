import type { ExistingCustomer } from "../../../shared/book/import/types";
import type { TaxIdRecord } from "../../../shared/documents/book";
import type { HeldCoverage } from "../../../shared/documents/held-coverage";
import { documentName } from "../../../shared/documents/names";
import type { SyncClient } from "../../lib/sync";

// The book an import is matched against, read on the device from the documents the app already uses:
// every customer of the book index with its customer document (profile, entities, policies,
// coverages) and its agents-only internal document (full tax ids, for matching only). Online, each
// document is read once it is in step with the server; offline, as the device holds it. A customer the
// book index lists but whose document this device has never received cannot be matched, so the dry run
// is not made until it is (an import would otherwise create that customer again).

/** How long one document may take to come in step with the server before it is read as it is. */
const SYNC_WAIT_MS = 30_000;
/** Documents opened at once. */
const BATCH = 16;

type Opened = ReturnType<SyncClient["open"]>;

/** Resolves once the document is loaded from the device and, when `online`, in step with the server. */
export function settled(document: Opened, online: boolean): Promise<void> {
  const done = () => {
    const s = document.getState();
    if (s.removed || s.refusal) return true;
    if (!s.loaded) return false;
    return !online || s.connection === "synced" || s.connection === "offline";
  };
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(finish, SYNC_WAIT_MS);
    const stop = document.observe(() => {
      if (done()) finish();
    });
  });
}

export interface DeviceBook {
  customers: ExistingCustomer[];
  /** Customers of the book index whose records are not on this device (names, for the message). */
  missing: string[];
}

/**
 * Whether a customer document holds anything of the customer's: a document this device has never
 * received is empty. A customer may have entities and no profile (a profile never saved), and is matched
 * like any other.
 */
const holdsRecords = (data: object): boolean => Object.keys(data).some((section) => section !== "meta");

/** The book document, loaded (not the device's snapshot of it) and, online, in step with the server. */
export async function loadedBook(client: SyncClient, orgId: string, online: boolean) {
  const book = client.open<"book">(documentName.book(orgId));
  await settled(book, online);
  return book.getState().data;
}

/**
 * Reads every customer of the book index as the import matches against them: the index as loaded (a
 * snapshot may miss the latest customers), then each customer's documents.
 */
export async function readDeviceBook(
  client: SyncClient,
  orgId: string,
  options: { online: boolean; onProgress?: (done: number, total: number) => void },
): Promise<DeviceBook> {
  const index = await loadedBook(client, orgId, options.online);
  const ids = Object.values(index.customers ?? {}).map((c) => ({ id: c.id, name: c.name }));
  const customers: ExistingCustomer[] = [];
  const missing: string[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    await Promise.all(
      batch.map(async ({ id, name }) => {
        const customer = client.open<"customer">(documentName.customer(orgId, id));
        const internal = client.open<"customerInternal">(documentName.customerInternal(orgId, id));
        await Promise.all([settled(customer, options.online), settled(internal, options.online)]);
        const data = customer.getState().data;
        if (!customer.getState().loaded || !holdsRecords(data)) {
          missing.push(name);
          return;
        }
        customers.push({
          customerId: id,
          profile: data.profile,
          entities: data.entities ?? {},
          policies: data.policies ?? {},
          coverages: data.coverages ?? {},
          taxIds: (internal.getState().data.taxIds ?? {}) as Record<string, TaxIdRecord>,
          held: (internal.getState().data.heldCoverages ?? {}) as Record<string, HeldCoverage>,
        });
      }),
    );
    options.onProgress?.(Math.min(start + BATCH, ids.length), ids.length);
  }
  return { customers, missing };
}
