import type * as Y from "yjs";
import type { z } from "zod";
import type { DocumentKind } from "../../../../shared/documents/names";
import { DOCUMENT_SECTIONS, isRecordSection, type SectionName } from "../../../../shared/documents/shapes";
import { isTextField } from "../../../../shared/documents/text-fields";
import { DomainError } from "../../../../shared/errors";
import { readSections } from "./incremental-read";
import {
  deleteAt,
  deleteInJson,
  type Path,
  sectionJson,
  setAt,
  setInJson,
  storedTextAt,
  type TextFields,
  textAt,
} from "./y-json";

// Typed access to a document's content through the shared zod schemas (shared/documents/shapes.ts):
// features read a document as plain, parsed data and change it through a transaction that validates
// every touched section before anything reaches Yjs. No feature touches raw Yjs.

type Sections<K extends DocumentKind> = (typeof DOCUMENT_SECTIONS)[K];

/** A document's content as data: each section parsed with its schema (absent until written). */
export type DocumentData<K extends DocumentKind> = {
  [S in keyof Sections<K>]?: Sections<K>[S] extends z.ZodType ? z.output<Sections<K>[S]> : never;
};

export interface ReadResult<K extends DocumentKind> {
  data: DocumentData<K>;
  /** Sections that do not match their schema as stored (shown as problems, left out of `data`). */
  issues: { section: string; message: string }[];
}

const schemaOf = (kind: DocumentKind, section: string): z.ZodType | undefined =>
  (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section];

const describeIssues = (section: string, error: z.ZodError): string =>
  error.issues
    .map((issue) => `${[section, ...issue.path.map(String)].join(".")}: ${issue.message}`)
    .join("; ");

/**
 * Reads every section of the kind that the document holds, parsed with its schema. Only what changed
 * since the last read of the same document is parsed again (incremental-read.ts); the result is the
 * same as parsing everything, and sections nothing touched keep their data objects.
 */
export function readDocument<K extends DocumentKind>(kind: K, doc: Y.Doc): ReadResult<K> {
  return readSections(kind, doc) as ReadResult<K>;
}

type Edit =
  | { op: "set"; section: string; path: Path; value: unknown; whole?: boolean }
  | { op: "delete"; section: string; path: Path };

/** The edits of one write; applied together, as one Yjs transaction, once every section validates. */
export class DocumentTransaction<K extends DocumentKind> {
  readonly edits: Edit[] = [];

  constructor(readonly kind: K) {}

  /** Sets the value at `path` inside `section` (e.g. set("profile", ["name"], "Casey")). */
  set<S extends SectionName<K>>(section: S, path: Path, value: unknown): this {
    this.edits.push({ op: "set", section, path, value });
    return this;
  }

  /**
   * Sets the value at `path` as one value, not merged per field (y-json setAt `whole`): for derived
   * records such as the book's summaries, which are written whole and cost fewer items so.
   */
  setWhole<S extends SectionName<K>>(section: S, path: Path, value: unknown): this {
    this.edits.push({ op: "set", section, path, value, whole: true });
    return this;
  }

  /** Removes the value at `path` inside `section` (e.g. remove("items", [id])). */
  remove<S extends SectionName<K>>(section: S, path: Path): this {
    this.edits.push({ op: "delete", section, path });
    return this;
  }
}

/**
 * Validates the edits against the kind's schemas and applies them to `doc` in one transaction with
 * `origin`. Throws DomainError (`forbidden` for `meta` or an unknown section, `invalid-input` for an
 * empty path, `invalid-document` naming the bad value's path) and writes nothing when any check fails.
 */
export function applyTransaction<K extends DocumentKind>(
  doc: Y.Doc,
  transaction: DocumentTransaction<K>,
  origin: unknown,
): void {
  const { kind } = transaction;
  const candidates = new Map<string, Record<string, unknown>>();
  for (const edit of transaction.edits) {
    if (edit.section === "meta")
      throw new DomainError("forbidden", "The meta section is written by the server only.", ["meta"]);
    if (!schemaOf(kind, edit.section))
      throw new DomainError(
        "forbidden",
        `A ${kind} document has no section "${edit.section}" (it holds ${Object.keys(DOCUMENT_SECTIONS[kind]).join(", ")}).`,
        [edit.section],
      );
    if (edit.path.length === 0)
      throw new DomainError("invalid-input", `A write to "${edit.section}" needs a path inside it.`, [
        edit.section,
      ]);
    // The section's JSON, read once per transaction (a fresh object) and then changed in place.
    const before = candidates.get(edit.section) ?? sectionJson(doc, edit.section);
    candidates.set(
      edit.section,
      edit.op === "set"
        ? setInJson(before, edit.path, edit.value, true)
        : deleteInJson(before, edit.path, true),
    );
  }
  for (const [section, json] of candidates) {
    const parsed = (schemaOf(kind, section) as z.ZodType).safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new DomainError("invalid-document", describeIssues(section, parsed.error), [
        section,
        ...(first?.path.map((p) => (typeof p === "number" ? p : String(p))) ?? []),
      ]);
    }
  }
  doc.transact(() => {
    for (const edit of transaction.edits) {
      if (edit.op === "set")
        setAt(doc, edit.section, edit.path, edit.value, edit.whole, textFieldsOf(kind, edit.section));
      else deleteAt(doc, edit.section, edit.path);
    }
  }, origin);
}

/** The text fields of a section of a kind (shared/documents/text-fields.ts), as y-json takes them. */
export const textFieldsOf =
  (kind: DocumentKind, section: string): TextFields =>
  (path) =>
    isTextField(kind, section, path);

/**
 * Whether the record that holds a field at `path` of `section` is on this device: the entry
 * `path[0]` of a record section, or the section itself (a profile, a claim) with something in it.
 */
function recordIsHere(doc: Y.Doc, kind: DocumentKind, section: string, path: Path): boolean {
  if (!doc.share.has(section)) return false;
  const map = doc.getMap(section);
  if (!isRecordSection(kind, section)) return map.size > 0;
  const key = path[0];
  return key !== undefined && map.get(key) !== undefined;
}

/**
 * The shared text of the text field at `path` of `section`, made if missing (a version-3 string in
 * it becomes its content) in a transaction with `origin`; null when the path is no text field, the
 * section is `meta`, or something else is stored there — and when the record that holds the field is
 * not on this device yet: its texts are made with the record, on the device that creates it
 * (text-fields.ts PRECREATED). A text made here as well, say by a record screen open before the
 * record arrived, would be a second value of the same key, and Yjs keeps only one of the two: an
 * empty name made here could replace the one typed on the creating device, everywhere.
 */
export function sharedTextOf(
  doc: Y.Doc,
  kind: DocumentKind,
  section: string,
  path: Path,
  origin: unknown,
): Y.Text | null {
  if (!isTextField(kind, section, path)) return null;
  const stored = storedTextAt(doc, section, path);
  if (stored) return stored;
  if (!recordIsHere(doc, kind, section, path)) return null;
  let text: Y.Text | null = null;
  doc.transact(() => {
    text = textAt(doc, section, path, textFieldsOf(kind, section));
  }, origin);
  return text;
}
