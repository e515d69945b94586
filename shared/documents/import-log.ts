import { z } from "zod";
import { mappingSchema } from "../book/import/mapping";
import { isoInstantSchema } from "../schemas/formats";
import { recordIdSchema } from "./book";

// What the book import keeps in the book document `org/{orgId}/book` (agents write it; customers never
// read it): the column mapping confirmed for each source, reused the next time a file of that source
// is chosen, and one entry per import — the file, who, when, what it did, which customers it wrote —
// which the screen lists with its Undo, and the record history reads to say "imported from FILE by
// NAME". Synced like the rest of the book, so both work on a device without signal (docs/book-import.md).

const count = z.number().int().min(0).max(10_000_000);

/** A source's saved mapping, keyed by `sourceKey(headers)`. */
export const savedMappingSchema = z.strictObject({
  id: recordIdSchema,
  /** The file the mapping was last confirmed on, to name the source on the screen. */
  fileName: z.string().min(1).max(255),
  /** The header row it was made for, as in the file. */
  headers: z.array(z.string().max(200)).max(500),
  mapping: mappingSchema,
  updatedAt: isoInstantSchema,
  updatedBy: recordIdSchema,
});
export type SavedMapping = z.infer<typeof savedMappingSchema>;

/** One import: written when it is applied (on the device), marked undone by the server's undo. */
export const importLogEntrySchema = z.strictObject({
  id: recordIdSchema,
  fileName: z.string().min(1).max(255),
  /** The mapping's source (`sourceKey`). */
  source: recordIdSchema,
  /** The device's clock when applied (an import made offline reaches the server later). */
  at: isoInstantSchema,
  /** The agent who imported (user id; the screen names them from the member directory). */
  by: recordIdSchema,
  /** Records written, by what the import did to them (the dry run's counts). */
  created: count,
  updated: count,
  unchanged: count,
  /** Rows the dry run refused (not written). */
  refused: count,
  /** The customers whose documents it wrote: the undo looks at these only. */
  customers: z.array(recordIdSchema).max(100_000),
  undoneAt: isoInstantSchema.optional(),
  undoneBy: recordIdSchema.optional(),
});
export type ImportLogEntry = z.infer<typeof importLogEntrySchema>;

/** 32-bit FNV-1a of a text, as 8 hex digits. */
const fnv1a = (text: string, seed: number): string => {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
};

/**
 * The source of a sheet: its header row, compared without case or surrounding spaces, in order. Files
 * of one source (an AIP's export, the agency's own spreadsheet) share it whatever their name or rows.
 * @example sourceKey(["Insured Name", "Policy #"]) === sourceKey([" insured name", "POLICY #"]) // true
 */
export function sourceKey(headers: readonly string[]): string {
  const text = headers.map((h) => h.trim().toLowerCase()).join("\u001f");
  return `src-${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`;
}
