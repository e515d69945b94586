import { getLrpType } from "../catalogue/lrp-types";
import { type Coverage, coverageSchema } from "../documents/book";
import type { DocumentIssue } from "../documents/shapes";
import { DomainError } from "../errors";
import type { MarketSnapshot } from "../market/snapshot";
import { money } from "../pricing/money";
import { beginningFarmerYearOf } from "./record-helpers";
import { lgmSceBoundsError, lrpSceBoundsError, UNBOUNDED } from "./sce-bounds";
import { checkLgmSceFigures, checkLrpSceFigures } from "./sce-figures";
import { againstDayOffer, NO_OFFER, type PricingProfile } from "./sce-priced";

// Rule SCE1 (docs/book-import.md "SCE figures on the server"): every write of a coverage's priced figures,
// on every path where a client cannot be trusted — the sync server's write guard, the book import's
// planner and its writes — is judged by this one rule, whatever the record says of itself:
//   - where the sales day's snapshot is held, the figures are that day's offer, to the cent
//     (sce-priced.ts); removing or changing `figuresFrom` changes nothing;
//   - where it is not (or the day holds no RMA figures for the row), the record must say it is typed
//     from the SCE (`figuresFrom: "sce"`), its figures must agree with each other (sce-figures.ts:
//     coverage price = expected ending value × level, a subsidised level, premium = insured value × rate
//     and the subsidy RMA's tables give, to the dollar, with the customer's farmer classification; the
//     insured value the record carries is the one they give) and fall inside RMA's bounds for the type
//     near that day (sce-bounds.ts: LRP's coverage price and rate, LGM's expected gross margin and premium).
// A refusal names the field and the bound.

/** The profile fields the subsidy depends on (a customer document's `profile`). */
interface SubsidyProfile {
  farmerClassification?: unknown;
  farmingSinceYear?: unknown;
}

/** What the rule knows of the market for a sales date: that day's snapshot if held, and the held one nearest it. */
export interface FigureMarket {
  day: MarketSnapshot | null;
  reference: MarketSnapshot | null;
}
/** The market for a sales date (synchronous: a caller that reads storage loads the days first). */
export type FigureMarkets = (salesDate: string) => FigureMarket;
/** No market held: every record is judged as typed from the SCE. */
export const NO_MARKET: FigureMarkets = () => ({ day: null, reference: null });

/** The fields a coverage's price is made of, or made from: a write that changes one is judged. */
const PRICED = [
  "plan",
  "figuresFrom",
  "salesDate",
  "commodity",
  "type",
  "endorsementLengthWeeks",
  "endDate",
  "expectedEndingValue",
  "coverageLevel",
  "coveragePrice",
  "rate",
  "head",
  "targetWeightCwt",
  "share",
  "priceAdjustmentFactor",
  "insuredValue",
  "targetMarketings",
  "deductible",
  "weights",
  "stateCode",
  "expectedGrossMargin",
  "grossMarginGuarantee",
  "totalPremium",
  "subsidy",
  "producerPremium",
] as const;

/** The coverage fields whose change is judged by SCE1 (the guard sends a field edit of one to the full check). */
export const isPricedField = (field: string): boolean => (PRICED as readonly string[]).includes(field);

const field = (value: unknown, key: string): string =>
  typeof value === "object" && value !== null ? JSON.stringify((value as Record<string, unknown>)[key]) : "";

/** Whether `after` (a value written at an entry of `coverages`) changes a priced field of `before`. */
export const pricedChanged = (before: unknown, after: unknown): boolean =>
  before === undefined || PRICED.some((key) => field(before, key) !== field(after, key));

const farmerOf = (profile: SubsidyProfile | undefined) => {
  const classification = profile?.farmerClassification;
  return {
    farmerClassification: (typeof classification === "string" ? classification : "Neither") as never,
    ...(typeof profile?.farmingSinceYear === "number" ? { farmingSinceYear: profile.farmingSinceYear } : {}),
  };
};

/**
 * The SCE half of the rule: the figures agree with each other and lie within RMA's bounds near the day;
 * false when `reference` holds nothing to bound them with (only their agreement was judged).
 */
