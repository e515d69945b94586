import Decimal from "decimal.js";
import { type Coverage, coverageSchema, type Policy, type StoredProfile } from "../../documents/book";
import { addDays, isoDateToUtc } from "../../market/dates";
import { cropYearOf } from "../crop-year";
import { checkLrpHeadLimits } from "../head-limits";
import { backdatedCoverage } from "../sce-backdated";
import { type FigureMarkets, figuresRefusal, NO_MARKET } from "../sce-record";
import type { ImportFieldId } from "./fields";
import { type Held, hasLgmFields, stageLgmCoverage } from "./plan-lgm";
import type { Staged } from "./plan-parties";
import { changed, type Stamper, stamped } from "./records";
import type { RowReader } from "./row-reader";
import {
  readCommodity,
  readCoverageStatus,
  readDate,
  readDecimal,
  readFraction,
  readInteger,
  readType,
  readWeightCwt,
} from "./values";
import { matchCoverage, type WorkingCustomer } from "./working";

// The row's endorsement (docs/book-import.md): an LRP endorsement bought on its sales date, built by the one
// function the create form uses for a past sale (shared/book/sce-backdated.ts backdatedCoverage) from
// the figures the file carries, as typed off the SCE and checked against each other to the dollar.
// The head limits (per endorsement, per crop year over every endorsement of the customer, those this
// import plans included) are checkLrpHeadLimits'. An LGM row goes to plan-lgm.ts. An endorsement the book has (same policy, type,
// sales date and end date) is updated or left alone, never made twice.

export function readCoverage(row: RowReader) {
  const commodity = row.read("commodity", readCommodity);
  return {
    commodity,
    type: row.has("type") ? row.read("type", (t) => readType(t, commodity)) : undefined,
    salesDate: row.read("salesDate", readDate),
    endDate: row.read("endDate", readDate),
    weeks: row.read("endorsementLengthWeeks", readInteger),
    head: row.read("head", readInteger),
    targetWeightCwt: row.read("targetWeightCwt", readWeightCwt),
    coverageLevel: row.read("coverageLevel", readFraction),
    share: row.read("share", readFraction),
    status: row.read("coverageStatus", readCoverageStatus),
    sce: {
      coveragePrice: row.text("coveragePrice"),
      rate: row.text("rate"),
      totalPremium: row.text("totalPremium"),
      subsidy: row.text("subsidy"),
      producerPremium: row.text("producerPremium"),
      expectedEndingValue: row.text("expectedEndingValue"),
      priceAdjustmentFactor: row.text("priceAdjustmentFactor"),
    },
  };
}
export type CoverageFields = ReturnType<typeof readCoverage>;

/** Whether the row describes an endorsement at all. */
export const hasCoverage = (row: RowReader): boolean =>
  (["commodity", "type", "salesDate", "head", "coveragePrice"] as const).some((f) => row.has(f)) ||
  hasLgmFields(row);

/** Where backdatedCoverage's dotted fields are in the file. */
const COVERAGE_FIELDS: Record<string, ImportFieldId> = {
  salesDate: "salesDate",
  head: "head",
  targetWeightCwt: "targetWeightCwt",
  share: "share",
  coverageLevel: "coverageLevel",
  endorsementLengthWeeks: "endorsementLengthWeeks",
  commodity: "commodity",
  type: "type",
  policyId: "policyNumber",
  farmingSinceYear: "farmingSinceYear",
  "sce.coveragePrice": "coveragePrice",
  "sce.rate": "rate",
  "sce.totalPremium": "totalPremium",
  "sce.subsidy": "subsidy",
  "sce.producerPremium": "producerPremium",
  "sce.expectedEndingValue": "expectedEndingValue",
  "sce.priceAdjustmentFactor": "priceAdjustmentFactor",
  "sce.endDate": "endDate",
  sce: "coveragePrice",
  status: "coverageStatus",
};

const grouped = (n: number) => n.toLocaleString("en-US");

/** What an LRP endorsement needs from the file, in the order the SCE prints it (HOLD1: missing → held). */
const LRP_NEEDED: ImportFieldId[] = [
  "commodity",
  "type",
  "salesDate",
  "endorsementLengthWeeks",
  "coverageLevel",
  "head",
  "targetWeightCwt",
  "coveragePrice",
  "subsidy",
];

