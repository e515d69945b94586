import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { DomainError } from "../shared/errors";

/**
 * A JSON file the command line is given (a saved mapping), checked against its schema: a sentence naming
 * the file and the first wrong part, never a stack trace. A missing file is left to the caller's handler.
 */
export async function readJsonFile<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    throw new DomainError("invalid-input", `${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError("invalid-input", `${path}: ${issue?.path.join(".") || "mapping"}: ${issue?.message}`);
}
