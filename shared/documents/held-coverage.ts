import { z } from "zod";
import { IMPORT_FIELD_IDS } from "../book/import/fields";
import { isoInstantSchema } from "../schemas/formats";
import { recordIdSchema } from "./book";

// An endorsement the book import could not complete (HOLD1, docs/book-import.md "Needs details"): the row's
// customer, entity and policy went in, and its endorsement is kept here — the cells the file gave, by
// import field, and exactly what is missing (the sales date, the subsidy, figures from the SCE) — until the
// agent completes it on the import screen (alone or with every such endorsement at once), when the
// endorsement is written to the customer document and this record is marked completed. Section
// `heldCoverages` of the agents-only internal document (schema version 6): a half-known endorsement is not
// shown to the producer, and the import's undo removes it with the rest of the import (it carries
// `importId`).

export const HELD_COVERAGE_STATUSES = ["needs-details", "completed"] as const;

const fieldId = z.enum(IMPORT_FIELD_IDS);

export const heldCoverageSchema = z.strictObject({
  id: recordIdSchema,
  /** The policy the endorsement belongs to (the customer document's `policies`). */
  policyId: recordIdSchema,
  /** The endorsement's cells as the file gave them (after the mapping's value fixes), by import field. */
  fields: z.partialRecord(fieldId, z.string().max(1000)),
  /** What the agent still has to give (import fields), in the order the SCE prints them. */
  missing: z.array(fieldId).max(60),
  /** Where it came from: the file, sheet and line the agent sees. */
  source: z.strictObject({
    fileName: z.string().min(1).max(255),
    sheet: z.string().max(255),
    line: z.number().int().min(1),
  }),
  status: z.enum(HELD_COVERAGE_STATUSES),
  /** The endorsement written when it was completed. */
  coverageId: recordIdSchema.optional(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  updatedBy: recordIdSchema,
  importId: recordIdSchema.optional(),
});
export type HeldCoverage = z.infer<typeof heldCoverageSchema>;
