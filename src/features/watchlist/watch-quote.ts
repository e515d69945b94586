import Decimal from "decimal.js";
import { cropYearOf as cropYearOfSalesDate } from "../../../shared/book/crop-year";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import type { MarketSnapshot } from "../../../shared/market";
import type { LgmQuoteInput, LrpQuoteInput } from "../../../shared/pricing";

// A saved setup priced again against a snapshot: the quote input for the worker (the sales date is the
// snapshot's date) and the figures the watchlist shows, with the change against the previous snapshot.

export type WatchQuoteInput = { plan: "lrp"; input: LrpQuoteInput } | { plan: "lgm"; input: LgmQuoteInput };

/** The crop year of the snapshot's published rows for the setup, else the calendar year of its date. */
function cropYearOf(setup: WatchSetup, snapshot: MarketSnapshot): number {
  const row =
    setup.plan === "lrp"
      ? snapshot.lrpRates.find(
          (r) =>
            r.commodityCode === setup.commodity &&
            r.typeCode === setup.type &&
            r.salesEffectiveDate === snapshot.asOf,
        )
      : undefined;
  return row?.cropYear ?? cropYearOfSalesDate(snapshot.asOf);
}

export function watchQuoteInput(setup: WatchSetup, snapshot: MarketSnapshot): WatchQuoteInput {
  const common = {
    commodity: setup.commodity,
    type: setup.type,
    salesDate: snapshot.asOf,
    cropYear: cropYearOf(setup, snapshot),
  };
  if (setup.plan === "lrp")
    return {
      plan: "lrp",
      input: {
        ...common,
        endorsementLengthWeeks: setup.endorsementLengthWeeks,
        coverageLevel: setup.coverageLevel,
        head: setup.head,
        targetWeightCwt: setup.targetWeightCwt,
      },
    };
  return {
    plan: "lgm",
    input: {
      ...common,
      targetMarketings: [...setup.targetMarketings],
      deductible: setup.deductible,
      ...(setup.weights ? { weights: { ...setup.weights } } : {}),
    },
  };
}

/** The figures of one priced setup (dollars as the engine rounded them). */
export interface WatchFigures {
  producerPremium: number;
  totalPremium: number;
  subsidy: number;
  /** LRP: coverage price per cwt; LGM: gross margin guarantee (dollars). */
  protection: number;
  /** LRP: producer premium per head; LGM: none. */
  perHead: number | null;
  indicative: boolean;
  /** LRP: the offered coverage level priced when the setup's level is not offered (nearest at or below). */
  offeredLevel?: { requested: number; offered: number };
}

export function figuresOfLrp(q: {
  producerPremium: number;
  totalPremium: number;
  subsidy: number;
  coveragePricePerCwt: number;
  producerPremiumPerHead: number;
  indicative: boolean;
  levelChoice?: { requested: number; offered: number };
}): WatchFigures {
  return {
    producerPremium: q.producerPremium,
    totalPremium: q.totalPremium,
    subsidy: q.subsidy,
    protection: q.coveragePricePerCwt,
    perHead: q.producerPremiumPerHead,
    indicative: q.indicative,
    ...(q.levelChoice
      ? { offeredLevel: { requested: q.levelChoice.requested, offered: q.levelChoice.offered } }
      : {}),
  };
}

export function figuresOfLgm(q: {
  producerPremium: number;
  totalPremium: number;
  subsidy: number;
  grossMarginGuarantee: number;
}): WatchFigures {
  return {
    producerPremium: q.producerPremium,
    totalPremium: q.totalPremium,
    subsidy: q.subsidy,
    protection: q.grossMarginGuarantee,
    perHead: null,
    indicative: false,
  };
}

/** Producer premium now minus at the previous snapshot, exact; null without a previous figure. */
export function premiumChange(current: WatchFigures, previous: WatchFigures | null): string | null {
  if (!previous) return null;
  return new Decimal(current.producerPremium).minus(previous.producerPremium).toFixed(2);
}

/** "$1,234.00" for a dollar amount given as a number or an exact decimal string. */
export function dollars(value: number | string): string {
  const d = new Decimal(value);
  const [whole, cents] = d.abs().toFixed(2).split(".");
  const grouped = (whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${d.isNegative() && !d.isZero() ? "−" : ""}$${grouped}.${cents}`;
}

/** "+$12.00", "−$3.50" or "no change". */
export function signedDollars(value: string): string {
  const d = new Decimal(value);
  if (d.isZero()) return "no change";
  return `${d.isPositive() ? "+" : ""}${dollars(value)}`;
}
