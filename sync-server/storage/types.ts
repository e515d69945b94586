import type { Role } from "../../shared/access/roles";
import type { DocumentIssue } from "../../shared/documents/shapes";
import type { ApplicationTables } from "../applications/tables";
import type { CampaignStorage } from "../campaigns/tables";
import type { ClaimTables } from "../claims/tables";
import type { HistoryTables } from "../history/tables";
import type { IdentityTables } from "../identity/tables";
import type { MemberTables } from "../members/tables";
import type { PartnerTables } from "../partner/tables";
import type { PlatformTables } from "../platform/tables";
import type { SessionTables } from "../session/tables";
import type { SettingTables } from "../settings/tables";
import type { ViolationTables } from "../violations/tables";
import type { DocumentArchive, FoldArchive } from "./archive-tables";

// One storage interface for the sync server (CONVENTIONS.md 6): document state plus an append-only
// update log, and the relational tables that hold what only the server decides (users, organisation
// memberships, customer links, claim links, recorded violations). SQLite and PostgreSQL implement it;
// tests/integration/sync/storage-contract.test.ts runs the same suite against both; the resources'
// tables are written once against one `Db` (sql.ts) and carried as sub-objects (`storage.members` …).

export interface LoggedUpdate {
  seq: number;
  update: Uint8Array;
}

export interface StoredDocument {
  /** The compacted document state (a Yjs update), or null when never compacted. */
  state: Uint8Array | null;
  /** Updates appended after the last compaction, oldest first. */
  updates: LoggedUpdate[];
}

/** Which log entries a compacted state contains. */
export interface CompactionCover {
  instanceId: string;
  /** Highest sequence of this instance's own entries the state contains. */
  throughSeq: number;
  /** Highest sequence present in the log when the document was loaded (all applied at load). */
  loadedThroughSeq: number;
}

export interface UserRecord {
  id: string;
  email: string | null;
  name: string | null;
}

export interface MemberRecord extends UserRecord {
  roles: Role[];
}

/** Refused writes of one kind, document and user in one window (rule VIOL1; violations/tables.ts). */
export interface ViolationRecord {
  id: number;
  documentName: string;
  userId: string | null;
  /** Epoch milliseconds: the first refusal the row counts. */
  at: number;
  /** Epoch milliseconds: the last one. */
  lastAt: number;
  /** How many refusals the row counts. */
  count: number;
  /** The issues of the first refusal. */
  issues: DocumentIssue[];
}

/** One refused write, as the guard and the loader report it. */
export type ViolationReport = Pick<ViolationRecord, "documentName" | "userId" | "at" | "issues">;

// --- Session revocation (docs/hardening.md; sync-server/session/revocation.ts) ---------------------------

/**
 * A revoked session: `user` — every token of `userId` issued at or before `at` (sign out on all
 * devices); `token` — one access token, by the SHA-256 of its text (sign-out); `session` — every token
 * carrying the provider's session id `key`.
 */
export interface SessionRevocation {
  kind: "user" | "token" | "session";
  key: string;
  userId: string;
  /** When it was revoked, epoch ms. */
  at: number;
  /** When no token it covers can still be valid, epoch ms; the entry may be forgotten after. */
  expiresAt: number;
}

// --- end of session revocation ----------------------------------------------------------------------

// --- Record history and settings (docs/agent-book.md; §3-§4; sync-server/sync/history.ts) ----------------------

/**
 * How a compaction combines the stored state (null when none) with the new one, inside its transaction;
 * default: the Yjs merge of both. The encryption wrapper opens and seals around it (encryption.ts).
 */
export type MergeStates = (stored: Uint8Array | null) => Uint8Array;

/** One accepted client write to one record (rule AUDIT1): which fields changed, by whom, when. */
export interface HistoryEntry {
  documentName: string;
  section: string;
  /** The record's key in its section (the customer id for the profile). */
  recordKey: string;
  action: "created" | "changed" | "removed";
  /** Paths of the changed fields inside the record ("head", "address.city"): names only, never values. */
  fields: string[];
  /** The writer, from the server's verified identity. */
  userId: string;
  /** Epoch milliseconds, the server's clock when it accepted the write. */
  at: number;
}

