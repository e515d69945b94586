import { cropYearOf } from "../book/crop-year";
import type { FarmerClassification } from "../catalogue";
import { getLgmType, getLrpType } from "../catalogue";
import type { CampaignQuote } from "../documents/campaign";
import type { MarketSnapshot } from "../market/snapshot";
import { type LgmQuote, type LrpCoverageRow, quoteLgm, quoteLrp } from "../pricing";
import type { NoSales } from "../pricing/sales-day";

// A campaign's quote priced on one snapshot with the shared engine: the figures the e-mail, the SMS,
// the screen's preview and the server's send all show. The sales date is the snapshot's as-of date.
// LRP: the offers of the campaign's endorsement lengths, each length's top coverage level (TOP) or
// every level (ALL). LGM: the quote at the campaign's deductible.

export type PricedQuote =
  | {
      plan: "lrp";
      title: string;
      asOf: string;
      head: number;
      targetWeightCwt: number;
      rows: LrpCoverageRow[];
      /** Present when the sales date has no LRP sales (the engine's quote.noSales): said in every message. */
      noSales?: NoSales;
    }
  | { plan: "lgm"; title: string; asOf: string; deductible: number; quote: LgmQuote; noSales?: NoSales };

export function titleOf(quote: CampaignQuote): string {
  return quote.plan === "lrp"
    ? `LRP ${getLrpType(quote.commodity, quote.type).label}`
    : `LGM ${getLgmType(quote.commodity, quote.type).label}`;
}

export function priceCampaignQuote(
  quote: CampaignQuote,
  snapshot: MarketSnapshot,
  farmerClassification: FarmerClassification = "Neither",
  options: { lgmSimulationDraws?: number } = {},
): PricedQuote {
  const salesDate = snapshot.asOf;
  const cropYear = cropYearOf(salesDate);
  const title = titleOf(quote);
  if (quote.plan === "lgm") {
    const priced = quoteLgm(
      {
        commodity: quote.commodity,
        type: quote.type,
        salesDate,
        targetMarketings: quote.targetMarketings,
        deductible: quote.deductible,
        farmerClassification,
        cropYear,
      },
      snapshot,
      { simulationDraws: options.lgmSimulationDraws },
    );
    return {
      plan: "lgm",
      title,
      asOf: salesDate,
      deductible: quote.deductible,
      quote: priced,
      ...(priced.noSales ? { noSales: priced.noSales } : {}),
    };
  }
  const published = snapshot.lrpRates.filter(
    (r) =>
      r.commodityCode === quote.commodity &&
      r.typeCode === quote.type &&
      r.salesEffectiveDate === salesDate &&
      quote.endorsementLengthsWeeks.includes(r.endorsementLengthWeeks),
  );
  if (published.length === 0)
    throw new Error(
      `no LRP offers of ${title} on ${salesDate} for ${quote.endorsementLengthsWeeks.join(", ")}-week endorsements`,
    );
  const lrp = quoteLrp(
    {
      commodity: quote.commodity,
      type: quote.type,
      endorsementLengthWeeks: published[0].endorsementLengthWeeks,
      coverageLevel: published[0].coverageLevel,
      head: quote.head,
      targetWeightCwt: quote.targetWeightCwt,
      farmerClassification,
      cropYear,
      salesDate,
    },
    snapshot,
    { all: true },
  );
  const table = lrp.offers ?? [];
  const wanted = table.filter((r) => quote.endorsementLengthsWeeks.includes(r.endorsementLengthWeeks));
  const rows =
    quote.levelSelection === "ALL"
      ? wanted
      : quote.endorsementLengthsWeeks.flatMap((weeks) => {
          const forLength = wanted.filter((r) => r.endorsementLengthWeeks === weeks);
          const top = forLength.reduce<LrpCoverageRow | undefined>(
            (best, r) => (best === undefined || r.coverageLevel > best.coverageLevel ? r : best),
            undefined,
          );
          return top ? [top] : [];
        });
  rows.sort(
    (a, b) => a.endorsementLengthWeeks - b.endorsementLengthWeeks || b.coverageLevel - a.coverageLevel,
  );
  return {
    plan: "lrp",
    title,
    asOf: salesDate,
    head: quote.head,
    targetWeightCwt: quote.targetWeightCwt,
    rows,
    ...(lrp.noSales ? { noSales: lrp.noSales } : {}),
  };
}
