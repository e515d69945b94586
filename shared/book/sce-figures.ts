import { z } from "zod";
import type { LgmCommodityCode } from "../catalogue/livestock";
import type { FarmerClassification } from "../catalogue/plans";
import { DomainError } from "../errors";
import { lrpInsuredUnits, lrpInsuredValue, lrpSubsidyShare } from "../pricing/lrp/premium";
import { type Money, money, roundCents, roundDollars, roundTo } from "../pricing/money";
import { farmerSubsidyAddition } from "../pricing/subsidy/farmer";
import { lgmSubsidyPercent } from "../pricing/subsidy/lgm-subsidy";
import { lrpSubsidyPercent } from "../pricing/subsidy/lrp-subsidy";

// The figures an agent types from a Specific Coverage Endorsement (SCE) when the market history does
// not hold the sales date's snapshot (docs/agent-book.md "Bought on an earlier day"), and the one check that they agree with each other:
// the engine's own premium steps (shared/pricing/lrp/premium.ts, the LGM subsidy ladder) recomputed
// from the typed coverage price, rate and the customer's subsidy, compared to the dollar.
//
// "To the dollar": a typed total premium, subsidy or producer premium may differ from the figure the
// engine derives from the other typed figures by at most $1. RMA rounds premium and subsidy to whole
// dollars, half up, and the SCE prints the rate with a limited number of digits, so a premium
// recomputed from a printed rate can land one dollar off the printed premium; more than that is a typo.

/** The most a typed figure may differ from the engine's, in dollars. */
export const SCE_DOLLAR_TOLERANCE = money(1);

/** Text as typed: at most 40 characters (the longest sensible amount with its "$" and commas). */
const typed = z.string().max(40, "is longer than any amount on an SCE");

/** The LRP SCE's figures, as typed. A rate or a total premium is required (both: they must agree). */
export const sceLrpFiguresSchema = z.strictObject({
  /** Coverage price per cwt. */
  coveragePrice: typed,
  /** RMA's livestock rate (e.g. 0.0312). */
  rate: typed.optional(),
  /** Total premium in dollars. */
  totalPremium: typed.optional(),
  /** Subsidy in dollars. */
  subsidy: typed,
  producerPremium: typed.optional(),
  /** Expected ending value per cwt; when given, coverage price = it × coverage level, to the cent. */
  expectedEndingValue: typed.optional(),
  /** The price adjustment factor printed on the SCE; default the type's. */
  priceAdjustmentFactor: typed.optional(),
  /** The SCE's end date (YYYY-MM-DD); default the sales date + the endorsement's weeks. */
  endDate: typed.optional(),
});
export type SceLrpFigures = z.infer<typeof sceLrpFiguresSchema>;

/** The LGM SCE's figures, as typed. */
export const sceLgmFiguresSchema = z.strictObject({
  expectedGrossMargin: typed,
  /** When given, it must be the expected gross margin − deductible × target marketings. */
  grossMarginGuarantee: typed.optional(),
  totalPremium: typed,
  subsidy: typed,
  producerPremium: typed.optional(),
});
export type SceLgmFigures = z.infer<typeof sceLgmFiguresSchema>;

/** A refusal of typed figures: where (a dotted path under "sce.") and a sentence. */
const refuse = (field: string, message: string): DomainError =>
  new DomainError("invalid-input", `sce.${field}: ${message}`, ["sce", field]);

const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.\d{1,8})?$/;
/** The largest figure an SCE can carry (a premium on 70,000 head is far below it). */
const MAX_AMOUNT = money("1000000000");

/**
 * A typed amount as a Decimal: digits with an optional "$", thousands commas and up to 8 decimals.
 * Refuses anything else (exponents, signs, NaN, words) naming the field: never a float, never guessed.
 */
export function parseSceAmount(
  text: string | undefined,
  field: string,
  { negative = false }: { negative?: boolean } = {},
): Money {
  if (text === undefined || text.trim() === "") throw refuse(field, "enter the figure printed on the SCE");
  let body = text.trim();
  const minus = body.startsWith("-");
  if (minus) {
    if (!negative)
      throw refuse(field, `${JSON.stringify(text.slice(0, 40))} is negative; the SCE prints it 0 or more`);
    body = body.slice(1).trim();
  }
  if (body.startsWith("$")) body = body.slice(1).trim();
  if (!AMOUNT.test(body))
    throw refuse(
      field,
      `${JSON.stringify(text.slice(0, 40))} is not an amount; type it as on the SCE, e.g. 1,234.56`,
    );
  const value = money(body.replaceAll(",", ""));
  if (value.gt(MAX_AMOUNT)) throw refuse(field, `${text.trim()} is larger than any SCE figure`);
  return minus ? value.negated() : value;
}