export function stageCoverage(
  row: RowReader,
  fields: CoverageFields,
  context: {
    customer: WorkingCustomer;
    profile: StoredProfile;
    policy: Policy;
    plan: "lrp" | "lgm";
    stamp: Stamper;
    now: Date;
    newId: () => string;
    /** The id of the book's endorsement with this key (working.ts coverageKey), if any. */
    coverageIdOf: (key: string) => string | undefined;
    /** SCE1's market (ImportContext.market). */
    market?: FigureMarkets;
  },
): Staged<Coverage> | Held | undefined {
  const { customer, policy, stamp } = context;
  if (context.plan === "lgm") return stageLgmCoverage(row, fields, context);
  const { commodity, type, salesDate, head, targetWeightCwt } = fields;
  // The sales day's snapshot, when held, prices the endorsement: the SCE's figures are then not needed.
  const day = salesDate ? ((context.market ?? NO_MARKET)(salesDate).day ?? null) : null;
  const weeks =
    fields.weeks ??
    (fields.endDate && salesDate
      ? Math.round((isoDateToUtc(fields.endDate) - isoDateToUtc(salesDate)) / (7 * 86_400_000))
      : undefined);
  let level = fields.coverageLevel;
  const { expectedEndingValue, coveragePrice } = fields.sce;
  if (level === undefined && coveragePrice && expectedEndingValue) {
    const price = readDecimal(coveragePrice);
    const eev = readDecimal(expectedEndingValue);
    if (price.ok && eev.ok && Number(eev.value) > 0)
      level = new Decimal(price.value).div(eev.value).toDecimalPlaces(4).toNumber();
  }
  const given: Partial<Record<ImportFieldId, boolean>> = {
    commodity: commodity !== undefined || row.has("commodity"),
    type: type !== undefined || row.has("type"),
    salesDate: salesDate !== undefined || row.has("salesDate"),
    endorsementLengthWeeks: weeks !== undefined || row.has("endorsementLengthWeeks") || row.has("endDate"),
    coverageLevel: level !== undefined || row.has("coverageLevel"),
    head: head !== undefined || row.has("head"),
    targetWeightCwt: targetWeightCwt !== undefined || row.has("targetWeightCwt"),
    coveragePrice: day !== null || !!coveragePrice,
    subsidy: day !== null || !!fields.sce.subsidy,
  };
  if (row.problems.length > 0) return undefined;
  // HOLD1: what the file does not give is asked for later (the endorsement is held), never refused.
  const missing = LRP_NEEDED.filter((field) => !given[field]);
  if (missing.length > 0) return { held: missing };
  if (!commodity || !type || !salesDate || head === undefined || !targetWeightCwt) return undefined;
  if (weeks === undefined || level === undefined) return undefined;
  const endDate = fields.endDate ?? addDays(salesDate, weeks * 7);
  const identity = { policyId: policy.id, commodity, type, salesDate, endDate };
  const { matched, id } = matchCoverage(context, identity);
  const cropYear = cropYearOf(salesDate);
  const limit = checkLrpHeadLimits({ id, commodity, cropYear, head }, Object.values(customer.coverages));
  if (limit) {
    row.refuse(
      "head",
      limit.limit === "endorsement"
        ? `${grouped(head)} is over the ${grouped(limit.max)} per endorsement limit (${limit.message})`
        : limit.message,
    );
    return undefined;
  }
  const sce = Object.fromEntries(
    Object.entries({ ...fields.sce, ...(fields.endDate ? { endDate } : {}) }).filter(
      ([, v]) => v !== undefined && v !== "",
    ),
  );
  const built = backdatedCoverage(
    {
      plan: "lrp",
      salesDate,
      commodity,
      type,
      endorsementLengthWeeks: weeks,
      coverageLevel: level,
      head,
      targetWeightCwt: Number(targetWeightCwt),
      ...(fields.share !== undefined ? { share: fields.share } : {}),
      profile: context.profile,
      policy,
      existingCoverages: Object.values(customer.coverages),
      id,
      now: context.now,
      userId: stamp.userId,
    },
    // Priced from the day's snapshot when the file has no SCE figures and the day is held.
    coveragePrice || fields.sce.subsidy ? null : day,
    coveragePrice || fields.sce.subsidy ? (sce as { coveragePrice: string; subsidy: string }) : null,
  );
  if (!built.ok) {
    const field = COVERAGE_FIELDS[built.field] ?? null;
    row.refuse(field, built.message.replace(/^[\w.]+: /, ""));
    return undefined;
  }
  // SCE1: the figures judged as every path judges them — the day's offer where the day is held, else
  // within RMA's bounds for the type near that day (shared/book/sce-record.ts, the one rule).
  const judged = figuresRefusal(built.record, context.profile, (context.market ?? NO_MARKET)(salesDate));
  if (judged) {
    row.refuse(
      COVERAGE_FIELDS[judged.field] ?? COVERAGE_FIELDS[`sce.${judged.field}`] ?? null,
      judged.message,
    );
    return undefined;
  }
  const next = { ...built.record, ...(fields.status ? { status: fields.status } : {}) };
  if (matched && !changed(matched, next)) return { record: matched, action: "unchanged" };
  // backdatedCoverage's record passed its schema; only a status taken from the file needs a second look.
  if (!fields.status)
    return {
      record: stamped(next, stamp, matched?.createdAt) as Coverage,
      action: matched ? "update" : "create",
    };
  const parsed = coverageSchema.safeParse(stamped(next, stamp, matched?.createdAt));
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      row.refuse(COVERAGE_FIELDS[String(issue.path[0])] ?? null, issue.message);
    return undefined;
  }
  return { record: parsed.data, action: matched ? "update" : "create" };
}
