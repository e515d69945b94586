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

/** A path inside a policy ("policyNumber") → its label; an unknown field as it is. */
export function policyFieldLabel(field: string): string {
  return POLICY_FIELD_LABELS[field.split(".")[0] ?? field] ?? field;
}
