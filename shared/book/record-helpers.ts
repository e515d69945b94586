import Decimal from "decimal.js";
import type { z } from "zod";
import type { FarmerClassification } from "../catalogue/plans";
import type { Policy } from "../documents/book";
import { DomainError } from "../errors";
import { isInSalesWindow, salesWindow } from "../pricing/sales-window";

// Small steps the book's record builders share (lrp-coverage.ts, lgm-endorsement.ts).

/**
 * A figure the engine returned as a JSON number, as the exact decimal text of that number ("5524",
 * "0.031", "237.61"): the number's shortest form, never exponent notation, never a float's noise.
 */
export const exactDecimal = (value: number | string): string => new Decimal(value).toFixed();

/** Refuses a policy of another plan, or one that is not active or pending. */
export function requireOpenPolicy(policy: Policy, plan: "lrp" | "lgm"): void {
  const name = plan.toUpperCase();
  if (policy.plan !== plan)
    throw new DomainError(
      "invalid-input",
      `policyId: policy ${policy.policyNumber || policy.id} is an ${policy.plan.toUpperCase()} policy; an ${name} endorsement needs an ${name} policy`,
      ["policyId"],
    );
  if (policy.status !== "active" && policy.status !== "pending")
    throw new DomainError(
      "invalid-input",
      `policyId: policy ${policy.policyNumber || policy.id} is ${policy.status}; endorsements are bought on an active or pending policy`,
      ["policyId"],
    );
}

/** What `requirePricedOnItsDay` needs of an endorsement being built (LRP or LGM). */
interface PricingDay {
  id: string;
  salesDate: string;
  snapshot: { asOf: string };
  now: Date;
  /** An endorsement bought on an earlier day (entered from its day's snapshot or the SCE): no window check. */
  pastSale?: boolean;
  editing?: { id: string; status: string; salesDate: string };
}

/**
 * Refuses to price an endorsement outside its sales day: an edit of another record, of one no longer
 * quoted, or to another sales date; a snapshot of another day; a sales window that has closed (unless
 * the sale is of an earlier day). `what` names what the window sold ("prices could be used", "offers
 * could be bought") in the closed-window sentence.
 */
export function requirePricedOnItsDay(input: PricingDay, what: string): void {
  const { editing, salesDate, snapshot } = input;
  if (editing) {
    if (editing.id !== input.id)
      throw new DomainError("invalid-input", `id: ${input.id} is not the record being edited`, ["id"]);
    if (editing.status !== "quoted")
      throw new DomainError(
        "invalid-input",
        `status: only a quoted endorsement can be priced again; this one is ${editing.status}`,
        ["status"],
      );
    if (editing.salesDate !== salesDate)
      throw new DomainError(
        "invalid-input",
        `salesDate: an endorsement keeps its sales date (${editing.salesDate}); create a new one for ${salesDate}`,
        ["salesDate"],
      );
  }
  if (snapshot.asOf !== salesDate)
    throw new DomainError(
      "stale-market-data",
      `The market snapshot is of ${snapshot.asOf}, not of the sales date ${salesDate}: an endorsement is priced only with its sales date's rates`,
    );
  if (!input.pastSale && !isInSalesWindow(salesDate, input.now))
    throw new DomainError(
      "stale-market-data",
      `The sales window of ${salesDate} is closed: its ${what} until ${formatCutoff(salesWindow(salesDate, input.now).cutoff)}`,
      ["salesDate"],
    );
}

/**
 * The year of farming (1 = the first) of a beginning farmer/rancher in `cropYear`, from the first year
 * of farming on the profile; undefined for other classifications. The engine's subsidy schedule says
 * which years still count as beginning (shared/pricing/subsidy/farmer.ts).
 */
export function beginningFarmerYearOf(
  profile: { farmerClassification: FarmerClassification; farmingSinceYear?: number },
  cropYear: number,
): number | undefined {
  if (profile.farmerClassification !== "Beginning Farmer/Rancher") return undefined;
  if (profile.farmingSinceYear === undefined)
    throw new DomainError(
      "invalid-input",
      "farmingSinceYear: the customer is a beginning farmer/rancher: give the first year of farming on the profile",
      ["farmingSinceYear"],
    );
  const year = cropYear - profile.farmingSinceYear + 1;
  if (year < 1)
    throw new DomainError(
      "invalid-input",
      `farmingSinceYear: the first year of farming (${profile.farmingSinceYear}) is after crop year ${cropYear}`,
      ["farmingSinceYear"],
    );
  return year;
}

/** Parses a built record with its schema; a record that does not fit is a bug, reported with its path. */
export function toRecord<S extends z.ZodType>(schema: S, record: unknown): z.infer<S> {
  const parsed = schema.safeParse(record);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  throw new DomainError("invalid-input", `${path.join(".") || "record"}: ${issue?.message}`, path);
}

const cutoffFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
/** A sales cutoff as a producer reads it: "Sat, Nov 21, 8:25 AM Central". */
export const formatCutoff = (at: Date): string => `${cutoffFormat.format(at)} Central`;
