import { PRECREATED, recordPrecreated, withPrecreated } from "./text-fields";

// Version 3 → 4 of a customer document (docs/sync-rules.md). Free-text fields become shared text and an address
// one key per field: in the JSON the values stay what they are (a Y.Text reads as its string); what the
// migration adds is what a version-4 record holds from its creation on (text-fields.ts PRECREATED):
// the profile's and each entity's address as a map with its typed fields (empty ones added), and the
// name. Empty fields read as absent (book.ts addressDraftSchema), so the records read as before. The
// server then stores each of these as a Y.Map or Y.Text (sync-server/sync/text-upgrade.ts): made once,
// there, so two devices never each make an address and lose the other's typing.

type DocumentJson = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function migrateCustomerV3(document: DocumentJson): DocumentJson {
  const next = { ...document };
  if (isObject(document.profile))
    next.profile = withPrecreated(document.profile, PRECREATED.customer?.profile ?? []);
  if (isObject(document.entities)) {
    const paths = recordPrecreated("customer", "entities");
    next.entities = Object.fromEntries(
      Object.entries(document.entities).map(([id, entity]) => [
        id,
        isObject(entity) ? withPrecreated(entity, paths) : entity,
      ]),
    );
  }
  return next;
}
