// A person's or a business's name, an e-mail and a phone as the book keeps them, whichever way a row
// wrote them (docs/book-import.md §Clean values, rule MERGE1): names in proper case when the file wrote
// them all in capitals or all in lower case ("JOHNSON, ROBERT" → "Johnson, Robert"; "DeWitt" is left as
// written), e-mails in lower case, a US phone of ten digits as (402) 555-0123. The same person written
// three ways is one cleaned value, so merging rows and importing the file again change nothing.

/** Words kept in capitals when a name is put in proper case. */
const UPPER = new Set(["llc", "llp", "lp", "ii", "iii", "iv", "dba", "usa", "jv", "fbo", "c/o"]);
const LOWER = new Set(["and", "of", "the", "de", "la", "van", "von", "der"]);

const properWord = (word: string, first: boolean): string => {
  const w = word.toLowerCase();
  if (UPPER.has(w.replace(/[.,]/g, ""))) return word.toUpperCase();
  if (!first && LOWER.has(w)) return w;
  // Capitals after Mc, O' and inside hyphenated or apostrophed names: McDonald, O'Neil, Smith-Jones.
  return w
    .replace(/(^|[-'’(])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase())
    .replace(/^Mc([a-z])/, (_, c: string) => `Mc${c.toUpperCase()}`);
};

/** A name with single spaces, in proper case when written all in capitals or all in lower case. */
export function cleanName(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  const letters = t.replace(/[^A-Za-z]/g, "");
  if (letters.length < 2 || (/[a-z]/.test(letters) && /[A-Z]/.test(letters))) return t;
  return t
    .split(" ")
    .map((w, i) => properWord(w, i === 0))
    .join(" ");
}

/**
 * How well formed a name is, to choose among one person's spellings: mixed case over one case, "Robert
 * Johnson" over "Johnson, Robert".
 */
export function nameForm(text: string): number {
  const letters = text.replace(/[^A-Za-z]/g, "");
  const mixed = /[a-z]/.test(letters) && /[A-Z]/.test(letters) ? 2 : 0;
  const natural = /^[^,]+,\s*[^,]+$/.test(text.trim()) ? 0 : 1;
  return mixed + natural;
}

/** The words of a name, in any order: "Johnson, Robert" and "robert johnson" are one person. */
export const personKey = (text: string): string =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .sort()
    .join(" ");

/** An e-mail address trimmed and in lower case ("mailto:" dropped). */
export const cleanEmail = (text: string): string =>
  text
    .trim()
    .replace(/^mailto:/i, "")
    .toLowerCase();

/** A US phone number of ten digits (a leading 1 dropped) as (402) 555-0123, an extension kept; others as written. */
export function cleanPhone(text: string): string {
  const t = text.trim();
  const m = /^(.*?)(?:\s*(?:x|ext\.?|extension|#)\s*(\d{1,6}))?$/i.exec(t);
  const digits = (m?.[1] ?? t).replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10 || /[a-wyz]/i.test(m?.[1] ?? "")) return t;
  const ext = m?.[2] ? ` x${m[2]}` : "";
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}${ext}`;
}
