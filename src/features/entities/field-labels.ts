// Names of an entity's fields for people: the history list and "editing …" presence.

export const ENTITY_FIELD_LABELS: Readonly<Record<string, string>> = {
  type: "Entity type",
  legalName: "Legal name",
  taxIdType: "Tax id type",
  taxIdLast4: "Tax id",
  taxId: "Tax id",
  spouse: "Spouse",
  sbis: "SBIs",
  address: "Address",
  status: "Status",
  createdAt: "Created",
};

const SBI_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: "SBI name",
  entityType: "SBI entity type",
  taxIdType: "SBI tax id type",
  taxId: "SBI tax id",
  sharePercent: "SBI share",
};

const ADDRESS_FIELD_LABELS: Readonly<Record<string, string>> = {
  line1: "Street address",
  line2: "Address line 2",
  city: "City",
  state: "State",
  county: "County",
  zip: "ZIP code",
};

/** A path inside an entity ("legalName", "address.zip", "sbis.ID.name") → its label. */
export function entityFieldLabel(field: string): string {
  const local = field.split(".");
  const top = local[0] ?? field;
  if (top === "spouse" && local[1] === "name") return "Spouse's name";
  if (top === "spouse" && local[1]?.startsWith("taxId")) return "Spouse's tax id";
  if (top === "sbis" && local.length > 2) return SBI_FIELD_LABELS[local[2] ?? ""] ?? "SBIs";
  if (top === "address" && local[1]) return ADDRESS_FIELD_LABELS[local[1]] ?? "Address";
  return ENTITY_FIELD_LABELS[top] ?? field;
}
