import type { z } from "zod";
import type { ImportFieldId } from "./fields";
import type { RowReader } from "./row-reader";

// Helpers the row planner shares: the stamps a written record carries, comparing a record with what
// the book holds (stamps aside), and a schema's refusal said at the column it is about.

export interface Stamper {
  now: string;
  /** Today's date in Central time (the rules' day). */
  today: string;
  userId: string;
  importId: string;
}

/** The stamps of a record the import writes: made now (or when it was), changed now, by the agent. */
export const stamped = <T extends object>(
  record: T,
  stamp: Pick<Stamper, "now" | "userId" | "importId">,
  createdAt?: string,
) => ({
  ...record,
  createdAt: createdAt ?? stamp.now,
  updatedAt: stamp.now,
  updatedBy: stamp.userId,
  importId: stamp.importId,
});

const STAMPS = new Set(["createdAt", "updatedAt", "updatedBy", "importId"]);

/** Deep equality of JSON values, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Whether a record differs from the stored one in anything but its stamps. */
export function changed(stored: object | undefined, next: object): boolean {
  if (!stored) return true;
  const strip = (r: object) => Object.fromEntries(Object.entries(r).filter(([k]) => !STAMPS.has(k)));
  return !sameJson(strip(stored), strip(next));
}

/**
 * `record` parsed with `schema`; when it does not fit, each issue is noted at the column of the field
 * it is about (`fieldOf` maps the record's path to an import field) and undefined is returned.
 */
export function checked<S extends z.ZodType>(
  row: RowReader,
  schema: S,
  record: unknown,
  fieldOf: (path: readonly PropertyKey[]) => ImportFieldId | null,
): z.output<S> | undefined {
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) row.refuse(fieldOf(issue.path), issue.message);
  return undefined;
}