const dollars = (m: Money) => `$${m.toFixed(m.isInteger() ? 0 : 2)}`;

/** Refuses a typed figure more than a dollar away from the engine's (the message shows both). */
function agree(field: string, typedValue: Money, expected: Money, how: string): void {
  if (typedValue.minus(expected).abs().gt(SCE_DOLLAR_TOLERANCE))
    throw refuse(
      field,
      `${dollars(typedValue)} does not agree with the other figures: ${how} gives ${dollars(expected)}`,
    );
}

/**
 * The typed subsidy against the engine's (`expected`: the total premium × the plan's subsidy share,
 * rounded as RMA rounds), and the producer premium (total − subsidy) against the typed one when given:
 * both plans' last step.
 */
function checkSubsidy(
  figures: { subsidy: string; producerPremium?: string | undefined },
  totalPremium: Money,
  subsidyPercent: Money,
  expected: Money,
): { subsidy: Money; producerPremium: Money } {
  const subsidy = parseSceAmount(figures.subsidy, "subsidy");
  agree(
    "subsidy",
    subsidy,
    expected,
    `total premium ${dollars(totalPremium)} × ${subsidyPercent.toFixed()} % subsidy`,
  );
  const producerPremium = totalPremium.minus(subsidy);
  if (figures.producerPremium !== undefined && figures.producerPremium.trim() !== "")
    agree(
      "producerPremium",
      parseSceAmount(figures.producerPremium, "producerPremium"),
      producerPremium,
      `total premium ${dollars(totalPremium)} − subsidy ${dollars(subsidy)}`,
    );
  return { subsidy, producerPremium };
}

export interface CheckedLrpFigures {
  coveragePrice: Money;
  expectedEndingValue: Money;
  priceAdjustmentFactor: Money;
  rate: Money;
  insuredValue: Money;
  totalPremium: Money;
  subsidy: Money;
  producerPremium: Money;
  subsidyPercent: Money;
}

export interface LrpSceTerms {
  head: number;
  targetWeightCwt: number | string;
  /** Fraction, more than 0 and at most 1. */
  share: number | string;
  coverageLevel: number | string;
  cropYear: number;
  /** The type's PAF when the SCE prints none. */
  defaultPaf: Money;
  farmerClassification: FarmerClassification;
  beginningFarmerYear?: number;
}

const RATE_MAX = money(1);

/**
 * Checks an LRP SCE's typed figures against each other with the engine's premium steps and returns
 * them as Decimals (the figures kept are the typed ones; the rate is derived from the total premium
 * when only the premium was typed). Throws DomainError("invalid-input", path ["sce", field]).
 */
