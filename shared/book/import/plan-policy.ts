import { LGM_TYPES } from "../../catalogue/lgm-types";
import { type Policy, policySchema } from "../../documents/book";
import { cropYearOf, reinsuranceYear } from "../crop-year";
import { policyNumberProblem } from "../policy-number";
import type { ImportFieldId } from "./fields";
import type { Staged } from "./plan-parties";
import { changed, checked, type Stamper, stamped } from "./records";
import type { RowReader } from "./row-reader";
import { readCounty, readCropYear, readPlan, readPolicyStatus, readProvider, readState } from "./values";
import type { WorkingCustomer } from "./working";

// The row's policy (docs/book-import.md): found by its provider and number, else the entity's policy of the
// plan and provider without a number, else a new one — checked with policySchema and the policy
// number rule (an active policy carries its number).

export function readPolicy(row: RowReader, customerState: string | undefined) {
  const state = row.read("policyState", readState) ?? customerState;
  return {
    policyNumber: row.text("policyNumber"),
    providerId: row.read("provider", readProvider),
    plan: row.read("plan", readPlan),
    state,
    county: row.has("county") ? row.read("county", (t) => readCounty(t, state)) : undefined,
    status: row.read("policyStatus", readPolicyStatus),
    /** The file's crop year (2027, CY2027): a new policy's, else its endorsement's sales date's. */
    cropYear: row.read("cropYear", readCropYear),
  };
}
export type PolicyFields = ReturnType<typeof readPolicy>;

const POLICY_FIELDS: Record<string, ImportFieldId> = {
  plan: "plan",
  providerId: "provider",
  policyNumber: "policyNumber",
  status: "policyStatus",
  state: "policyState",
  county: "county",
};
const policyField = (path: readonly PropertyKey[]): ImportFieldId | null =>
  POLICY_FIELDS[String(path[0])] ?? null;

export function stagePolicy(
  row: RowReader,
  fields: PolicyFields,
  context: {
    customer: WorkingCustomer;
    entityId: string;
    found: string | undefined;
    plan: "lrp" | "lgm";
    /** The crop year of the row's endorsement, else today's. */
    salesDate: string;
    stamp: Stamper;
    newId: () => string;
  },
): Staged<Policy> | undefined {
  const { customer, entityId, plan, stamp } = context;
  const cropYear = fields.cropYear ?? cropYearOf(context.salesDate);
  const existing =
    (context.found ? customer.policies[context.found] : undefined) ??
    (fields.policyNumber
      ? undefined
      : Object.values(customer.policies)
          .filter(
            (p) =>
              p.entityId === entityId &&
              p.plan === plan &&
              (fields.providerId === undefined || p.providerId === fields.providerId) &&
              p.status !== "cancelled",
          )
          .sort((a, b) => Math.abs(a.cropYear - cropYear) - Math.abs(b.cropYear - cropYear))[0]);
  if (existing && existing.entityId !== entityId) {
    row.refuse(
      "policyNumber",
      `policy ${existing.policyNumber} belongs to another entity of ${customer.profile?.name ?? "this customer"}`,
    );
    return undefined;
  }
  if (!existing) {
    if (!fields.providerId) {
      row.refuse("provider", "give the policy's insurance provider");
      return undefined;
    }
    if (!fields.state) {
      row.refuse("policyState", "give the state of the policy (or the customer's address)");
      return undefined;
    }
    if (fields.county === undefined) {
      if (!row.has("county"))
        row.refuse("county", "give the county of the policy (a 5-digit code or its name)");
      return undefined;
    }
  }
  const status = fields.status ?? existing?.status ?? "active";
  const policyNumber = fields.policyNumber ?? existing?.policyNumber;
  const numberProblem = policyNumberProblem(status, policyNumber);
  if (numberProblem) {
    row.refuse("policyNumber", numberProblem);
    return undefined;
  }
  const next = {
    ...(existing ?? {
      id: context.newId(),
      plan,
      entityId,
      cropYear,
      // RMA's livestock crop year is the reinsurance year (crop-year.ts).
      reinsuranceYear: fields.cropYear ?? reinsuranceYear(context.salesDate),
    }),
    ...(fields.providerId ? { providerId: fields.providerId } : {}),
    ...(policyNumber ? { policyNumber } : {}),
    ...(fields.state && (fields.county || !existing) ? { state: fields.state } : {}),
    ...(fields.county ? { county: fields.county } : {}),
    status,
  };
  if (existing && !changed(existing, next)) return { record: existing, action: "unchanged" };
  const record = checked(row, policySchema, stamped(next, stamp, existing?.createdAt), policyField);
  return record ? { record, action: existing ? "update" : "create" } : undefined;
}

/**
 * The row's plan: its Plan column; else its commodity when only LGM insures it (0803 cattle, 0847 dairy);
 * for swine (0815, both plans) an LGM type (804 Farrow to Finish, 805 Finishing, 806 SEW Pig — LRP's
 * swine types are 821 and 997) or an LGM figure on the row (a deductible, month columns, a marketing
 * month), as an AIP's LGM export has them without a Plan column; else LRP.
 */
export function planOf(
  plan: "lrp" | "lgm" | undefined,
  row: { commodity: string | undefined; type: string | undefined; lgmFields: boolean },
): "lrp" | "lgm" {
  if (plan) return plan;
  if (row.commodity === "0803" || row.commodity === "0847") return "lgm";
  if (row.commodity !== "0815") return "lrp";
  const lgmType = LGM_TYPES.some((t) => t.commodityCode === "0815" && t.code === row.type);
  return lgmType || row.lgmFields ? "lgm" : "lrp";
}
