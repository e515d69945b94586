import { getLrpType } from "../catalogue/lrp-types";
import { type Coverage, coverageSchema } from "../documents/book";
import type { DocumentIssue } from "../documents/shapes";
import { DomainError } from "../errors";
import { money } from "../pricing/money";
import { beginningFarmerYearOf } from "./record-helpers";
import { checkLgmSceFigures, checkLrpSceFigures } from "./sce-figures";

// A stored endorsement "entered from the SCE" (`figuresFrom: "sce"`, docs/agent-book.md "Bought on an
// earlier day") checked again where a client cannot be trusted: the sync server's write guard and the book
// import's writes (docs/book-import.md "SCE figures on the server"). The rule is sce-figures.ts's, the one
// the create forms and the import apply when they build the record — coverage price, rate or premium and
// subsidy agree to the dollar — run on the record's own figures with its customer's farmer classification;
// and the insured value the record carries must be the one those figures give.

/** The profile fields the subsidy depends on (a customer document's `profile`). */
interface SubsidyProfile {
  farmerClassification?: unknown;
  farmingSinceYear?: unknown;
}

/** Whether a value written at an entry of `coverages` is (or claims to be) entered from the SCE. */
export const isSceRecord = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { figuresFrom?: unknown }).figuresFrom === "sce";

const farmerOf = (profile: SubsidyProfile | undefined) => {
  const classification = profile?.farmerClassification;
  return {
    farmerClassification: (typeof classification === "string" ? classification : "Neither") as never,
    ...(typeof profile?.farmingSinceYear === "number" ? { farmingSinceYear: profile.farmingSinceYear } : {}),
  };
};

function check(record: Coverage, profile: SubsidyProfile | undefined): void {
  const farmer = farmerOf(profile);
  const year = beginningFarmerYearOf(farmer, record.cropYear);
  const classification = {
    farmerClassification: farmer.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
  };
  if (record.plan === "lgm") {
    checkLgmSceFigures(record, {
      commodity: record.commodity,
      deductible: record.deductible,
      targetMarketings: record.targetMarketings,
      cropYear: record.cropYear,
      ...classification,
    });
    return;
  }
  const checked = checkLrpSceFigures(record, {
    head: record.head,
    targetWeightCwt: record.targetWeightCwt,
    share: record.share,
    coverageLevel: record.coverageLevel,
    cropYear: record.cropYear,
    defaultPaf: money(getLrpType(record.commodity, record.type).priceAdjustmentFactor ?? 1),
    ...classification,
  });
  if (!checked.insuredValue.eq(money(record.insuredValue)))
    throw new DomainError(
      "invalid-input",
      `sce.insuredValue: $${record.insuredValue} is not the insured value of the SCE's figures ($${checked.insuredValue.toFixed(2)})`,
      ["sce", "insuredValue"],
    );
}

/**
 * Why a record written at `coverages/{key}` disagrees with itself under the SCE rule, as issues at the
 * field (`["coverages", key, "subsidy"]`, "entered from the SCE: $420 does not agree…"); none for a record
 * not entered from the SCE, or one that does not parse (its schema's issues say why).
 */
export function sceRecordIssues(key: string, value: unknown, profile: unknown): DocumentIssue[] {
  if (!isSceRecord(value)) return [];
  const parsed = coverageSchema.safeParse(value);
  if (!parsed.success) return [];
  try {
    check(parsed.data, (profile ?? undefined) as SubsidyProfile | undefined);
    return [];
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const field = String(e.path[e.path.length - 1] ?? "subsidy");
    const sentence = e.message.replace(/^[\w.]+: /, "");
    return [{ path: ["coverages", key, field], message: `entered from the SCE: ${sentence}` }];
  }
}

/**
 * The issues of every record entered from the SCE among `coverages` (a section's touched entries); the
 * profile is read only when there is one.
 */
export function sceIssues(coverages: unknown, profile: () => unknown): DocumentIssue[] {
  if (typeof coverages !== "object" || coverages === null) return [];
  const entries = Object.entries(coverages).filter(([, value]) => isSceRecord(value));
  if (entries.length === 0) return [];
  const read = profile();
  return entries.flatMap(([key, value]) => sceRecordIssues(key, value, read));
}
