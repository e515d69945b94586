import type { z } from "zod";
import { maxHeadCount } from "../catalogue/head-limits";
import { lgmDeductibleSteps } from "../catalogue/lgm-deductibles";
import { getLgmType } from "../catalogue/lgm-types";
import { getLrpType } from "../catalogue/lrp-types";
import {
  type Coverage,
  type LgmEndorsement,
  type LrpCoverage,
  lgmEndorsementSchema,
  lrpCoverageSchema,
} from "../documents/book";
import { DomainError, type ReasonCode } from "../errors";
import { addDays, isIsoDate } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import { marginTerms } from "../pricing/lgm/formula";
import { lrpTypeTerms } from "../pricing/lrp/type-years";
import { money } from "../pricing/money";
import { lgmNoSales, lrpNoSales } from "../pricing/sales-day";
import { centralDateOf, isInSalesWindow } from "../pricing/sales-window";
import { cropYearOf } from "./crop-year";
import { forwardPurchaseAnswerFor } from "./forward-purchase";
import { checkLrpHeadLimits } from "./head-limits";
import {
  checkLgmMarketings,
  type LgmEndorsementFromQuoteInput,
  lgmEndorsementFromQuote,
  lgmInsurancePeriod,
} from "./lgm-endorsement";
import { type LrpCoverageFromOfferInput, lrpCoverageFromOffer } from "./lrp-coverage";
import { beginningFarmerYearOf, exactDecimal, requireOpenPolicy, toRecord } from "./record-helpers";
import {
  checkLgmSceFigures,
  checkLrpSceFigures,
  type SceLgmFigures,
  type SceLrpFigures,
  sceLgmFiguresSchema,
  sceLrpFiguresSchema,
} from "./sce-figures";

// An endorsement bought on an earlier day (docs/agent-book.md "Bought on an earlier day"): the create forms' past sales date and the
// book import (HI1) both call `backdatedCoverage`. The premium comes from the sales date's stored
// snapshot when the market history holds it (the same builders as today's sales, without the sales
// window); otherwise from the figures typed off the SCE, checked against each other by
// sce-figures.ts, and the record says so (`figuresFrom: "sce"`, label "entered from the SCE"). Every
// other rule is the same as for a sale made today: an open policy of the plan, a day with sales for
// the commodity, head and weight ranges, per-endorsement and per-crop-year head limits, marketings.
// The endorsement was bought, so the record is "accepted" — or "ended" once its end date is past, so
// it can be claimed like any other.

/** The label an SCE-entered record carries where a snapshot's label would be. */
export const SCE_LABEL = "entered from the SCE";

export type BackdatedLrpInput = Omit<
  LrpCoverageFromOfferInput,
  "snapshot" | "offer" | "editing" | "pastSale"
> & {
  plan: "lrp";
  endorsementLengthWeeks: number;
  coverageLevel: number;
};

export type BackdatedLgmInput = Omit<LgmEndorsementFromQuoteInput, "snapshot" | "editing" | "pastSale"> & {
  plan: "lgm";
};

export type BackdatedInput = BackdatedLrpInput | BackdatedLgmInput;
export type SceFigures = SceLrpFigures | SceLgmFigures;

export type BackdatedResult =
  | { ok: true; record: Coverage; figuresFrom: "snapshot" | "sce" }
  | { ok: false; code: ReasonCode; field: string; message: string };

/** The status of an endorsement bought in the past: ended once its end date is before today. */
export const backdatedStatus = (endDate: string, now: Date): "accepted" | "ended" =>
  endDate < centralDateOf(now) ? "ended" : "accepted";

/**
 * Why an endorsement of `plan` and commodity cannot be sold on `salesDate` ("weekend", "exchange
 * holiday (Thanksgiving)", "USDA Cattle on Feed report day"; shared/pricing/sales-day.ts), or null: the quote screens' Order buttons and the create forms say it before anything is typed.
 */
export function noSalesReason(plan: "lrp" | "lgm", commodityCode: string, salesDate: string): string | null {
  if (!isIsoDate(salesDate)) return null;
  const none = plan === "lrp" ? lrpNoSales(salesDate, commodityCode) : lgmNoSales(salesDate);
  // The engine's reason without its tail ("weekend: RMA publishes no offers" → "weekend").
  return none ? (none.reason.split(": ")[0] ?? none.reason) : null;
}

