import Decimal from "decimal.js";
import type { Coverage, CoverageSummary } from "../documents/book";
import { coveredHead } from "./summaries";

// Exact totals for the book's lists (coverages of a customer, the coverage list, the hub): decimal.js
// sums of the records' decimal texts, never float additions. Premiums are whole dollars in RMA's
// rounding, so their sums are exact; the per-head average is rounded half up to the cent once, here.

/** The exact sum of decimal texts (or numbers), as decimal text ("0" for none). */
export function sumDecimals(values: Iterable<string | number>): string {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total.toFixed();
}

export interface CoverageTotals {
  count: number;
  /** LRP head plus LGM total target marketings. */
  head: number;
  totalPremium: string;
  subsidy: string;
  producerPremium: string;
  /** Producer premium ÷ head, to the cent (half up); null without head. */
  producerPremiumPerHead: string | null;
}

const perHead = (premium: string, head: number): string | null =>
  head > 0 ? new Decimal(premium).div(head).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;

/** Totals of full coverage records (pass only the ones the list shows, e.g. not cancelled). */
export function coverageTotals(coverages: Iterable<Coverage>): CoverageTotals {
  const list = [...coverages];
  const head = list.reduce((sum, c) => sum + coveredHead(c), 0);
  const producerPremium = sumDecimals(list.map((c) => c.producerPremium));
  return {
    count: list.length,
    head,
    totalPremium: sumDecimals(list.map((c) => c.totalPremium)),
    subsidy: sumDecimals(list.map((c) => c.subsidy)),
    producerPremium,
    producerPremiumPerHead: perHead(producerPremium, head),
  };
}

export interface SummaryTotals {
  count: number;
  head: number;
  producerPremium: string;
  producerPremiumPerHead: string | null;
}

/** Totals of the organisation document's coverage summaries (the whole book's lists). */
export function summaryTotals(summaries: Iterable<CoverageSummary>): SummaryTotals {
  const list = [...summaries];
  const head = list.reduce((sum, c) => sum + c.head, 0);
  const producerPremium = sumDecimals(list.map((c) => c.producerPremium));
  return {
    count: list.length,
    head,
    producerPremium,
    producerPremiumPerHead: perHead(producerPremium, head),
  };
}
