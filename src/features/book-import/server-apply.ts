import type { ImportRequest } from "../../../shared/book/import/request";
import type { ImportReport } from "../../../shared/book/import/types";
import { sessionJson } from "../../lib/auth/authorized-json";

// A large import, applied by the server (POST /api/orgs/{orgId}/book-imports, the same engine) when the
// device is online. The server limits how many new documents one user's device may create in an hour
// (LIMIT6, 200 by default: a new customer is two, its record and its tax ids); written from the device,
// a file of hundreds of new customers would reach the server over hours. The server writes it at once,
// with the dry run's import id, and the records reach this device like anyone else's edits.

/** New customers an import may create from the device (two documents each, half the hour's budget). */
export const DEVICE_NEW_CUSTOMERS = 50;

/** Whether the import goes through the server: online, and more new customers than the device may send. */
export const appliesOnServer = (report: ImportReport, online: boolean): boolean =>
  online && report.counts.customer.create > DEVICE_NEW_CUSTOMERS;

/** What the agent is told before importing a large file without a connection (null: nothing to say). */
export function offlineNote(report: ImportReport, online: boolean): string | null {
  const created = report.counts.customer.create;
  if (online || created <= DEVICE_NEW_CUSTOMERS) return null;
  const hours = Math.ceil((created * 2) / 200);
  return `This file creates ${created.toLocaleString("en-US")} new customers. Imported without a connection, they are kept on this device and sent as the server accepts them — at most 100 new customers an hour, so about ${hours} hours. Connected, the server writes them at once.`;
}

export const applyOnServer = (getAccessToken: () => Promise<string>, orgId: string, request: ImportRequest) =>
  sessionJson<{ report: ImportReport; written: boolean }>(
    getAccessToken,
    `/api/orgs/${encodeURIComponent(orgId)}/book-imports`,
    { method: "POST", json: request },
  );