/**
 * Why nothing can be bought now, for the create forms' note beside the button: the current offers'
 * day (`asOf`) is a day without sales, or its window has closed and today is one (a Saturday after
 * 8:25 am Central, when the latest offers are Friday's). Null while something can be bought, and on a
 * plain closed window (the next offers come the same afternoon: the form's window notice says so).
 */
export function noSalesNow(
  plan: "lrp" | "lgm",
  commodityCode: string,
  asOf: string,
  now: Date,
): { date: string; reason: string } | null {
  const ofDay = noSalesReason(plan, commodityCode, asOf);
  if (ofDay) return { date: asOf, reason: ofDay };
  if (isInSalesWindow(asOf, now)) return null;
  const today = centralDateOf(now);
  const ofToday = today > asOf ? noSalesReason(plan, commodityCode, today) : null;
  return ofToday ? { date: today, reason: ofToday } : null;
}

/**
 * The record of an endorsement bought on `input.salesDate` (today or earlier), priced from
 * `snapshotOfDay` when it is that day's and holds RMA's figures, else from `sce`. Never throws on bad
 * input: a refusal names the field (dotted: "head", "sce.subsidy") and says what is wrong.
 */
export function backdatedCoverage(
  input: BackdatedInput,
  snapshotOfDay: MarketSnapshot | null,
  sce: SceFigures | null,
): BackdatedResult {
  try {
    const built = build(input, snapshotOfDay, sce);
    return { ok: true, record: built.record, figuresFrom: built.from };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { ok: false, code: e.code, field: e.path.join("."), message: e.message };
  }
}

function build(
  input: BackdatedInput,
  snapshotOfDay: MarketSnapshot | null,
  sce: SceFigures | null,
): { record: Coverage; from: "snapshot" | "sce" } {
  const { salesDate } = input;
  if (typeof salesDate !== "string" || !isIsoDate(salesDate))
    throw new DomainError("invalid-input", "salesDate: enter the sales date as year, month and day", [
      "salesDate",
    ]);
  const today = centralDateOf(input.now);
  if (salesDate > today)
    throw new DomainError(
      "invalid-input",
      `salesDate: ${salesDate} is after today (${today}); an endorsement is recorded on or after its sales date`,
      ["salesDate"],
    );
  requireOpenPolicy(input.policy, input.plan);
  const commodity =
    input.plan === "lrp"
      ? getLrpType(input.commodity, input.type).commodityCode
      : getLgmType(input.commodity, input.type).commodityCode;
  const none = noSalesReason(input.plan, commodity, salesDate);
  if (none)
    throw new DomainError(
      "invalid-input",
      `salesDate: no ${input.plan.toUpperCase()} sales on ${salesDate} (${none}); choose the sales date printed on the SCE`,
      ["salesDate"],
    );
  const ofDay = snapshotOfDay && snapshotOfDay.asOf === salesDate ? snapshotOfDay : null;
  if (ofDay) {
    try {
      return { record: accepted(fromSnapshot(input, ofDay), input.now), from: "snapshot" };
    } catch (e) {
      // The day is held but without RMA's row (modelled rate): the SCE's figures may stand in.
      if (!(e instanceof DomainError && e.code === "stale-market-data" && sce)) throw e;
    }
  }
  if (!sce)
    throw new DomainError(
      "stale-market-data",
      `sce: the market history holds no RMA figures of ${salesDate}: type the coverage price, rate or premium and subsidy printed on the SCE`,
      ["sce"],
    );
  const record = input.plan === "lrp" ? lrpFromSce(input, sce) : lgmFromSce(input, sce);
  return { record, from: "sce" };
}

function fromSnapshot(input: BackdatedInput, snapshot: MarketSnapshot): Coverage {
  if (input.plan === "lrp") {
    const { plan: _plan, endorsementLengthWeeks, coverageLevel, ...rest } = input;
    return lrpCoverageFromOffer({
      ...rest,
      snapshot,
      offer: { endorsementLengthWeeks, coverageLevel },
      pastSale: true,
    });
  }
  const { plan: _plan, ...rest } = input;
  return lgmEndorsementFromQuote({ ...rest, snapshot, pastSale: true });
}

