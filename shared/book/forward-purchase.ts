import { DomainError } from "../errors";
import { addDays, isIsoDate } from "../market/dates";

// The CY2027 question of an LRP Specific Coverage Endorsement on forward-purchased cattle
// (DOMAIN.md "CY2026–27 endorsement rules"): forward-contracted cattle can be covered if received at
// least 90 days before the end date, and from CY2027 the SCE asks, before it is booked, whether any of
// the insured cattle are forward-purchased and, if so, their delivery date. Kept as data by crop year.

export const FORWARD_PURCHASE_QUESTION = {
  fromCropYear: 2027,
  /** Feeder cattle and fed cattle: the question is about cattle. */
  commodities: ["0801", "0802"] as readonly string[],
  /** Forward-purchased cattle must be received at least this many days before the end date. */
  minDaysBeforeEndDate: 90,
  text: "Are any of the insured cattle forward-purchased (bought for delivery later)?",
  source: "RMA CY2027 LRP changes: SCE question on the delivery date of forward-purchased cattle (DOMAIN.md)",
} as const;

/** The answer stored on the coverage record (optional in the record: asked only from CY2027). */
export interface ForwardPurchaseAnswer {
  forwardPurchasedCattle: boolean;
  /** The delivery date of the forward-purchased cattle, when the answer is yes. */
  forwardPurchaseDeliveryDate?: string;
}

/** Whether an LRP endorsement of this crop year and commodity asks the question. */
export const asksForwardPurchase = (cropYear: number, commodity: string): boolean =>
  cropYear >= FORWARD_PURCHASE_QUESTION.fromCropYear &&
  FORWARD_PURCHASE_QUESTION.commodities.includes(commodity);

/** The latest delivery date forward-purchased cattle may have for an endorsement ending on `endDate`. */
export const latestForwardDelivery = (endDate: string): string =>
  addDays(endDate, -FORWARD_PURCHASE_QUESTION.minDaysBeforeEndDate);

/**
 * Whether a coverage still lacks the answer it needs before it is booked (the create form blocks on it
 * and the coverage page says so; a quoted record may be made first).
 */
export const forwardPurchaseUnanswered = (coverage: {
  cropYear: number;
  commodity: string;
  forwardPurchasedCattle?: boolean;
}): boolean =>
  asksForwardPurchase(coverage.cropYear, coverage.commodity) && coverage.forwardPurchasedCattle === undefined;

/**
 * The answer to store for a new endorsement: undefined where the question is not asked or not yet
 * answered (forwardPurchaseUnanswered). Throws DomainError "invalid-input" (path
 * ["forwardPurchaseDeliveryDate"]) when a yes has no delivery date or the cattle arrive later than 90
 * days before the end date.
 */
export function forwardPurchaseAnswerFor(
  cropYear: number,
  commodity: string,
  endDate: string,
  answer: Partial<ForwardPurchaseAnswer> | undefined,
): ForwardPurchaseAnswer | undefined {
  if (!asksForwardPurchase(cropYear, commodity)) return undefined;
  if (answer?.forwardPurchasedCattle === undefined) return undefined;
  if (!answer.forwardPurchasedCattle) return { forwardPurchasedCattle: false };
  const date = answer.forwardPurchaseDeliveryDate;
  if (date === undefined || !isIsoDate(date))
    throw new DomainError(
      "invalid-input",
      "forwardPurchaseDeliveryDate: give the delivery date of the forward-purchased cattle",
      ["forwardPurchaseDeliveryDate"],
    );
  const latest = latestForwardDelivery(endDate);
  if (date > latest)
    throw new DomainError(
      "invalid-input",
      `forwardPurchaseDeliveryDate: forward-purchased cattle must be received at least ${FORWARD_PURCHASE_QUESTION.minDaysBeforeEndDate} days before the end date ${endDate}, by ${latest}`,
      ["forwardPurchaseDeliveryDate"],
    );
  return { forwardPurchasedCattle: true, forwardPurchaseDeliveryDate: date };
}