export interface HistoryRecord extends HistoryEntry {
  id: number;
  /** The writer's e-mail and name from the users table (null when unknown). */
  userEmail: string | null;
  userName: string | null;
}

export interface HistoryFilter {
  /** The documents to read (a customer document and its internal document). */
  documentNames: string[];
  /** One record: its key, and for `taxIds` also the keys under it (`{entityId}.spouse` …). */
  recordKey?: string;
  limit?: number;
}

// --- end of record history and settings --------------------------------------------------------------

// --- Claim attachments (docs/claims.md) ---------------------------------------------

/** A file attached to a claim, stored by the server (its bytes beside it, read by getAttachment). */
export interface AttachmentRecord {
  orgId: string;
  claimId: string;
  /** Made on the device (so a retried upload is the same attachment). */
  id: string;
  name: string;
  /** The type the server found in the content (never the name's or the client's say-so). */
  contentType: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  uploadedBy: string;
  /** Epoch milliseconds, the server's clock. */
  uploadedAt: number;
}

// --- end of claim attachments ------------------------------------------------------------------------

/** Storage: the documents' log and archive, and each resource's tables (docs/server-layout.md). */
export interface Storage {
  readonly kind: "sqlite" | "postgres";

  /** The compacted state and the log written since, for loading a document. */
  loadDocument(name: string): Promise<StoredDocument>;
  /**
   * Appends one update to the document's log, durably, and returns its sequence number. `author`: the
   * verified user whose connection sent it (kept for the document's history, docs/hardening.md), absent or
   * null for the server's own writes.
   */
  appendUpdate(name: string, update: Uint8Array, instanceId: string, author?: string | null): Promise<number>;
  /**
   * Merges `state` into the stored state and deletes the log entries `state` contains: this instance's
   * entries up to `covered.throughSeq`, and every entry up to `covered.loadedThroughSeq` (all entries
   * present when the document was loaded, whoever wrote them — e.g. a crashed instance). Entries other
   * live instances appended since stay until they compact. The entries it deletes move to the
   * document's history (archive-tables.ts) in the same transaction.
   */
  compactDocument(
    name: string,
    state: Uint8Array,
    covered: CompactionCover,
    merge?: MergeStates,
  ): Promise<void>;
  /** Names of stored documents starting with `prefix`, sorted. */
  listDocuments(prefix: string): Promise<string[]>;

  // --- Document history for restore (docs/hardening.md; archive-tables.ts) ---
  /** A document's history up to `until` (epoch ms; default: now): its base and updates, oldest first. */
  readArchive(name: string, until?: number): Promise<DocumentArchive>;
  /**
   * Folds every archived update received before `before` (epoch ms) into its document's base, which
   * then starts at `before`; returns how many updates were folded.
   */
  pruneArchive(before: number, fold?: FoldArchive): Promise<number>;
  // --- end of document history ---

  // --- The resources' tables, each written once for both databases on one `Db` (sql.ts) ---
  /** Users, their roles in organisations and their links to customer records (members/tables.ts). */
  readonly members: MemberTables;
  /** Claim links and attachments (claims/tables.ts). */
  readonly claims: ClaimTables;
  /** Refused writes (violations/tables.ts). */
  readonly violations: ViolationTables;
  /** Keys set once and one-time markers (settings/tables.ts). */
  readonly settings: SettingTables;
  /** Record history (history/tables.ts). */
  readonly history: HistoryTables;
  /** Session revocations (session/tables.ts). */
  readonly sessions: SessionTables;
  /** Organisations and the e-mail outbox (platform/tables.ts). */
  readonly platform: PlatformTables;
  /** The embedded identity provider's invited users (identity/tables.ts). */
  readonly identity: IdentityTables;
  /** Campaign sends, opt-outs, the SMS outbox and short links. */
  readonly campaigns: CampaignStorage;
  readonly applications: ApplicationTables;
  readonly partner: PartnerTables;

  close(): Promise<void>;
}