function accepted<C extends Coverage>(record: C, now: Date): C {
  const status = backdatedStatus(record.endDate, now);
  return record.plan === "lrp"
    ? (toRecord(lrpCoverageSchema, { ...record, status }) as C)
    : (toRecord(lgmEndorsementSchema, { ...record, status }) as C);
}

/** Parses typed figures with their schema, naming the first bad one. */
function parseFigures<S extends z.ZodType>(schema: S, sce: unknown): z.infer<S> {
  const parsed = schema.safeParse(sce);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = typeof issue?.path[0] === "string" ? issue.path[0] : "";
  throw new DomainError("invalid-input", `sce${key ? `.${key}` : ""}: ${issue?.message}`, [
    "sce",
    ...(key ? [key] : []),
  ]);
}

function lrpFromSce(input: BackdatedLrpInput, sce: SceFigures): LrpCoverage {
  const figures = parseFigures(sceLrpFiguresSchema, sce);
  const type = getLrpType(input.commodity, input.type);
  const cropYear = cropYearOf(input.salesDate);
  const terms = lrpTypeTerms(type, cropYear);
  const weeks = input.endorsementLengthWeeks;
  if (!terms.lengthsWeeks.includes(weeks))
    throw new DomainError(
      "invalid-input",
      `endorsementLengthWeeks: ${type.label} is sold in ${terms.lengthsWeeks.join(", ")} weeks in crop year ${cropYear}, not ${weeks}`,
      ["endorsementLengthWeeks"],
    );
  if (!Number.isSafeInteger(input.head) || input.head < 1)
    throw new DomainError("invalid-input", "head: expected a whole number of head, 1 or more", ["head"]);
  const perEndorsement = maxHeadCount(type.commodityCode);
  if (input.head > perEndorsement.max) throw new DomainError("head-limit", perEndorsement.message, ["head"]);
  const weight = Number.isFinite(input.targetWeightCwt) ? money(input.targetWeightCwt) : null;
  if (!weight || weight.lt(terms.targetWeightCwt.min) || weight.gt(terms.targetWeightCwt.max))
    throw new DomainError(
      "invalid-input",
      `targetWeightCwt: must be from ${terms.targetWeightCwt.min} to ${terms.targetWeightCwt.max} cwt for ${type.label}`,
      ["targetWeightCwt"],
    );
  const share = input.share ?? 1;
  if (!(Number.isFinite(share) && share > 0 && share <= 1))
    throw new DomainError("invalid-input", "share: a share is more than 0 and at most 1", ["share"]);
  if (!(Number.isFinite(input.coverageLevel) && input.coverageLevel > 0 && input.coverageLevel <= 1))
    throw new DomainError("invalid-input", "coverageLevel: a coverage level is more than 0 and at most 1", [
      "coverageLevel",
    ]);
  const limit = checkLrpHeadLimits(
    { id: input.id, commodity: type.commodityCode, cropYear, head: input.head },
    input.existingCoverages,
  );
  if (limit) throw new DomainError("head-limit", limit.message, ["head"]);
  const endDate = sceEndDate(figures.endDate, input.salesDate, weeks);
  const year = beginningFarmerYearOf(input.profile, cropYear);
  const checked = checkLrpSceFigures(figures, {
    head: input.head,
    targetWeightCwt: input.targetWeightCwt,
    share,
    coverageLevel: input.coverageLevel,
    cropYear,
    defaultPaf: money(type.priceAdjustmentFactor ?? 1),
    farmerClassification: input.profile.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
  });
  const forward = forwardPurchaseAnswerFor(cropYear, type.commodityCode, endDate, input.forwardPurchase);
  return toRecord(lrpCoverageSchema, {
    id: input.id,
    policyId: input.policy.id,
    plan: "lrp",
    cropYear,
    salesDate: input.salesDate,
    status: backdatedStatus(endDate, input.now),
    snapshotAsOf: input.salesDate,
    snapshotLabel: SCE_LABEL,
    figuresFrom: "sce",
    commodity: type.commodityCode,
    type: type.code,
    endorsementLengthWeeks: weeks,
    endDate,
    expectedEndingValue: checked.expectedEndingValue.toFixed(),
    coverageLevel: exactDecimal(input.coverageLevel),
    coveragePrice: checked.coveragePrice.toFixed(),
    rate: checked.rate.toFixed(),
    indicative: false,
    head: input.head,
    targetWeightCwt: exactDecimal(input.targetWeightCwt),
    share: exactDecimal(share),
    priceAdjustmentFactor: checked.priceAdjustmentFactor.toFixed(),
    insuredValue: checked.insuredValue.toFixed(),
    totalPremium: checked.totalPremium.toFixed(),
    subsidy: checked.subsidy.toFixed(),
    producerPremium: checked.producerPremium.toFixed(),
    ...forward,
    createdAt: input.now.toISOString(),
    updatedAt: input.now.toISOString(),
    updatedBy: input.userId,
  });
}

