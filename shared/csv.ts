// The one CSV writer (CSV1, docs/hardening.md): every CSV the product writes — list exports, the dry run's
// refused rows, any report later — is made here. RFC 4180: comma-separated, CRLF, a field with a comma,
// quote or line break quoted. A text field that a spreadsheet would run as a formula (starting with `=`,
// `+`, `-`, `@`, a tab or a carriage return) gets an apostrophe before it, headers included, so a file's
// own header or sheet name cannot come back out as a live formula. A number is written as it is, and so
// is text that is just a negative number ("-12.5" is data, not a formula).

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: the header line, then one line per row, each line ending in CRLF. */
export function toCsv(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) lines.push(row.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
