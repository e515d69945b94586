// Records of an older document version kept in `legacy` ({ id, section, record }, shared/documents/
// migrate-v1.ts), as lines a person can read. Their fields were never checked by a schema, so a tax id
// could hide anywhere: a field named like one, or any run of nine digits, is masked to its last four.

const SECTION_NAMES: Readonly<Record<string, string>> = {
  profile: "Profile fields",
  entities: "Entity",
  policies: "Policy",
  coverages: "Coverage",
  applications: "Application",
};

const TAX_KEY = /tax|ssn|ein\b|tin\b|social/i;
const NINE_DIGITS = /\b\d{3}[- ]?\d{2}[- ]?\d{4}\b|\b\d{2}[- ]?\d{7}\b/g;
const MAX = 300;

const maskDigits = (text: string): string => {
  const digits = text.replace(/\D/g, "");
  return digits.length >= 4 ? `•••••${digits.slice(-4)}` : "•••••";
};

/** A value with every tax-id-like part masked (recursively for objects and arrays). */
export function maskLegacyValue(value: unknown, key = ""): unknown {
  if (typeof value === "string")
    return TAX_KEY.test(key) ? maskDigits(value) : value.replace(NINE_DIGITS, (m) => maskDigits(m));
  if (typeof value === "number") return TAX_KEY.test(key) ? maskDigits(String(value)) : value;
  if (Array.isArray(value)) return value.map((v) => maskLegacyValue(v, key));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskLegacyValue(v, k)]));
  return value;
}

const asText = (value: unknown): string => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
};

/** Where the record came from and its fields as [name, text] (masked). */
export function describeLegacy(entry: unknown): { where: string; lines: [string, string][] } {
  const e = (typeof entry === "object" && entry !== null ? entry : { record: entry }) as Record<
    string,
    unknown
  >;
  const section = typeof e.section === "string" ? e.section : "";
  const id = typeof e.id === "string" ? e.id : "";
  const key = section && id.startsWith(`${section}.`) ? id.slice(section.length + 1) : id;
  const name = SECTION_NAMES[section] ?? (section || "Record");
  const where = section === "profile" ? name : key ? `${name} ${key}` : name;
  const record = maskLegacyValue(e.record);
  const lines: [string, string][] =
    typeof record === "object" && record !== null && !Array.isArray(record)
      ? Object.entries(record).map(([k, v]) => [k, asText(v)])
      : [["value", asText(record)]];
  return { where, lines };
}