/** The SCE's end date as typed, or the sales date + the endorsement's weeks (the engine's default). */
function sceEndDate(typed: string | undefined, salesDate: string, weeks: number): string {
  if (typed === undefined || typed.trim() === "") return addDays(salesDate, weeks * 7);
  const date = typed.trim();
  if (!isIsoDate(date))
    throw new DomainError("invalid-input", "sce.endDate: enter the end date as year, month and day", [
      "sce",
      "endDate",
    ]);
  // RMA's end dates fall on the sales date + the weeks, give or take the days around a weekend.
  const nominal = addDays(salesDate, weeks * 7);
  if (date < addDays(nominal, -7) || date > addDays(nominal, 7))
    throw new DomainError(
      "invalid-input",
      `sce.endDate: ${date} is not the end of a ${weeks}-week endorsement sold on ${salesDate} (about ${nominal})`,
      ["sce", "endDate"],
    );
  return date;
}

function lgmFromSce(input: BackdatedLgmInput, sce: SceFigures): LgmEndorsement {
  const figures = parseFigures(sceLgmFiguresSchema, sce);
  const type = getLgmType(input.commodity, input.type);
  const cropYear = cropYearOf(input.salesDate);
  checkLgmMarketings(type.commodityCode, type.code, input.targetMarketings, cropYear);
  const steps = lgmDeductibleSteps(type.commodityCode);
  if (!Number.isFinite(input.deductible) || !steps.some((d) => money(d).eq(input.deductible)))
    throw new DomainError(
      "invalid-input",
      `deductible: ${type.label} deductibles are ${steps[0]} to ${steps[steps.length - 1]} in steps of ${steps[1]}`,
      ["deductible"],
    );
  const period = lgmInsurancePeriod(type.commodityCode, input.salesDate);
  const year = beginningFarmerYearOf(input.profile, cropYear);
  const checked = checkLgmSceFigures(figures, {
    commodity: type.commodityCode,
    deductible: input.deductible,
    targetMarketings: input.targetMarketings,
    cropYear,
    farmerClassification: input.profile.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
  });
  const weights = input.weights && Object.keys(input.weights).length > 0 ? { ...input.weights } : undefined;
  // Elected weights within the catalogue's ranges, as the quote checks them (the one definition).
  if (weights) marginTerms(type.commodityCode, type.code, weights);
  return toRecord(lgmEndorsementSchema, {
    id: input.id,
    policyId: input.policy.id,
    plan: "lgm",
    cropYear,
    salesDate: input.salesDate,
    status: backdatedStatus(period.endDate, input.now),
    snapshotAsOf: input.salesDate,
    snapshotLabel: SCE_LABEL,
    figuresFrom: "sce",
    commodity: type.commodityCode,
    type: type.code,
    targetMarketings: [...input.targetMarketings],
    firstMonth: period.firstMonth,
    endDate: period.endDate,
    ...(weights ? { weights } : {}),
    deductible: money(input.deductible).toFixed(),
    expectedGrossMargin: checked.expectedGrossMargin.toFixed(),
    grossMarginGuarantee: checked.grossMarginGuarantee.toFixed(),
    totalPremium: checked.totalPremium.toFixed(),
    subsidy: checked.subsidy.toFixed(),
    producerPremium: checked.producerPremium.toFixed(),
    ...(input.stateCode !== undefined ? { stateCode: input.stateCode } : {}),
    createdAt: input.now.toISOString(),
    updatedAt: input.now.toISOString(),
    updatedBy: input.userId,
  });
}
