import Decimal from "decimal.js";
import type { UnitBasis } from "../../../shared/catalogue/plans";
import { formatDollars, formatPrice } from "../../lib/format";

// A dollar total of the coverage table (insured value, premium, subsidy) per cwt, per head or in total.
// Per cwt divides by the insured hundredweight (head × target weight × share) as RMA's per-cwt premium
// does; per head by the head. Exact: decimal.js, rounded half up once, for display.

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export interface Herd {
  head: number;
  targetWeightCwt: number;
  share: number;
}

export const BASIS_LABELS: Readonly<Record<UnitBasis, string>> = {
  cwt: "Per cwt",
  head: "Per head",
  total: "Total",
};
export const BASIS_UNITS: Readonly<Record<UnitBasis, string>> = {
  cwt: "/cwt",
  head: "/head",
  total: "total",
};

export function onBasis(total: number, basis: UnitBasis, herd: Herd): Decimal {
  const value = new D(total);
  if (basis === "total") return value;
  if (basis === "head") return value.div(herd.head).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return value
    .div(new D(herd.head).times(herd.targetWeightCwt).times(herd.share))
    .toDecimalPlaces(4, D.ROUND_HALF_UP);
}

/** Formats a table dollar figure on the basis; `cents` for totals that carry cents (insured value). */
export function formatOnBasis(total: number, basis: UnitBasis, herd: Herd, cents = false): string {
  const v = onBasis(total, basis, herd);
  if (basis === "total") return formatDollars(v, { cents });
  if (basis === "head") return formatDollars(v, { cents: true });
  return formatPrice(v, 4, 4);
}
