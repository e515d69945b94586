import Decimal from "decimal.js";
import { z } from "zod";

// Spec §5 "Generic formats", with the exact messages of spec §8 where the spec gives one. Where it
// gives none (date, phone, non-finite numbers) the message is ours and says what is wrong.

export const BOOLEAN_MESSAGE =
  "Value must be boolean or a string representation of a boolean, e.g. true or false";
export const DECIMAL_STRING_MESSAGE = "string is not convertible to Decimal";
export const DECIMAL_TYPE_MESSAGE = "expected a string, number or Decimal";
export const DATE_MESSAGE =
  "Date must be written YYYY-MM-DD (four-digit year, two-digit month, two-digit day)";
export const PHONE_MESSAGE =
  "Phone must be 3 digits, 3 digits and 4 digits, with an optional country code before and an optional extension after";
export const DECIMAL_NUMBER_MESSAGE = "number is not a finite Decimal";

/** Four-digit year, two-digit month, two-digit day — the spec's format check, nothing more. */
export const dateSchema = z.string({ error: DATE_MESSAGE }).regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE);

/** An instant as ISO 8601 text with its offset ("2026-11-20T15:00:00.000Z"): the stamps of stored records. */
export const isoInstantSchema = z.iso.datetime({ offset: true });

/** A boolean, or the text "true" / "false" (exactly, as the spec says), giving a boolean. */
export const booleanSchema = z
  .custom<boolean | "true" | "false">((v) => typeof v === "boolean" || v === "true" || v === "false", {
    error: BOOLEAN_MESSAGE,
  })
  .transform((v) => v === true || v === "true");

/**
 * Optional country code, 3 digits, 3 digits, 4 digits, optional extension. Separators between the
 * groups may be a space, "." or "-", and the area code may sit in parentheses: "+1 (555) 123-4567 x89".
 */
export const PHONE_PATTERN =
  /^(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?$/i;
export const phoneSchema = z.string({ error: PHONE_MESSAGE }).trim().regex(PHONE_PATTERN, PHONE_MESSAGE);

type DecimalInput = Decimal | string | number;

const isDecimalInput = (v: unknown): v is DecimalInput =>
  typeof v === "string" || typeof v === "number" || Decimal.isDecimal(v);

function toDecimal(value: DecimalInput, ctx: z.RefinementCtx): Decimal {
  if (Decimal.isDecimal(value)) return value;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return new Decimal(value);
    ctx.addIssue({ code: "custom", message: DECIMAL_NUMBER_MESSAGE, input: value });
    return new Decimal(0);
  }
  try {
    const parsed = new Decimal(value.trim());
    if (parsed.isFinite()) return parsed;
  } catch {
    // fall through to the spec's message
  }
  ctx.addIssue({ code: "custom", message: DECIMAL_STRING_MESSAGE, input: value });
  return new Decimal(0);
}

/** A Decimal, or a string or number convertible to one (finite), giving a Decimal. */
export const decimalSchema = z
  .custom<DecimalInput>(isDecimalInput, { error: DECIMAL_TYPE_MESSAGE })
  .transform((v, ctx) => toDecimal(v, ctx));

/** As decimalSchema, but null and the empty string give null. */
export const nullableDecimalSchema = z
  .custom<DecimalInput | null>((v) => v === null || isDecimalInput(v), { error: DECIMAL_TYPE_MESSAGE })
  .transform((v, ctx) => (v === null || v === "" ? null : toDecimal(v, ctx)));

/** A decimal literal kept as text ("5000", "0.000125", "2204.62"): how catalogue data holds exact numbers. */
export const decimalStringSchema = z
  .string({ error: DECIMAL_TYPE_MESSAGE })
  .regex(/^-?\d+(\.\d+)?$/, DECIMAL_STRING_MESSAGE);
