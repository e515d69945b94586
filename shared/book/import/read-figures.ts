import Decimal from "decimal.js";
import { type TaxIdType, taxIdDigits } from "../../documents/tax-id";
import { isIsoDate } from "../../market/dates";
import type { Reading } from "./reading";

// Figures as agencies write them (docs/book-import.md §Reading values): numbers with units, currency
// signs, percent signs, spaces and thousands separators ("550 lbs", "$ 37 ", "1 250 hd", ".85",
// "92.5 %"); US dates (04/30/2026, 4/30/26, Mar 9, 2027, March 9 2027, 9-Mar-2027, 2027-03-09, an Excel
// serial day); crop years (2027, CY2027, CY 27); tax ids, a masked one ("xxx-xx-4471") read as none
// given. A decimal comma ("1.234,50") is not read: in a US file "1,250" is one thousand two hundred
// and fifty. Each reader answers the value or a sentence saying what is expected (never echoing a tax
// id).

const ok = <T>(value: T, note?: string): Reading<T> =>
  note ? { ok: true, value, note } : { ok: true, value };
const no = <T>(message: string): Reading<T> => ({ ok: false, message });
export const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Units written after a figure, by what they are. */
const UNITS: [RegExp, Unit][] = [
  [/^(?:%|percent|pct)$/, "percent"],
  [/^(?:lbs?|pounds?|#)$/, "pound"],
  [/^(?:cwt|hundredweight)$/, "cwt"],
  [/^(?:\/\s*cwt|per\s*cwt|\/\s*hd|per\s*head|\/\s*head)$/, "rate"],
  [/^(?:hd|head|heads|hogs?|steers?|heifers?|animals?)$/, "head"],
  [/^(?:bu|bushels?)$/, "bushel"],
  [/^(?:wks?|weeks?)$/, "week"],
];
type Unit = "percent" | "pound" | "cwt" | "rate" | "head" | "bushel" | "week";

interface Figure {
  /** The number as exact decimal text: "1250", "0.85", "-12.5". */
  value: string;
  unit: Unit | null;
}

/** A number with what may surround it, or null: "$ 1,234.50", "(12.50)", "550 lbs", "92.5 %", "1 250". */
export function readFigure(text: string): Figure | null {
  let t = text.replace(/[\u00a0\u2009\u202f]/g, " ").trim();
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) [negative, t] = [true, (paren[1] ?? "").trim()];
  if (t.startsWith("-") || t.startsWith("\u2212")) [negative, t] = [!negative, t.slice(1).trim()];
  t = t.replace(/^(?:us\s*\$|usd|\$)\s*/i, "").replace(/\s*usd$/i, "");
  if (t.startsWith("-")) [negative, t] = [!negative, t.slice(1).trim()];
  let unit: Unit | null = null;
  const tail = /^([\d.,\s]*\d\.?)\s*([^\d\s.,].*)?$/.exec(t);
  if (!tail) return null;
  const [, body = "", unitText] = tail;
  if (unitText !== undefined) {
    const u = unitText.trim().toLowerCase().replace(/\.$/, "");
    const found = UNITS.find(([re]) => re.test(u));
    if (!found) return null;
    unit = found[1];
  }
  const b = body.trim();
  let digits: string;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(b)) digits = b.replace(/,/g, "");
  else if (/^\d{1,3}(?: \d{3})+(?:\.\d*)?$/.test(b)) digits = b.replace(/ /g, "");
  else if (/^\d*\.?\d+$|^\d+\.$/.test(b)) digits = b;
  else return null;
  if (digits.endsWith(".")) digits = digits.slice(0, -1);
  if (digits.startsWith(".")) digits = `0${digits}`;
  if (digits.replace(/^0+(?=\d)/, "").replace(".", "").length > 22) return null;
  return { value: `${negative ? "-" : ""}${digits.replace(/^0+(?=\d)/, "")}`, unit };
}

/** A whole number: "13,000", "13000", "13000.0", "120 hd", "1 250". */
export function readInteger(text: string): Reading<number> {
  const f = readFigure(text);
  if (!f || f.unit === "percent" || f.unit === "rate" || !/^\d{1,9}(\.0+)?$/.test(f.value))
    return no(`${quoted(text)} is not a whole number`);
  return ok(Number.parseInt(f.value, 10));
}

/** A decimal amount as exact text: "$1,234.50" → "1234.50", "(12.50)" → "-12.50", "$ 37 /cwt" → "37". */
export function readDecimal(text: string): Reading<string> {
  const f = readFigure(text);
  if (!f || f.unit === "percent" || !/^-?\d{1,12}(\.\d{1,10})?$/.test(f.value))
    return no(`${quoted(text)} is not an amount in figures, such as 1234.56`);
  return ok(f.value);
}

/**
 * A target weight in cwt: "5.5", "5.5 cwt", "550 lbs" (pounds ÷ 100). A bare number of 50 or more is a
 * weight in pounds (no animal's target weight is 50 cwt), read so with a note.
 */
export function readWeightCwt(text: string): Reading<string> {
  const f = readFigure(text);
  if (!f || f.value.startsWith("-") || !(f.unit === null || f.unit === "pound" || f.unit === "cwt"))
    return no(`${quoted(text)} is not a weight: write it in cwt (5.5) or in pounds (550 lbs)`);
  const n = new Decimal(f.value);
  if (f.unit === "pound") return ok(n.div(100).toString());
  if (f.unit === null && n.gte(50))
    return ok(n.div(100).toString(), `${quoted(text)} is read as ${n.toString()} lbs, ${n.div(100)} cwt`);
  return ok(f.value);
}

