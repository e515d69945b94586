import type { z } from "zod";

// A form shows each issue of the shared schema's safeParse at the field it belongs to. Issues are keyed
// by their dotted path ("legalName", "address.zip", "sbis.01J….sharePercent"); the form's own fields use
// the same keys. Only the first issue of a path is kept: one clear message per field.

/** Messages by dotted path; "" holds the issues of the record as a whole. */
export type FieldIssues = Readonly<Record<string, string>>;

export const NO_ISSUES: FieldIssues = Object.freeze({});

/** The dotted key of an issue's path. */
export const pathKey = (path: readonly PropertyKey[]): string => path.map((p) => String(p)).join(".");

/**
 * The issues of a failed safeParse (or a list of issues) by dotted path. `prefix` puts them under a
 * part of a bigger form ("sbis.ID"); `rename` maps a schema path to the form's own field key.
 */
export function issuesByPath(
  issues: z.ZodError | readonly z.core.$ZodIssue[],
  options: { prefix?: string; rename?: Readonly<Record<string, string>> } = {},
): FieldIssues {
  const list = "issues" in issues ? issues.issues : issues;
  const out: Record<string, string> = {};
  for (const issue of list) {
    let key = pathKey(issue.path);
    if (options.rename && Object.hasOwn(options.rename, key)) key = options.rename[key] as string;
    if (options.prefix) key = key ? `${options.prefix}.${key}` : options.prefix;
    if (!Object.hasOwn(out, key)) out[key] = issue.message;
  }
  return out;
}

/** The message for `path`, if any. */
export const issueAt = (issues: FieldIssues, path: string): string | undefined =>
  Object.hasOwn(issues, path) ? issues[path] : undefined;

/** Issues of the form merged; an earlier set wins for a path both name. */
export function mergeIssues(...sets: FieldIssues[]): FieldIssues {
  const out: Record<string, string> = {};
  for (const set of sets)
    for (const [key, message] of Object.entries(set)) if (!Object.hasOwn(out, key)) out[key] = message;
  return out;
}

/** Whether there is any issue at all. */
export const hasIssues = (issues: FieldIssues): boolean => Object.keys(issues).length > 0;

/**
 * Issues no field of the form shows (their path is none of `shown`), with the path in words: a form
 * lists them at the top so that no refusal goes unexplained.
 */
export function unplacedIssues(issues: FieldIssues, shown: readonly string[]): string[] {
  const known = new Set(shown);
  return Object.entries(issues)
    .filter(([key]) => !known.has(key))
    .map(([key, message]) => (key ? `${key}: ${message}` : message));
}
