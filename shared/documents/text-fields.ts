import type { DocumentKind } from "./names";

// Free-text fields stored as shared text (docs/sync-rules.md; schema version 4). A field listed here is a
// Y.Text in the Y.Doc (its JSON, which the schemas check, is its string), so two people typing in it
// at once both keep every keystroke and each person's run stays together; every other value is a plain
// value (last writer wins per key) or a map (one key per field). Paths are inside the section; "*"
// stands for any key (a record's id, an SBI's id). This list is the one definition: the device writes
// text through it (src/lib/sync/typed), the server's migration makes it (sync-server/sync/
// text-upgrade.ts) and the write guard allows a Y.Text nowhere else (entry-scan.ts, candidate.ts).
//
// An address is a map with one key per field (never written whole): the map and its text fields are
// made with the record (`PRECREATED`), so two people who start typing in City and Street at once do
// not each make an address and lose the other's.

export type TextPath = readonly string[];

/** The address fields typed as free text (state and county are chosen, the ZIP is checked at use). */
const ADDRESS_TEXT = ["line1", "line2", "city"] as const;
const address = (prefix: readonly string[]): TextPath[] =>
  ADDRESS_TEXT.map((field) => [...prefix, "address", field]);

/**
 * Per kind, per section: the text fields: the customer document's names, address lines and status
 * reasons, the agents' notes (customer and claim; a claim's note is edited live on the claim's page),
 * and a campaign's name. Free text that is committed with an action rather than edited in place (a
 * claim's reason for a denial, a checklist item's label, an action's reason) is written once, with its
 * action; an application draft is the applicant's own, on their device (docs/sync-rules.md TEXT1).
 */
export const TEXT_FIELDS: Partial<Record<DocumentKind, Record<string, readonly TextPath[]>>> = {
  customer: {
    profile: [["name"], ...address([])],
    entities: [
      ["*", "legalName"],
      ...address(["*"]),
      ["*", "spouse", "name"],
      ["*", "sbis", "*", "name"],
      ["*", "statusReason"],
    ],
    policies: [["*", "statusReason"]],
    coverages: [["*", "statusReason"]],
  },
  /** The agents' notes on a customer and on a claim. */
  customerInternal: { notes: [["*", "text"]] },
  claim: { notes: [["*", "text"]] },
  /** A campaign's name, edited live on its form (campaign.ts has no other free text). */
  campaign: { campaign: [["name"]] },
};

/**
 * Per kind, per section: the maps and texts a record holds from its creation on (and that the v3 → v4
 * migration makes), so they are never created twice at once by two devices. Paths as in TEXT_FIELDS,
 * ending with the map's or text's key; a map path ends in `{}`.
 */
export const PRECREATED: Partial<Record<DocumentKind, Record<string, readonly TextPath[]>>> = {
  customer: {
    profile: [["name"], ["address", "{}"], ...address([])],
    entities: [["*", "legalName"], ["*", "address", "{}"], ...address(["*"])],
  },
};

const matches = (pattern: TextPath, path: readonly string[]): boolean =>
  pattern.length === path.length && pattern.every((key, i) => key === "*" || key === path[i]);

/** Whether the value at `path` of `section` in a `kind` document is a shared text. */
export function isTextField(kind: DocumentKind, section: string, path: readonly string[]): boolean {
  const patterns = TEXT_FIELDS[kind]?.[section];
  return patterns?.some((pattern) => matches(pattern, path)) ?? false;
}

/** Whether any text field of the section lies at or below `path` (a map that holds text fields). */
export function holdsTextFields(kind: DocumentKind, section: string, path: readonly string[]): boolean {
  const patterns = TEXT_FIELDS[kind]?.[section];
  return (
    patterns?.some(
      (pattern) =>
        pattern.length > path.length && path.every((key, i) => pattern[i] === "*" || pattern[i] === key),
    ) ?? false
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A record with the maps and texts of `paths` (PRECREATED paths with the record's own "*" taken off):
 * a missing text becomes "", a missing map {}; values present are kept as they are. Used when a record
 * is created and by the v3 → v4 migration.
 */
export function withPrecreated(
  record: Record<string, unknown>,
  paths: readonly TextPath[],
): Record<string, unknown> {
  const next = structuredClone(record);
  for (const path of paths) {
    let node: Record<string, unknown> = next;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      if (last && key === "{}") return;
      if (!last || path[index + 1] === "{}") {
        if (!isObject(node[key])) node[key] = {};
        node = node[key] as Record<string, unknown>;
      } else if (node[key] === undefined) node[key] = "";
    });
  }
  return next;
}

/** The PRECREATED paths of one record of a record section (its id's "*" taken off). */
export const recordPrecreated = (kind: DocumentKind, section: string): TextPath[] =>
  (PRECREATED[kind]?.[section] ?? []).map((path) => path.slice(1));
