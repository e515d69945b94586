import { DomainError } from "../../errors";
import type { FuturesRoot } from "../../market/contracts";
import { addMonths, formatYearMonth, type YearMonth } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { type CurveContract, futuresCurve, priceReference } from "../futures-curve";
import type { MarginTerm } from "./formula";

// A type's per-unit gross margin for each marketing month as a linear combination of futures
// contracts: the lagged month's price is interpolated between neighbouring contracts, so each month's
// margin is Σ coefficient × contract price. Expected margins evaluate it at the settlements; the
// simulation evaluates it on simulated contract prices.

export interface ModelContract extends CurveContract {}

export interface MarginModel {
  contracts: ModelContract[];
  /** Per marketing month: contract index into `contracts` and its coefficient. */
  months: { contract: number; coefficient: number }[][];
}

export function marginModel(
  snapshot: MarketSnapshot,
  terms: readonly MarginTerm[],
  months: readonly YearMonth[],
): MarginModel {
  const curves = new Map<FuturesRoot, CurveContract[]>();
  const contracts: ModelContract[] = [];
  const indexOf = new Map<string, number>();
  const monthsOut = months.map((ym) => {
    const combined = new Map<number, number>();
    for (const term of terms) {
      let curve = curves.get(term.root);
      if (!curve) {
        curve = futuresCurve(snapshot, term.root);
        curves.set(term.root, curve);
      }
      const priced = addMonths(ym, -term.lag);
      const ref = priceReference(curve, priced);
      if (!ref)
        throw new DomainError(
          "stale-market-data",
          `The market snapshot of ${snapshot.asOf} has no ${term.root} futures for ${formatYearMonth(priced)}`,
        );
      for (const { contract, weight } of ref.terms) {
        const c = curve[contract];
        const key = `${c.root}:${c.contractMonth}`;
        let idx = indexOf.get(key);
        if (idx === undefined) {
          idx = contracts.length;
          contracts.push(c);
          indexOf.set(key, idx);
        }
        combined.set(idx, (combined.get(idx) ?? 0) + term.coefficient * weight);
      }
    }
    return [...combined].map(([contract, coefficient]) => ({ contract, coefficient }));
  });
  return { contracts, months: monthsOut };
}

/** Expected per-unit margin per month at the settlements, in dollars (not yet rounded). */
export function expectedMargins(model: MarginModel): number[] {
  return model.months.map((terms) =>
    terms.reduce((s, t) => s + t.coefficient * model.contracts[t.contract].settle, 0),
  );
}