/** A fraction from 0 to 1, written as 0.85, .85, 85, "85 %" or "92.5 %" (coverage levels and shares). */
export function readFraction(text: string): Reading<number> {
  const f = readFigure(text);
  if (!f || (f.unit !== null && f.unit !== "percent"))
    return no(`${quoted(text)} is not a percentage or a fraction, such as 85 % or 0.85`);
  const n = new Decimal(f.value);
  const value = f.unit === "percent" || n.gt(1) ? n.div(100) : n;
  if (!(value.gt(0) && value.lte(1))) return no(`${quoted(text)} is not more than 0 and at most 100 %`);
  return ok(value.toDecimalPlaces(6).toNumber());
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthOf = (word: string): number | null => {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return null;
  const i = MONTHS.findIndex((m) => w.startsWith(m));
  // "Sept", "March", "Mar." — a month's name or its start (at least three letters).
  const full = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
  ][i];
  return i >= 0 && full?.startsWith(w) ? i + 1 : null;
};
const pad = (n: number) => String(n).padStart(2, "0");
/** A year of two digits is in this century (sales dates are). */
const yearOf = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const TIME = String.raw`(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** The date forms read, each with how its parts give year, month and day. */
const DATE_FORMS: [RegExp, (p: string[]) => [number, number | null, number]][] = [
  [
    new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${TIME}$`, "i"),
    ([y, m, d]) => [Number(y), Number(m), Number(d)],
  ],
  [
    new RegExp(`^(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{4}|\\d{2})${TIME}$`, "i"),
    ([m, d, y]) => [yearOf(y ?? ""), Number(m), Number(d)],
  ],
  [
    new RegExp(`^([a-z]{3,9}\\.?)\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})${TIME}$`, "i"),
    ([m, d, y]) => [Number(y), monthOf(m ?? ""), Number(d)],
  ],
  [
    new RegExp(`^(\\d{1,2})[\\s-]*([a-z]{3,9}\\.?)[\\s,-]*(\\d{4}|\\d{2})${TIME}$`, "i"),
    ([d, m, y]) => [yearOf(y ?? ""), monthOf(m ?? ""), Number(d)],
  ],
];
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;

/**
 * A date as YYYY-MM-DD from 2026-11-18, 2026/11/18, 11/18/2026, 11-18-2026, 11/18/26, Nov 18, 2026,
 * November 18 2026, 18 Nov 2026, 18-Nov-26, an Excel serial day (46344), with a time after it or not.
 */
export function readDate(text: string): Reading<string> {
  const t = text.trim().replace(WEEKDAY, "");
  let iso: string | null = null;
  for (const [pattern, parts] of DATE_FORMS) {
    const m = pattern.exec(t);
    if (!m) continue;
    const [y, month, d] = parts(m.slice(1).map((x) => x ?? ""));
    iso = month === null ? null : `${String(y).padStart(4, "0")}-${pad(month)}-${pad(d)}`;
    break;
  }
  if (iso === null && /^\d{5}(?:\.\d+)?$/.test(t) && Number(t) > 20000 && Number(t) < 80000)
    iso = new Date(EXCEL_EPOCH + Math.floor(Number(t)) * 86_400_000).toISOString().slice(0, 10);
  return iso && isIsoDate(iso)
    ? ok(iso)
    : no(`${quoted(text)} is not a date: write it as 11/18/2026, Nov 18, 2026 or 2026-11-18`);
}

/** A crop year: 2027, CY2027, "CY 2027", CY27, "Crop Year 2027", "2027 CY". */
export function readCropYear(text: string): Reading<number> {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(?:cy|crop\s*year|crop\s*yr)[\s.:'-]*/, "")
    .replace(/\s*(?:cy|crop\s*year)$/, "");
  const year = /^(\d{4}|\d{2})(?:\.0+)?$/.test(t) ? yearOf(t.replace(/\.0+$/, "")) : Number.NaN;
  return year >= 2000 && year <= 2099
    ? ok(year)
    : no(`${quoted(text)} is not a crop year: write it as 2027 or CY2027`);
}

/**
 * A tax id that is masked ("xxx-xx-4471", "***-**-4471", "XXXXX4471", "•••-••-4471"): some of its
 * digits replaced by a mask character and none of its first five given.
 */
export const isMaskedTaxId = (text: string): boolean => {
  const t = text.trim();
  return /^[xX*•#\s-]*\d{4}$/.test(t) && t.replace(/[^xX*•#]/g, "").length >= 3;
};

/**
 * A tax id's digits and its type (SSN ###-##-####, EIN ##-#######); the type column may say it. A masked
 * one is read as no tax id given (null), with a note: never a refusal.
 */
export function readTaxId(text: string): Reading<{ digits: string; type: TaxIdType | null } | null> {
  const t = text.trim();
  if (isMaskedTaxId(t))
    return ok(null, "the tax id is masked, so it is read as not given: add the full one on the entity");
  const digits = taxIdDigits(t);
  if (!/^\d{9}$/.test(digits))
    return no("is not a 9-digit tax id (write it as ###-##-####, ##-####### or 9 digits)");
  const type = /^\d{3}-\d{2}-\d{4}$/.test(t) ? 1 : /^\d{2}-\d{7}$/.test(t) ? 2 : null;
  return ok({ digits, type });
}
