import Decimal from "decimal.js";

// Money is exact: every dollar figure shown to a producer is a Decimal rounded in one place, half up
// (RMA's rule). A private clone keeps our settings from leaking into anyone else's Decimal.
//
// Arithmetic keeps 24 significant digits and truncates beyond them (products of our figures need far
// fewer, so they are exact); a quotient is truncated, then rounded half up by the helpers below with
// an explicit mode. Truncating first never moves a value across a half-up boundary, so the result is
// the same as rounding the exact quotient.
export const Money = Decimal.clone({ precision: 24, rounding: Decimal.ROUND_DOWN });
export type Money = InstanceType<typeof Money>;
export type MoneyInput = Money | number | string;

export const money = (value: MoneyInput): Money => new Money(value);

// Rounding returns a new Decimal anyway, so a value that is already Money is rounded as it is, not
// copied first. (Every Decimal passes `instanceof`; our own carry Money as their constructor.)
const asMoney = (value: MoneyInput): Money =>
  typeof value === "object" && value.constructor === Money ? value : new Money(value);

/** Whole dollars, half up (RMA's premium and subsidy rounding). */
export const roundDollars = (value: MoneyInput): Money =>
  asMoney(value).toDecimalPlaces(0, Money.ROUND_HALF_UP);

/** Cents, half up. */
export const roundCents = (value: MoneyInput): Money =>
  asMoney(value).toDecimalPlaces(2, Money.ROUND_HALF_UP);

/** Any number of decimal places, half up. */
export const roundTo = (value: MoneyInput, places: number): Money =>
  asMoney(value).toDecimalPlaces(places, Money.ROUND_HALF_UP);

/** A rounded Decimal as a JSON number (exact: the Decimal's digits are the number's shortest form). */
export const toJsonNumber = (value: Money): number => Number(value.toString());
