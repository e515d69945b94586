// Names of a policy's fields for people: the history list and "editing …" presence.

export const POLICY_FIELD_LABELS: Readonly<Record<string, string>> = {
  entityId: "Entity",
  plan: "Plan",
  providerId: "Insurance provider",
  policyNumber: "Policy number",
  cropYear: "Crop year",
  reinsuranceYear: "Reinsurance year",
  state: "State",
  county: "County",
  status: "Status",
  statusReason: "Reason",
  createdAt: "Created",
};

/** "policies.ID.policyNumber" or "policyNumber" → "Policy number"; an unknown field as it is. */
export function policyFieldLabel(field: string): string {
  const parts = field.split(".");
  const local = parts[0] === "policies" ? parts.slice(2) : parts;
  return POLICY_FIELD_LABELS[local[0] ?? field] ?? field;
}
