import Decimal from "decimal.js";
import { cropYearOf } from "../../shared/book/crop-year";
import { type WatchSetup, type WatchTarget, watchSetupSchema } from "../../shared/documents/watchlist";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { quoteLgm } from "../../shared/pricing/lgm/quote";
import { quoteLrp } from "../../shared/pricing/lrp/quote";
import type { NoSales } from "../../shared/pricing/sales-day";

// Price alerts (docs/alerts.md): a watch item with a target is priced with the shared engine against a
// newly published snapshot; the item is met when its figure reaches the target (the rule is stated
// on the target's schema, shared/documents/watchlist.ts). Pure: no clock, no I/O.

export interface AlertHit {
  itemId: string;
  name: string;
  plan: "lrp" | "lgm";
  commodity: string;
  type: string;
  target: WatchTarget;
  /** The figure that met the target, exact decimal text (dollars). */
  actual: string;
  asOf: string;
  /** Present when the snapshot's day has no sales for the item (the engine's noSales). */
  noSales?: NoSales;
}

export interface AlertMiss {
  itemId: string;
  /** Why the item could not be priced on this snapshot (no offer, …). */
  reason: string;
}

/** The figure a target compares, from the shared engine's quote, with the quote's noSales. */
function figureOf(setup: WatchSetup, snapshot: MarketSnapshot): { figure: Decimal; noSales?: NoSales } {
  const common = {
    commodity: setup.commodity,
    type: setup.type,
    salesDate: snapshot.asOf,
    cropYear:
      snapshot.lrpRates.find(
        (r) =>
          r.commodityCode === setup.commodity &&
          r.typeCode === setup.type &&
          r.salesEffectiveDate === snapshot.asOf,
      )?.cropYear ?? cropYearOf(snapshot.asOf),
  };
  if (setup.plan === "lrp") {
    const q = quoteLrp(
      {
        ...common,
        endorsementLengthWeeks: setup.endorsementLengthWeeks,
        coverageLevel: setup.coverageLevel,
        head: setup.head,
        targetWeightCwt: setup.targetWeightCwt,
      },
      snapshot,
    );
    const noSales = q.noSales ? { noSales: q.noSales } : {};
    if (setup.target?.kind === "premiumPerHead")
      return { figure: new Decimal(q.producerPremiumPerHead), ...noSales };
    // Net floor per cwt: coverage price − producer premium per cwt (premium per head ÷ cwt per head).
    return {
      figure: new Decimal(q.coveragePricePerCwt).minus(
        new Decimal(q.producerPremiumPerHead).div(setup.targetWeightCwt),
      ),
      ...noSales,
    };
  }
  const q = quoteLgm(
    {
      ...common,
      targetMarketings: [...setup.targetMarketings],
      deductible: setup.deductible,
      ...(setup.weights ? { weights: { ...setup.weights } } : {}),
    },
    snapshot,
    // The guarantee is the expected gross margin less the deductible: the simulation (premium only)
    // does not change it, so two draws price it (evaluate.test.ts checks it equals the full quote's).
    { simulationDraws: 2 },
  );
  return { figure: new Decimal(q.grossMarginGuarantee), ...(q.noSales ? { noSales: q.noSales } : {}) };
}

export function targetMet(target: WatchTarget, actual: Decimal): boolean {
  const want = new Decimal(target.value);
  return target.kind === "premiumPerHead" ? actual.lte(want) : actual.gte(want);
}

/** Every item of one user's watchlist with a target, evaluated against the snapshot. */
export function evaluateWatchlist(
  items: Record<string, unknown>,
  snapshot: MarketSnapshot,
): { hits: AlertHit[]; misses: AlertMiss[] } {
  const hits: AlertHit[] = [];
  const misses: AlertMiss[] = [];
  for (const [itemId, raw] of Object.entries(items)) {
    const parsed = watchSetupSchema.safeParse(raw);
    if (!parsed.success) {
      misses.push({ itemId, reason: `not a watch item: ${parsed.error.issues[0]?.message ?? "invalid"}` });
      continue;
    }
    const setup = parsed.data;
    if (!setup.target) continue;
    let actual: Decimal;
    let noSales: NoSales | undefined;
    try {
      ({ figure: actual, noSales } = figureOf(setup, snapshot));
    } catch (error) {
      misses.push({ itemId, reason: (error as Error).message });
      continue;
    }
    const rounded = actual.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (targetMet(setup.target, rounded))
      hits.push({
        itemId,
        name: setup.name,
        plan: setup.plan,
        commodity: setup.commodity,
        type: setup.type,
        target: setup.target,
        actual: rounded.toFixed(2),
        asOf: snapshot.asOf,
        ...(noSales ? { noSales } : {}),
      });
  }
  return { hits, misses };
}

/** The notification's words (push title/body, e-mail subject/text). */
export function alertText(hit: AlertHit): { title: string; body: string } {
  const what =
    hit.target.kind === "netFloorPerCwt"
      ? `net floor $${hit.actual}/cwt (target $${hit.target.value} or more)`
      : hit.target.kind === "premiumPerHead"
        ? `producer premium $${hit.actual}/head (target $${hit.target.value} or less)`
        : `guarantee $${hit.actual} (target $${hit.target.value} or more)`;
  const none = hit.noSales
    ? ` No sales on ${hit.noSales.date} (${hit.noSales.reason}): these prices cannot be bought.`
    : "";
  return { title: `Price alert: ${hit.name}`, body: `${hit.asOf} prices: ${what}.${none}` };
}
