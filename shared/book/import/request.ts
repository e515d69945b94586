import { z } from "zod";
import { mappingSchema } from "./mapping";
import { MAX_CELL, MAX_COLUMNS, MAX_ROWS } from "./parse";

// The server's book import request (POST /api/orgs/{orgId}/book-imports; docs/book-import.md): the
// file's sheets as the engine read them (the command line and the screen parse the file themselves,
// with the same parse.ts), the mapping, and whether to write. One schema: the server parses every
// body with it, the command line builds its body to it.

const text = (max: number) => z.string().max(max);

export const sheetSchema = z.strictObject({
  name: text(255),
  headers: z.array(text(MAX_CELL)).max(MAX_COLUMNS),
  rows: z
    .array(
      z.strictObject({
        line: z.number().int().min(1).max(10_000_000),
        cells: z.array(text(MAX_CELL)).max(MAX_COLUMNS),
      }),
    )
    .max(MAX_ROWS),
});

export const importRequestSchema = z.strictObject({
  /** The file's name as chosen: the records' history says "imported from FILE". */
  fileName: z.string().trim().min(1).max(255),
  sheets: z.array(sheetSchema).min(1).max(50),
  mapping: mappingSchema,
  /** True: the report only, nothing written. */
  dryRun: z.boolean(),
  /** Lines whose name-and-address match the agent confirmed (the report's `confirmations`). */
  confirmedLines: z.array(z.number().int().min(1)).max(MAX_ROWS).optional(),
  /** The import's id (the dry run's, so the report the agent saw is the one written); default a new one. */
  importId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, _ and - only")
    .optional(),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/**
 * The import request may be this many times the API's body limit (HTTP_MAX_BODY_BYTES, 1 MiB by
 * default: 16 MiB); a 10,000-row sheet is about 2.5 MB as JSON.
 */
export const IMPORT_BODY_FACTOR = 16;
