import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import { COLUMNS, type ColumnContext } from "../../components/quote/columns";
import { formatDate } from "../../lib/format";

// The quote as plain text for a text message or an e-mail: what was quoted, the prices' date and
// label, then one line per row of the table as shown (filtered and sorted), columns separated by " | ".

export interface QuoteTextHeader {
  title: string;
  asOf: string;
  marketLabel: string;
  url: string;
}

export function coverageTableText(
  h: QuoteTextHeader,
  rows: readonly LrpCoverageRow[],
  ctx: ColumnContext,
): string {
  const header = COLUMNS.map((c) => {
    const unit = c.unit?.(ctx);
    return unit ? `${c.label} (${unit})` : c.label;
  }).join(" | ");
  const lines = rows.map((r) => COLUMNS.map((c) => c.text(r, ctx)).join(" | "));
  const indicative = rows.some((r) => r.indicative)
    ? ["* indicative rate: modelled from the CME put, not published by RMA"]
    : [];
  return [
    h.title,
    `Prices as of ${formatDate(h.asOf)} (${h.marketLabel})`,
    "",
    header,
    ...lines,
    ...indicative,
    "",
    "LRP settles on a cash index; a CME put settles on futures.",
    h.url,
  ].join("\n");
}

/**
 * The Order button's sentence on a day without LRP sales of the commodity's group (the engine's
 * `noSales`: weekend, exchange holiday, report day), e.g. "No cattle sales on Nov 20, 2026: USDA Cattle
 * on Feed report day."; null on a sales day.
 */
export function orderNoSalesText(
  noSales: { date: string; reason: string } | undefined,
  group: "cattle" | "swine",
): string | null {
  if (!noSales) return null;
  // The engine's reason ends in a tail the sentence says otherwise ("…: no LRP sales").
  const why = noSales.reason.split(": ")[0] ?? noSales.reason;
  return `No ${group} sales on ${formatDate(noSales.date)}: ${why}.`;
}
