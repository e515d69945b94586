import { cropYearOf } from "../../../shared/book/crop-year";
import { checkLrpHeadLimits } from "../../../shared/book/head-limits";
import { lrpQuoteInputFor } from "../../../shared/book/lrp-coverage";
import type { Coverage, CustomerProfile, Policy } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { LrpQuoteInput } from "../../../shared/pricing/lrp/input";
import { LRP_ENDORSEMENT_LENGTHS } from "../../../shared/pricing/lrp/markets";
import { LRP_DEFAULTS, type LrpField, parseRowKey } from "../../components/quote/lrp-form";
import { parseTypedNumber } from "../../lib/format";

// The LRP coverage create form as it lives in the URL: the quote screen's fields (so its "Order"
// button hands its inputs over as they are) plus the customer and the policy. The subsidy comes from
// the customer's profile, not from a field. Pure: text → the engine's input and the builder's input.

/** `sold`: the sales date of an endorsement bought on an earlier day (empty: today's offers; docs/agent-book.md "Bought on an earlier day"). */
export const CREATE_DEFAULTS = { ...LRP_DEFAULTS, customer: "", policy: "", sold: "" };
export type CreateForm = typeof CREATE_DEFAULTS;

/** Policies an endorsement of `plan` can be bought on: the customer's policies of the plan, active or pending. */
export const openPolicies = (policies: Readonly<Record<string, Policy>>, plan: Policy["plan"]): Policy[] =>
  Object.values(policies)
    .filter((p) => p.plan === plan && (p.status === "active" || p.status === "pending"))
    .sort((a, b) => b.cropYear - a.cropYear || (a.policyNumber ?? "").localeCompare(b.policyNumber ?? ""));

/** The policy the form stands on: the one named in the URL, else the only one there is. */
export function chosenPolicy(policies: readonly Policy[], requested: string): Policy | undefined {
  return policies.find((p) => p.id === requested) ?? (policies.length === 1 ? policies[0] : undefined);
}

export interface Herd {
  head: number;
  targetWeightCwt: number;
  /** Fraction, 0–1. */
  share: number;
}

export type BuiltCreate =
  | { ok: true; herd: Herd; input: LrpQuoteInput }
  | { ok: false; errors: Partial<Record<LrpField | "customer", string>> };

/**
 * The engine input for the offer table of `salesDate`, or the errors of the form by field: numbers
 * that are not numbers, and the head limits (the spec's per-endorsement message; RMA's crop-year limit
 * across the customer's other LRP endorsements) before anything is priced or saved.
 */
export function buildCreateInput(
  form: CreateForm,
  salesDate: string,
  profile: Pick<CustomerProfile, "farmerClassification" | "farmingSinceYear"> | undefined,
  coverages: Iterable<Coverage>,
): BuiltCreate {
  const errors: Partial<Record<LrpField | "customer", string>> = {};
  const head = parseTypedNumber(form.head);
  const weight = parseTypedNumber(form.weight);
  const share = parseTypedNumber(form.share);
  if (head === null) errors.head = "Enter the number of head, e.g. 100";
  if (weight === null) errors.weight = "Enter the target weight per head in cwt, e.g. 7.5";
  if (share === null) errors.share = "Enter the share in percent, e.g. 100";
  if (head !== null) {
    try {
      const limit = checkLrpHeadLimits(
        { commodity: form.commodity, cropYear: cropYearOf(salesDate), head },
        coverages,
      );
      if (limit) errors.head = limit.message;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      errors.commodity = e.message;
    }
  }
  if (head === null || weight === null || share === null || Object.keys(errors).length > 0)
    return { ok: false, errors };
  const chosen = parseRowKey(form.row);
  try {
    const input = lrpQuoteInputFor({
      salesDate,
      commodity: form.commodity,
      type: form.type,
      offer: {
        endorsementLengthWeeks: chosen?.weeks ?? LRP_ENDORSEMENT_LENGTHS[0],
        coverageLevel: chosen?.level ?? 1,
      },
      head,
      targetWeightCwt: weight,
      share: share / 100,
      profile: profile ?? { farmerClassification: "Neither" },
    });
    return { ok: true, herd: { head, targetWeightCwt: weight, share: share / 100 }, input };
  } catch (e) {
    if (e instanceof DomainError) return { ok: false, errors: { customer: e.message } };
    throw e;
  }
}
