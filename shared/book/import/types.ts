import type { Coverage, Policy, StoredEntity, StoredProfile, TaxIdRecord } from "../../documents/book";
import type { HeldCoverage } from "../../documents/held-coverage";
import type { FigureMarkets } from "../sce-record";

// The book import's shapes (docs/book-import.md): a parsed sheet, the book it is matched against, the dry-run
// report and the writes it plans. Everything here is JSON (the report crosses the worker, the server
// and the command line as it is). The report never holds a full tax id: the writes do (the internal
// document's `taxIds`), and only applyPlan reads them.

/** One row of a sheet: its cells as text (trimmed) and its line in the file (the header is line 1). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** A CSV file or one worksheet of an XLSX file: its header row and the rows below it. */
export interface Sheet {
  /** The file name for a CSV, the worksheet's name for an XLSX. */
  name: string;
  headers: string[];
  rows: SheetRow[];
}

/** One customer of the book as it stands: its customer document's records and its tax ids. */
export interface ExistingCustomer {
  customerId: string;
  profile?: StoredProfile;
  entities: Record<string, StoredEntity>;
  policies: Record<string, Policy>;
  coverages: Record<string, Coverage>;
  /** The internal document's `taxIds` (full ids: matching only, never in the report). */
  taxIds: Record<string, TaxIdRecord>;
  /** The internal document's `heldCoverages` (HOLD1): endorsements kept until the agent completes them. */
  held?: Record<string, HeldCoverage>;
}

export interface ImportContext {
  /** The import's id: every record it writes carries it (`importId`), so it can be labelled and undone. */
  importId: string;
  /** The file's name as the agent chose it ("imported from FILE by NAME"). */
  fileName: string;
  /** The agent who imports (the records' `updatedBy`). */
  userId: string;
  /** The clock: records' stamps, today's date for the rules (never read inside the engine). */
  now: Date;
  /** A new record id (ULIDs on the device, shared/documents/ids.ts). */
  newId: () => string;
  /**
   * Lines whose customer matched an existing one by name and address only (not by tax id) and that the
   * agent confirmed: those rows update that customer. Unconfirmed ones are reported, not written.
   */
  confirmedLines?: readonly number[];
  /**
   * Rule SCE1's market for a sales date (shared/book/sce-record.ts): the day's snapshot when held and the
   * held one nearest it. Absent: no day is held, and the SCE's figures are judged without a reference.
   */
  market?: FigureMarkets;
}

export type RecordKind = "customer" | "entity" | "policy" | "coverage";
export type RecordAction = "create" | "update" | "unchanged";

/** A refused row: where, and a sentence ("row 17, Head: 13,000 is over the 12,000 per endorsement limit"). */
export interface RowProblem {
  sheet: string;
  line: number;
  /** The column's header as in the file; null when the problem is the row's (a missing column, a limit). */
  column: string | null;
  /** The import field the column maps to ("head", "coverage.salesDate"...); null for a row problem. */
  field: string | null;
  message: string;
  /** The cell's text as written (never for a tax id): what a one-click fix for every such row replaces. */
  value?: string;
  /** A value that could mean two things (reading.ts): the texts to read it as, with their labels. */
  choices?: { value: string; label: string }[];
}

/**
 * An endorsement kept as "needs details" (HOLD1): the row's customer, entity and policy are written, the
 * endorsement waits for what is missing (import fields, e.g. salesDate, subsidy).
 */
export interface HeldRow {
  sheet: string;
  line: number;
  customerId: string;
  heldId: string;
  missing: string[];
  message: string;
}

/** A row that is not a record (a TOTAL line, a blank or repeated header row, a note): skipped. */
export interface SkippedRow {
  sheet: string;
  line: number;
  message: string;
}

/** A row whose customer matches an existing one by name and address only: the agent confirms it. */
export interface PendingConfirmation {
  sheet: string;
  line: number;
  customerId: string;
  /** The existing customer's name, and the address that matched (city, state). */
  name: string;
  matchedOn: string;
  message: string;
}

/** What a row does to each record it touches. */
export interface RowOutcome {
  sheet: string;
  line: number;
  /** "held": written, its endorsement kept as "needs details" (HOLD1); "skipped": not a record. */
  outcome: "written" | "unchanged" | "refused" | "needs-confirmation" | "empty" | "held" | "skipped";
  records: { kind: RecordKind; id: string; customerId: string; action: RecordAction }[];
}

export type ImportCounts = Record<RecordKind, Record<RecordAction, number>>;

/** The dry run: what will be created, updated and left alone, and every refused row. JSON, no secrets. */
export interface ImportReport {
  importId: string;
  fileName: string;
  rows: {
    total: number;
    written: number;
    unchanged: number;
    refused: number;
    needsConfirmation: number;
    empty: number;
    /** Rows written whose endorsement needs details (not refused: counted apart). */
    held: number;
    /** Rows that are not records (totals, notes, repeated headers). */
    skipped: number;
  };
  /** Records by kind and action (a customer on ten rows counts once). */
  counts: ImportCounts;
  refused: RowProblem[];
  confirmations: PendingConfirmation[];
  /** Endorsements kept as "needs details", with what each lacks. */
  held: HeldRow[];
  skipped: SkippedRow[];
  /**
   * How a value of a written row was read, for the agent to know (not a refusal): "row 4, SSN/EIN: the
   * tax id is masked, so it is read as not given…", "row 6, Entity Type: no entity type given: read as
   * Individuals (I) from the name" (TAXMASK1, READ1). Absent in reports made before issue 41.
   */
  notes?: RowProblem[];
  outcomes: RowOutcome[];
}

/** The documents an import writes. */
export type ImportDocumentKind = "customer" | "customerInternal" | "book";

/** One value written at `section/key`: a record (entities, policies…) or one field of the profile; free text as shared text. */
export interface ImportEntry {
  section: string;
  key: string;
  value: unknown;
}

/** The writes of one document (customerId absent for the book document). */
export interface DocumentWrites {
  kind: ImportDocumentKind;
  customerId?: string;
  entries: ImportEntry[];
}

/** The dry run's report and the writes applyPlan makes once the agent confirms. */
export interface ImportPlan {
  report: ImportReport;
  writes: DocumentWrites[];
}