export function checkLrpSceFigures(figures: SceLrpFigures, terms: LrpSceTerms): CheckedLrpFigures {
  const level = money(terms.coverageLevel);
  const band = lrpSubsidyPercent(level, terms.cropYear);
  if (band === null)
    throw new DomainError(
      "invalid-input",
      `coverageLevel: ${level.toFixed()} is outside the levels LRP subsidises (0.70 to 1.00)`,
      ["coverageLevel"],
    );
  const coveragePrice = parseSceAmount(figures.coveragePrice, "coveragePrice");
  if (coveragePrice.isZero()) throw refuse("coveragePrice", "a coverage price is more than 0");
  const expectedEndingValue =
    figures.expectedEndingValue === undefined || figures.expectedEndingValue.trim() === ""
      ? roundCents(coveragePrice.div(level))
      : parseSceAmount(figures.expectedEndingValue, "expectedEndingValue");
  const priced = roundCents(expectedEndingValue.times(level));
  if (priced.minus(coveragePrice).abs().gt(money("0.01")))
    throw refuse(
      "coveragePrice",
      `$${coveragePrice.toFixed(2)} per cwt is not the expected ending value $${expectedEndingValue.toFixed(2)} × coverage level ${level.toFixed()} ($${priced.toFixed(2)})`,
    );
  const paf =
    figures.priceAdjustmentFactor === undefined || figures.priceAdjustmentFactor.trim() === ""
      ? terms.defaultPaf
      : parseSceAmount(figures.priceAdjustmentFactor, "priceAdjustmentFactor");
  if (paf.isZero() || paf.gt(2))
    throw refuse("priceAdjustmentFactor", "a price adjustment factor is more than 0 and at most 2");
  const units = lrpInsuredUnits(terms.head, terms.targetWeightCwt, terms.share);
  const insuredValue = lrpInsuredValue(units, coveragePrice, paf);
  const hasRate = figures.rate !== undefined && figures.rate.trim() !== "";
  const hasTotal = figures.totalPremium !== undefined && figures.totalPremium.trim() !== "";
  if (!hasRate && !hasTotal) throw refuse("rate", "enter the SCE's rate or its total premium");
  const typedRate = hasRate ? parseSceAmount(figures.rate, "rate") : null;
  if (typedRate && (typedRate.isZero() || typedRate.gte(RATE_MAX)))
    throw refuse(
      "rate",
      `${typedRate.toFixed()} is not a livestock rate (more than 0, less than 1, e.g. 0.0312)`,
    );
  const typedTotal = hasTotal ? parseSceAmount(figures.totalPremium, "totalPremium") : null;
  const fromRate = typedRate ? roundDollars(insuredValue.times(typedRate)) : null;
  if (typedTotal && fromRate)
    agree(
      "totalPremium",
      typedTotal,
      fromRate,
      `insured value $${insuredValue.toFixed(2)} × rate ${typedRate?.toFixed()}`,
    );
  const totalPremium = typedTotal ?? (fromRate as Money);
  if (totalPremium.isZero()) throw refuse("totalPremium", "a total premium is more than $0");
  const rate = typedRate ?? roundTo(totalPremium.div(insuredValue), 6);
  const subsidyPercent = band.plus(
    farmerSubsidyAddition(terms.farmerClassification, terms.cropYear, terms.beginningFarmerYear),
  );
  const { subsidy, producerPremium } = checkSubsidy(
    figures,
    totalPremium,
    subsidyPercent,
    roundDollars(totalPremium.times(lrpSubsidyShare(subsidyPercent))),
  );
  return {
    coveragePrice,
    expectedEndingValue,
    priceAdjustmentFactor: paf,
    rate,
    insuredValue,
    totalPremium,
    subsidy,
    producerPremium,
    subsidyPercent,
  };
}

export interface CheckedLgmFigures {
  expectedGrossMargin: Money;
  grossMarginGuarantee: Money;
  totalPremium: Money;
  subsidy: Money;
  producerPremium: Money;
  subsidyPercent: Money;
}

export interface LgmSceTerms {
  commodity: LgmCommodityCode;
  deductible: number | string;
  targetMarketings: readonly number[];
  cropYear: number;
  farmerClassification: FarmerClassification;
  beginningFarmerYear?: number;
}

/**
 * Checks an LGM SCE's typed figures against each other: the guarantee is the expected gross margin −
 * deductible × target marketings (to the dollar); the subsidy is the total premium × the ladder's
 * percent for the deductible (none when the marketings fall in one month) plus the farmer addition.
 */
export function checkLgmSceFigures(figures: SceLgmFigures, terms: LgmSceTerms): CheckedLgmFigures {
  const expectedGrossMargin = parseSceAmount(figures.expectedGrossMargin, "expectedGrossMargin");
  const head = terms.targetMarketings.reduce((a, b) => a + b, 0);
  const guarantee = expectedGrossMargin.minus(money(terms.deductible).times(head));
  const typedGuarantee =
    figures.grossMarginGuarantee === undefined || figures.grossMarginGuarantee.trim() === ""
      ? null
      : parseSceAmount(figures.grossMarginGuarantee, "grossMarginGuarantee", { negative: true });
  if (typedGuarantee)
    agree(
      "grossMarginGuarantee",
      typedGuarantee,
      guarantee,
      `expected gross margin ${dollars(expectedGrossMargin)} − deductible ${terms.deductible} × ${head} target marketings`,
    );
  const totalPremium = parseSceAmount(figures.totalPremium, "totalPremium");
  const months = terms.targetMarketings.filter((h) => h > 0).length;
  const subsidyPercent =
    months <= 1
      ? money(0)
      : lgmSubsidyPercent(terms.commodity, terms.deductible).plus(
          farmerSubsidyAddition(terms.farmerClassification, terms.cropYear, terms.beginningFarmerYear),
        );
  const { subsidy, producerPremium } = checkSubsidy(
    figures,
    totalPremium,
    subsidyPercent,
    roundDollars(totalPremium.times(subsidyPercent).div(100)),
  );
  return {
    expectedGrossMargin,
    grossMarginGuarantee: typedGuarantee ?? guarantee,
    totalPremium,
    subsidy,
    producerPremium,
    subsidyPercent,
  };
}
