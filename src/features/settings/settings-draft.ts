import type { z } from "zod";
import { type OrganisationSettings, organisationSettingsSchema } from "../../../shared/schemas/organisation";
import { type FieldIssues, issuesByPath } from "../../components/book-forms";

// The organisation settings form (docs/administration.md): text fields as typed, checkboxes, colours. Saving builds
// the whole settings section (the stored one with the form's fields over it), checks it with the one
// schema (shared/schemas/organisation.ts organisationSettingsSchema) and, when it passes, lists the
// edits — all of them or none are written (one document transaction).

export type Draft = Readonly<Record<string, string | boolean>>;

/** Text fields that are required in the Organisation entity: kept as typed (an empty one is refused). */
const REQUIRED_TEXT = new Set(["name", "email"]);

/** The draft of `fields` from the stored settings (absent text: ""; absent boolean: the default). */
export function draftFrom(
  settings: Record<string, unknown>,
  fields: { text?: readonly string[]; flags?: Readonly<Record<string, boolean>> },
): Draft {
  const draft: Record<string, string | boolean> = {};
  for (const f of fields.text ?? []) {
    const v = settings[f];
    draft[f] = typeof v === "string" ? v : "";
  }
  for (const [f, fallback] of Object.entries(fields.flags ?? {})) {
    const v = settings[f];
    draft[f] = typeof v === "boolean" ? v : fallback;
  }
  return draft;
}

export type Edit = { op: "set"; path: string[]; value: unknown } | { op: "remove"; path: string[] };

export type SaveResult =
  | { ok: true; settings: OrganisationSettings; edits: Edit[] }
  | { ok: false; issues: FieldIssues };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings the draft asks for, checked, and the edits from `stored` to them. A blank optional text
 * field removes the field. `extra` sets further fields as they are (the colour scheme).
 */
export function saveDraft(
  stored: Record<string, unknown>,
  draft: Draft,
  extra: Record<string, unknown> = {},
): SaveResult {
  const next: Record<string, unknown> = { ...stored };
  for (const [field, value] of Object.entries(draft)) {
    if (typeof value === "boolean") next[field] = value;
    else if (value.trim() === "" && !REQUIRED_TEXT.has(field)) delete next[field];
    else next[field] = value.trim();
  }
  Object.assign(next, extra);
  const parsed = organisationSettingsSchema.safeParse(next);
  if (!parsed.success) return { ok: false, issues: issuesByPath(parsed.error as z.ZodError) };
  const edits: Edit[] = [];
  for (const field of new Set([...Object.keys(stored), ...Object.keys(next)])) {
    if (!(field in next)) edits.push({ op: "remove", path: [field] });
    else if (!same(stored[field], next[field])) edits.push({ op: "set", path: [field], value: next[field] });
  }
  return { ok: true, settings: parsed.data, edits };
}
