import Decimal from "decimal.js";

// Money is exact: every dollar figure shown to a producer is a Decimal rounded in one place, half up
// (RMA's rule). A private clone keeps our rounding mode from leaking into anyone else's Decimal.
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;
export type MoneyInput = Money | number | string;

export const money = (value: MoneyInput): Money => new Money(value);

/** Whole dollars, half up (RMA's premium and subsidy rounding). */
export const roundDollars = (value: MoneyInput): Money =>
  money(value).toDecimalPlaces(0, Money.ROUND_HALF_UP);

/** Cents, half up. */
export const roundCents = (value: MoneyInput): Money => money(value).toDecimalPlaces(2, Money.ROUND_HALF_UP);

/** Any number of decimal places, half up. */
export const roundTo = (value: MoneyInput, places: number): Money =>
  money(value).toDecimalPlaces(places, Money.ROUND_HALF_UP);

/** A rounded Decimal as a JSON number (exact: the Decimal's digits are the number's shortest form). */
export const toJsonNumber = (value: Money): number => Number(value.toString());
