import { attachmentProblem } from "../../../shared/documents/attachment-sniff";
import { type AttachmentRef, attachmentRefSchema } from "../../../shared/documents/claim";
import { databaseName as deviceDatabaseName } from "../../lib/sync/database-names";

// Claim attachments picked on the device wait here (IndexedDB, per user) until they reach the server
// (docs/claims.md): an agent can attach a photo of a bill of sale offline; it uploads on the next
// connection. The attachment's id is made when it is picked, so an upload retried after a lost answer
// is the same attachment on the server (docs/claims.md). Once stored, its reference goes into the
// claim document (section `attachments`) and the file leaves the queue. A refusal (type, size, access)
// stays in the queue with the server's message until the agent removes it.

export interface QueuedUpload {
  key: string;
  orgId: string;
  claimId: string;
  id: string;
  itemId?: string;
  name: string;
  bytes: ArrayBuffer;
  queuedAt: string;
  /** The server's refusal, when it refused: not retried. */
  error?: string;
}

const STORE = "uploads";
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The queue's database is named in the device store's namespace (src/lib/sync/database-names.ts), as
 * a "document" of the user that is never synced: the sync layer deletes it with the user's documents
 * at every sign-out (and when another user signs in on the device), whichever screens were opened.
 */
const databaseName = (userId: string) => deviceDatabaseName(userId, "claim-uploads");

function openDb(userId: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName(userId), 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(
  userId: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
) {
  const db = await openDb(userId);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Checks a picked file (size and type by content) and queues it; returns why not, or null. */
export async function queueUpload(
  userId: string,
  upload: Omit<QueuedUpload, "key" | "queuedAt" | "error">,
  now: Date,
): Promise<string | null> {
  const problem = attachmentProblem(upload.name, new Uint8Array(upload.bytes));
  if (problem) return problem;
  const entry: QueuedUpload = {
    ...upload,
    key: `${upload.orgId}/${upload.claimId}/${upload.id}`,
    queuedAt: now.toISOString(),
  };
  await run(userId, "readwrite", (s) => s.put(entry));
  notify();
  return null;
}

export async function listUploads(userId: string, orgId: string, claimId: string): Promise<QueuedUpload[]> {
  const all = await run<QueuedUpload[]>(userId, "readonly", (s) => s.getAll() as IDBRequest<QueuedUpload[]>);
  return all
    .filter((u) => u.orgId === orgId && u.claimId === claimId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function removeUpload(userId: string, key: string): Promise<void> {
  await run(userId, "readwrite", (s) => s.delete(key));
  notify();
}

const flushing = new Set<string>();

/** Tries a claim's queue again every 5 s while its claim is on its way to the server, two minutes at most. */
const CLAIM_WAIT_MS = 5_000;
const CLAIM_WAIT_TRIES = 24;
const waits = new Map<string, number>();
function retryLater(lock: string, flush: () => Promise<void>) {
  const tries = (waits.get(lock) ?? 0) + 1;
  if (tries > CLAIM_WAIT_TRIES) {
    waits.delete(lock); // the next connection or picked file starts over
    return;
  }
  waits.set(lock, tries);
  setTimeout(() => void flush(), CLAIM_WAIT_MS);
}

/**
 * Sends the queued files of a claim that the server has not refused; each stored one is handed to
 * `stored` (which writes its reference into the claim document) and leaves the queue. Stops at the
 * first network failure (offline: tried again on the next connection).
 */
export async function flushUploads(
  userId: string,
  orgId: string,
  claimId: string,
  token: () => Promise<string>,
  stored: (ref: AttachmentRef) => void,
): Promise<void> {
  const lock = `${userId}/${orgId}/${claimId}`;
  if (flushing.has(lock)) return;
  flushing.add(lock);
  try {
    for (const upload of await listUploads(userId, orgId, claimId)) {
      if (upload.error) continue;
      let response: Response;
      try {
        response = await fetch(
          `/api/orgs/${encodeURIComponent(orgId)}/claims/${encodeURIComponent(claimId)}/attachments?id=${encodeURIComponent(upload.id)}&name=${encodeURIComponent(upload.name)}`,
          {
            method: "POST",
            headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/octet-stream" },
            body: upload.bytes,
          },
        );
      } catch {
        return; // offline or the server unreachable: next connection
      }
      if (response.status >= 500 || response.status === 429 || response.status === 401) return;
      const body = (await response.json().catch(() => ({}))) as {
        attachment?: unknown;
        error?: string;
        message?: string;
      };
      if (response.status === 404 && body.error === "claim-not-found") {
        // A claim made on this device has not reached the server yet (ATTACH1): the files wait for it.
        retryLater(lock, () => flushUploads(userId, orgId, claimId, token, stored));
        return;
      }
      if (!response.ok) {
        await run(userId, "readwrite", (s) =>
          s.put({
            ...upload,
            error: body.message ?? `The server refused the file (HTTP ${response.status}).`,
          }),
        );
        notify();
        continue;
      }
      const ref = attachmentRefSchema.safeParse({
        ...(body.attachment as object),
        ...(upload.itemId ? { itemId: upload.itemId } : {}),
      });
      if (!ref.success) {
        await run(userId, "readwrite", (s) =>
          s.put({ ...upload, error: "The server's answer about this file was not understood." }),
        );
        notify();
        continue;
      }
      waits.delete(lock);
      stored(ref.data);
      await removeUpload(userId, upload.key);
    }
  } finally {
    flushing.delete(lock);
  }
}
