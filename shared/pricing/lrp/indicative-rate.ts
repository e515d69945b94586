import { black76Put } from "../math/black76";
import { roundTo } from "../money";

// Where the snapshot holds no RMA rate for a row, an indicative rate: the Black-76 value of a put on
// the expected ending value struck at the coverage price, over the endorsement's length, undiscounted
// (LRP premium is paid after the endorsement ends), per dollar of coverage price, to six places.
// Volatility is the matching contract's at-the-money implied volatility (flat: RMA's own rates carry
// a skew this does not model, which is one reason the result is labelled indicative).

export function indicativeLrpRate(
  expectedEndingValue: number,
  coveragePrice: number,
  volatility: number,
  days: number,
): number {
  const put = black76Put({
    forward: expectedEndingValue,
    strike: coveragePrice,
    volatility,
    years: days / 365,
    rate: 0,
  });
  return Number(roundTo(put / coveragePrice, 6).toString());
}
