import { ulid } from "../../../shared/documents/ids";

/** A new record id made on this device (a ULID: sortable, collision-free, works offline). */
export const newRecordId = (): string => ulid(Date.now(), (n) => crypto.getRandomValues(new Uint8Array(n)));
