import * as Y from "yjs";

/** The union of a stored state and a newer one (Yjs updates merge idempotently). */
export const mergeStates = (stored: Uint8Array | null, state: Uint8Array): Uint8Array =>
  stored ? Y.mergeUpdates([stored, state]) : state;
