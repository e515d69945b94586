import type { z } from "zod";
import { DomainError } from "../errors";

/**
 * Parses `value` with `schema`; on failure throws DomainError("invalid-input") whose message names the
 * first bad field and what is wrong, e.g. `head: expected a whole number`.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  const where = path.length ? path.join(".") : "input";
  throw new DomainError("invalid-input", `${where}: ${issue.message}`, path);
}

export const invalidInput = (path: (string | number)[], message: string): DomainError =>
  new DomainError("invalid-input", `${path.join(".")}: ${message}`, path);
