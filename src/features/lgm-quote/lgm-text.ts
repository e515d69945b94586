import Decimal from "decimal.js";
import type { LgmCommodityCode } from "../../../shared/catalogue/livestock";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { formatDate, formatDollars, formatMonth } from "../../lib/format";
import { commodityOf, type LgmForm, lgmTypeOf } from "../../lib/pricing/lgm/lgm-form";

/** "$20" per head, "$0.50" per cwt of milk. */
export const formatDeductible = (d: string, commodity: LgmCommodityCode): string =>
  commodity === "0847" ? formatDollars(d, { cents: true }) : formatDollars(d);

/** Expected margin of a month in total: per-unit margin × target marketings (exact). */
export const monthTotal = (perUnit: number, marketings: number): number =>
  Number(new Decimal(perUnit).times(marketings).toFixed(2));

/**
 * The sentence for a quote on a day without LGM sales (the engine's `noSales`: weekend or exchange
 * holiday), as the LRP screen says its suspended days; null on a sales day.
 */
export function lgmNoSalesText(quote: Pick<LgmQuote, "noSales">): string | null {
  const n = quote.noSales;
  return n
    ? `No LGM sales on ${formatDate(n.date)}: ${n.reason}. These margins are for reference: no endorsement can be bought at them.`
    : null;
}

/** The Order button's sentence on a day without LGM sales ("No LGM sales on Nov 26, 2026: exchange holiday (Thanksgiving)."). */
export function lgmOrderNoSalesText(quote: Pick<LgmQuote, "noSales">): string | null {
  const n = quote.noSales;
  // The engine's reason ends in a tail the sentence says otherwise ("…: no LGM sales").
  return n ? `No LGM sales on ${formatDate(n.date)}: ${n.reason.split(": ")[0] ?? n.reason}.` : null;
}

export function lgmQuoteText(
  quote: LgmQuote,
  h: { form: LgmForm; asOf: string; label: string; url: string },
): string {
  const commodity = commodityOf(h.form);
  const type = lgmTypeOf(h.form);
  const unit = commodity === "0847" ? "cwt" : "head";
  return [
    `LGM quote: ${type?.typeLabel ?? h.form.type}, deductible ${formatDeductible(h.form.deductible, commodity)}/${unit}`,
    `Prices as of ${formatDate(h.asOf)} (${h.label})`,
    ...(quote.noSales ? [lgmNoSalesText(quote) ?? ""] : []),
    "",
    `Expected gross margin: ${formatDollars(quote.expectedGrossMargin)}`,
    `Gross Margin Guarantee: ${formatDollars(quote.grossMarginGuarantee)}`,
    `Total premium: ${formatDollars(quote.totalPremium)}; subsidy ${formatDollars(quote.subsidy)}`,
    `Producer Premium: ${formatDollars(quote.producerPremium)}`,
    "",
    `Marketing Month | Target marketings (${unit}) | Expected gross margin (/${unit})`,
    ...quote.months.map(
      (m) =>
        `${formatMonth(m.marketingMonth)} | ${m.targetMarketings} | ${formatDollars(m.expectedGrossMarginPerUnit, { cents: true })}`,
    ),
    "",
    h.url,
  ].join("\n");
}
