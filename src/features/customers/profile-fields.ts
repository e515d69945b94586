// The producer profile fields the customer screen shows and edits (section `profile` of the customer
// document). `name` is checked by the shared schema; the others are free text the record carries.

export const PROFILE_FIELDS = [
  { key: "name", label: "Name", type: "text" },
  { key: "operation", label: "Operation", type: "text" },
  { key: "phone", label: "Phone", type: "tel" },
  { key: "email", label: "Email", type: "email" },
] as const;

export type ProfileFieldKey = (typeof PROFILE_FIELDS)[number]["key"];

export const profileFieldLabel = (field: string): string =>
  PROFILE_FIELDS.find((f) => `profile.${f.key}` === field)?.label ?? field;
