import Decimal from "decimal.js";

// Number formatting for the quote screens. Figures arrive from the engine as exact JSON numbers (their
// shortest decimal form); they are rounded here for display only, half up, through decimal.js so that
// 0.125 shows as 0.13 and never as 0.12. Grouping is en-US ("1,234.5"); a minus sign is U+2212.

const Fmt = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Value = number | string | Decimal;

const MINUS = "\u2212";

function group(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A plain number with at least `min` and at most `max` digits after the point (trailing zeros past
 * `min` are dropped): formatNumber(245.375, 2, 3) → "245.375", formatNumber(245.5, 2, 3) → "245.50".
 */
export function formatNumber(value: Value, min = 0, max = min): string {
  if (max < min) throw new RangeError(`formatNumber: max (${max}) is below min (${min})`);
  const d = new Fmt(value instanceof Decimal ? value.toString() : value);
  if (!d.isFinite()) throw new RangeError(`formatNumber: not a finite number: ${String(value)}`);
  let text = d.abs().toFixed(max, Fmt.ROUND_HALF_UP);
  if (max > min) {
    const [int, frac = ""] = text.split(".");
    let kept = frac;
    while (kept.length > min && kept.endsWith("0")) kept = kept.slice(0, -1);
    text = kept ? `${int}.${kept}` : int;
  }
  const [int, frac] = text.split(".");
  const body = frac === undefined ? group(int) : `${group(int)}.${frac}`;
  const isZero = /^[0.,]*$/.test(body);
  return d.isNegative() && !isZero ? `${MINUS}${body}` : body;
}

/** Dollars: whole dollars by default ("$1,235"), or with `cents` ("$1,234.50"); "−$12.00" below zero. */
export function formatDollars(
  value: Value,
  options: { cents?: boolean; digits?: number; minDigits?: number } = {},
): string {
  const digits = options.digits ?? (options.cents ? 2 : 0);
  const text = formatNumber(value, options.minDigits ?? Math.min(digits, 2), digits);
  return text.startsWith(MINUS) ? `${MINUS}$${text.slice(1)}` : `$${text}`;
}

/**
 * A price per unit with at most `maxDigits` digits (at least 2) and at least `minDigits`:
 * formatPrice(2.3456, 4) → "$2.3456", formatPrice(2.5, 4) → "$2.50", formatPrice(2.5, 4, 4) → "$2.5000".
 */
export function formatPrice(value: Value, maxDigits: number, minDigits = 2): string {
  const digits = Math.max(2, maxDigits);
  return formatDollars(value, { digits, minDigits: Math.min(minDigits, digits) });
}

/** A fraction as a percent: formatPercent(0.95) → "95%", formatPercent(0.9512) → "95.12%". */
export function formatPercent(fraction: Value, maxDigits = 2): string {
  const d = new Fmt(fraction instanceof Decimal ? fraction.toString() : fraction).times(100);
  return `${formatNumber(d, 0, maxDigits)}%`;
}

/** Parses what a person typed ("1,200", " 7.5 ", "$12") into a number, or null when it is not one. */
export function parseTypedNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[,$\s]/g, "")
    .replace(MINUS, "-");
  if (cleaned === "" || !/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
