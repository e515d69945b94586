// Why the sync server refused or closed a document connection. Codes cross the wire as the close or
// permission-denied reason (a Hocuspocus close message carries only this string); the UI turns them
// into sentences. Each has the WebSocket close code the server uses. Rules: docs/sync-rules.md.

export const SYNC_REASONS = {
  /** ACL1: the name is not one of the document names the server serves. */
  "unknown-document": 4404,
  /** ACL2: no token, or the token failed verification. */
  unauthorized: 4401,
  /** SYNC4: the session's token expired, or a refreshed token was refused, on a live connection. */
  "session-expired": 4401,
  /** ACL3-ACL10, SYNC1, SYNC2: the user may not open, or may not write, this document or section. */
  forbidden: 4403,
  /** docs/administration.md: the document's organisation was disabled by the platform; its members lost access. */
  "org-disabled": 4403,
  /** SYNC3: the write would make the document invalid; it was recorded and not applied. */
  "invalid-document": 4422,
  /**
   * SYNC7 (docs/hardening.md): the update depends on changes the server does not have (a gap in a client's
   * clocks, or deletions of clocks not yet seen); not applied. The client connects again, and its sync
   * sends everything the server lacks, in order.
   */
  "missing-updates": 4412,
  /**
   * SYNC9 (docs/hardening.md): the stored document cannot be opened because of its content (e.g. a schema
   * version this server does not know); it was reported to the administrators, who can restore it from
   * its history (HIST2).
   */
  "document-damaged": 4424,
  /** INPUT1: a message or update that cannot be decoded. */
  "malformed-message": 4400,
  /** SYNC6: the client's document schema is older than the server still accepts. */
  "client-too-old": 4426,
  /** SYNC6: the client's document schema is newer than this server knows. */
  "server-too-old": 4426,
  /** LIMIT1-LIMIT3 (docs/hardening.md): too many connections or documents for now; the client tries again later. */
  "rate-limited": 4429,
  /**
   * HIST3 (docs/hardening.md): the write would remove more than a set share of the document's records at once;
   * it was held, not applied, until the writer confirms it (HOLD_MESSAGE_TYPE says how many).
   */
  "held-for-confirmation": 4409,
  /** LIMIT5 (docs/hardening.md): the write would make the stored document larger than the server keeps; not applied. */
  "document-too-large": 4413,
  /** LIMIT6 (docs/hardening.md): the user created too many new documents lately; the write waits and is sent later. */
  "too-many-documents": 4429,
} as const;

export type SyncReason = keyof typeof SYNC_REASONS;

/** A refusal the sync server throws from its hooks: Hocuspocus closes with this code and reason. */
export interface SyncRefusal {
  code: number;
  reason: SyncReason;
  detail?: string;
}

export const syncRefusal = (reason: SyncReason, detail?: string): SyncRefusal => ({
  code: SYNC_REASONS[reason],
  reason,
  ...(detail === undefined ? {} : { detail }),
});

/** The stateless message a client receives when one of its writes was refused as invalid (SYNC3). */
export const VIOLATION_MESSAGE_TYPE = "rangeline/violation";

/** The stateless message a client receives when one of its writes was held for confirmation (HIST3). */
export const HOLD_MESSAGE_TYPE = "rangeline/held";