function checkSce(
  record: Coverage,
  profile: SubsidyProfile | undefined,
  reference: MarketSnapshot | null,
): boolean {
  const farmer = farmerOf(profile);
  const year = beginningFarmerYearOf(farmer, record.cropYear);
  const classification = {
    farmerClassification: farmer.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
  };
  if (record.plan === "lgm") {
    const checked = checkLgmSceFigures(record, {
      commodity: record.commodity,
      deductible: record.deductible,
      targetMarketings: record.targetMarketings,
      cropYear: record.cropYear,
      ...classification,
    });
    const outside = lgmSceBoundsError(
      {
        commodity: record.commodity,
        type: record.type,
        salesDate: record.salesDate,
        targetMarketings: record.targetMarketings,
        deductible: Number(record.deductible),
        ...(record.weights ? { weights: record.weights } : {}),
        ...(record.stateCode !== undefined ? { stateCode: record.stateCode } : {}),
        farmerClassification: farmer.farmerClassification,
        expectedGrossMargin: checked.expectedGrossMargin,
        grossMarginGuarantee: checked.grossMarginGuarantee,
        totalPremium: checked.totalPremium,
      },
      reference,
    );
    if (outside instanceof DomainError) throw outside;
    return outside !== UNBOUNDED;
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
  const outside = lrpSceBoundsError(
    {
      commodity: record.commodity,
      type: record.type,
      endorsementLengthWeeks: record.endorsementLengthWeeks,
      salesDate: record.salesDate,
      coverageLevel: money(record.coverageLevel),
      coveragePrice: checked.coveragePrice,
      rate: checked.rate,
    },
    reference,
  );
  if (outside instanceof DomainError) throw outside;
  return outside !== UNBOUNDED;
}

/**
 * What judged a record that passed SCE1: its sales day's offer, RMA's bounds near the day, or — no held
 * snapshot holding the type — only the agreement of its figures (a device then says the server judges).
 */
type Judged = "offer" | "bounds" | "agreement";

/**
 * SCE1 on one record that parses: throws a DomainError naming the field and the bound, or says what judged it.
 */
function judgeCoverageFigures(record: Coverage, profile: unknown, market: FigureMarket): Judged {
  const read = (profile ?? undefined) as SubsidyProfile | undefined;
  const day = market.day && market.day.asOf === record.salesDate ? market.day : null;
  if (day) {
    const farmer = farmerOf(read) as PricingProfile;
    const judged = againstDayOffer(record, farmer, day);
    if (judged instanceof DomainError) throw judged;
    if (judged !== NO_OFFER) return "offer";
  }
  if (record.figuresFrom !== "sce")
    throw new DomainError(
      "invalid-input",
      `figuresFrom: the market history holds no RMA ${record.plan.toUpperCase()} figures of ${record.salesDate} for this endorsement, so its figures are typed from the SCE and the record must say so ("sce")`,
      ["figuresFrom"],
    );
  return checkSce(record, read, day ?? market.reference) ? "bounds" : "agreement";
}

/** SCE1's verdict on a record being built: the refusal's field (dotted) and sentence, or what judged it. */
export type FiguresVerdict = { ok: false; field: string; message: string } | { ok: true; judged: Judged };

/** SCE1 on a record being built (the create forms on the device, before saving): its verdict. */
export function figuresVerdict(record: Coverage, profile: unknown, market: FigureMarket): FiguresVerdict {
  try {
    return { ok: true, judged: judgeCoverageFigures(record, profile, market) };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { ok: false, field: e.path.join("."), message: e.message.replace(/^[\w.]+: /, "") };
  }
}

/** SCE1 on a record being built (the import's planner): the refusal's field (dotted) and sentence, or null. */
export function figuresRefusal(
  record: Coverage,
  profile: unknown,
  market: FigureMarket,
): { field: string; message: string } | null {
  const verdict = figuresVerdict(record, profile, market);
  return verdict.ok ? null : { field: verdict.field, message: verdict.message };
}

/**
 * Why a record written at `coverages/{key}` breaks SCE1, as an issue at the field
 * (`["coverages", key, "subsidy"]`, "priced figures: $420 does not agree…"); none for a record whose
 * priced fields the write does not change (`before`: the entry as stored), or one that does not parse (its
 * schema's issues say why).
 */
export function coverageFigureIssues(
  key: string,
  value: unknown,
  profile: unknown,
  markets: FigureMarkets,
  before?: unknown,
): DocumentIssue[] {
  if (!pricedChanged(before, value)) return [];
  const parsed = coverageSchema.safeParse(value);
  if (!parsed.success) return [];
  try {
    judgeCoverageFigures(parsed.data, profile, markets(parsed.data.salesDate));
    return [];
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const at = String(e.path[e.path.length - 1] ?? "figuresFrom");
    const sentence = e.message.replace(/^[\w.]+: /, "");
    const what = parsed.data.figuresFrom === "sce" ? "entered from the SCE" : "priced figures";
    return [{ path: ["coverages", key, at], message: `${what}: ${sentence}` }];
  }
}

/**
 * The issues of the records among `coverages` (a section's touched entries) whose priced figures the write
 * changes (`before(key)`: the entry as stored); the profile is read only when there is one to judge.
 */
export function coverageIssues(
  coverages: unknown,
  profile: () => unknown,
  markets: FigureMarkets,
  before: (key: string) => unknown = () => undefined,
): DocumentIssue[] {
  if (typeof coverages !== "object" || coverages === null) return [];
  const entries = Object.entries(coverages).filter(([key, value]) => pricedChanged(before(key), value));
  if (entries.length === 0) return [];
  const read = profile();
  return entries.flatMap(([key, value]) => coverageFigureIssues(key, value, read, markets, before(key)));
}

/** The sales dates of the records among `coverages` (what a caller that reads storage loads first). */
export const salesDatesOf = (coverages: unknown): string[] =>
  typeof coverages === "object" && coverages !== null
    ? [
        ...new Set(
          Object.values(coverages)
            .map((v) =>
              typeof v === "object" && v !== null ? (v as { salesDate?: unknown }).salesDate : null,
            )
            .filter((d): d is string => typeof d === "string"),
        ),
      ]
    : [];
