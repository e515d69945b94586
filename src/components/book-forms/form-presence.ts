import type { Presence } from "../../lib/sync";

// Per-field presence on a record's form: focusing a field tells the others ("entities.ID.legalName"),
// and each field shows who else is in it. A form's own field paths ("legalName", "address.zip") are
// put under the record's prefix ("entities.ID").

export interface FormPresence {
  /** This user is now in `path` (null: in no field). */
  focus(path: string | null): void;
  /** Names of the others in `path`. */
  editorsAt(path: string): readonly string[];
  /** Who last changed `path` from elsewhere, when the document knows (docs/sync-rules.md TEXT1); null otherwise. */
  changedBy?(path: string): string | null;
}

export const NO_PRESENCE: FormPresence = Object.freeze({
  focus: () => {},
  editorsAt: () => [],
});

/** The presence of a record's form: `prefix` is the record's place, e.g. "entities.01J…". */
export function formPresence(
  prefix: string,
  others: readonly Presence[],
  setField: (field: string | null) => void,
): FormPresence {
  const byField = new Map<string, string[]>();
  for (const person of others) {
    if (!person.field?.startsWith(`${prefix}.`)) continue;
    const path = person.field.slice(prefix.length + 1);
    const names = byField.get(path) ?? [];
    names.push(person.user.name);
    byField.set(path, names);
  }
  return {
    focus: (path) => setField(path === null ? null : `${prefix}.${path}`),
    editorsAt: (path) => byField.get(path) ?? [],
  };
}

const ELSEWHERE: Readonly<Record<string, string>> = {
  profile: "the customer's profile",
  entities: "another entity",
  policies: "another policy",
  coverages: "a coverage",
};

/**
 * What another person is editing, for a record page's presence list: a field of this record by its
 * label (`label` gets the path inside the record), anything else by the part of the customer it is in.
 */
export function describePresenceField(
  field: string,
  prefix: string,
  label: (path: string) => string,
): string {
  if (field.startsWith(`${prefix}.`)) return label(field.slice(prefix.length + 1));
  const section = field.split(".")[0] ?? "";
  return ELSEWHERE[section] ?? field;
}
