import {
  type Coverage,
  coverageSchema,
  type LgmEndorsement,
  type Policy,
  type StoredProfile,
} from "../../documents/book";
import { yearMonthOf } from "../../market/dates";
import type { LgmWeights } from "../../pricing/lgm/formula";
import { lgmInsurancePeriod } from "../lgm-endorsement";
import { backdatedCoverage } from "../sce-backdated";
import { type ImportFieldId, monthMarketingsField } from "./fields";
import type { Staged } from "./plan-parties";
import type { Reading } from "./reading";
import { changed, type Stamper, stamped } from "./records";
import type { RowReader } from "./row-reader";
import { readDecimal, readInteger } from "./values";
import { matchCoverage, type WorkingCustomer } from "./working";

// An LGM endorsement on one row (docs/book-import.md §LGM): its target marketings are columns, one per
// month — by calendar month ("Jan Marketings", "Marketings Feb") or by month of the insurance period
// ("Month 1" is the month after the sales month) — placed into the period of the sales date
// (lgmInsurancePeriod, the one definition). The record is built by backdatedCoverage from the SCE's
// figures, as the LGM create form does for a past sale: its marketings rules, deductible steps,
// target-marketings limit and figure checks apply unchanged. Matched by policy, type, sales date and
// the period's end (the last marketing month's last day, as the record keeps it).

const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const monthLabel = (yearMonth: string) => MONTH_LABEL.format(new Date(`${yearMonth}-01T00:00:00Z`));
const CALENDAR = Array.from({ length: 12 }, (_, i) => monthMarketingsField(i + 1));
const PERIOD = Array.from({ length: 11 }, (_, i) => `marketingsMonth${i + 1}`);

/** The elected target weights' columns, by the gross-margin input they weigh (cattle). */
const WEIGHTS = {
  liveCattle: "weightLiveCattle",
  feederCattle: "weightFeederCattle",
  corn: "weightCorn",
} as const satisfies Partial<Record<keyof LgmWeights, ImportFieldId>>;

/** Whether the row gives an LGM figure (a month's marketings, the deductible or an elected weight). */
export const hasLgmFields = (row: RowReader): boolean =>
  row.has("deductible") ||
  row.has("marketingMonth") ||
  [...CALENDAR, ...PERIOD, ...Object.values(WEIGHTS)].some((f) => row.has(f));

/** The row's elected target weights (none: the type's defaults); undefined when a cell is refused. */
function readWeights(row: RowReader): LgmWeights | undefined {
  const weights: LgmWeights = {};
  let ok = true;
  for (const [input, field] of Object.entries(WEIGHTS) as [keyof typeof WEIGHTS, ImportFieldId][]) {
    if (!row.has(field)) continue;
    const value = row.read(field, readDecimal);
    if (value === undefined) ok = false;
    else weights[input] = Number(value);
  }
  return ok ? weights : undefined;
}

/**
 * The target marketings of the insurance period of `commodity` sold on `salesDate`, one per month, with
 * the column each came from; undefined when a column is refused (noted on the row).
 */
export function readMarketings(
  row: RowReader,
  commodity: string,
  salesDate: string,
): { marketings: number[]; fields: (ImportFieldId | null)[] } | undefined {
  const period = lgmInsurancePeriod(commodity as Parameters<typeof lgmInsurancePeriod>[0], salesDate);
  const byCalendar = CALENDAR.filter((f) => row.has(f));
  const byPeriod = PERIOD.filter((f) => row.has(f));
  if (byCalendar.length > 0 && byPeriod.length > 0) {
    row.refuse(
      byPeriod[0] as ImportFieldId,
      "give the target marketings by month name (Jan, Feb…) or by month number (Month 1…), not both",
    );
    return undefined;
  }
  const marketings = period.months.map(() => 0);
  const fields: (ImportFieldId | null)[] = period.months.map(() => null);
  const range = `${monthLabel(period.firstMonth)} to ${monthLabel(period.lastMonth)}`;
  if (byCalendar.length === 0 && byPeriod.length === 0) {
    // HOLD2: no month columns — the months as one list (a held endorsement completed on the screen).
    const list = row.read("marketingsByMonth", (text) => readMonthList(text, period.months.length, range));
    if (!list) return undefined;
    list.forEach((head, i) => {
      marketings[i] = head;
      fields[i] = "marketingsByMonth";
    });
    return { marketings, fields };
  }
  let ok = true;
  const place = (field: ImportFieldId, index: number, yearMonth: string | null) => {
    const head = row.read(field, readInteger);
    if (head === undefined) {
      ok = false;
      return;
    }
    if (index < 0) {
      if (head === 0) return;
      row.refuse(
        field,
        `${yearMonth ? monthLabel(yearMonth) : "this month"} is not in the insurance period of an endorsement sold on ${salesDate} (${range})`,
      );
      ok = false;
      return;
    }
    marketings[index] = head;
    fields[index] = field;
  };
  if (byCalendar.length > 0) {
    const sales = yearMonthOf(salesDate);
    for (const field of byCalendar) {
      const month = CALENDAR.indexOf(field) + 1;
      const index = period.months.findIndex((m) => Number(m.slice(5, 7)) === month);
      const year = month > sales.month ? sales.year : sales.year + 1;
      place(field, index, `${year}-${String(month).padStart(2, "0")}`);
    }
  } else
    for (const field of byPeriod) {
      const index = PERIOD.indexOf(field);
      place(field, index < period.months.length ? index : -1, null);
    }
  return ok ? { marketings, fields } : undefined;
}

/** Whether the row gives its target marketings: month columns (by name or number) or the months' list. */
const hasMarketings = (row: RowReader): boolean =>
  row.has("marketingsByMonth") || [...CALENDAR, ...PERIOD].some((f) => row.has(f));

/**
 * The months' target marketings written in one cell, in the order of the insurance period (month 1 is the
 * month after the sales month): whole numbers separated by semicolons, slashes, spaces or ", " — "0; 100;
 * 100; 0". Fewer than the period's months leave the rest at 0.
 */
function readMonthList(text: string, months: number, range: string): Reading<number[]> {
  const parts = text
    .trim()
    .split(/\s*[;|/]\s*|,\s+|\s+/)
    .filter((p) => p !== "");
  if (parts.length > months)
    return {
      ok: false,
      message: `${parts.length} months given: the insurance period has ${months} (${range}); give one number of head per month, such as 0; 100; 100`,
    };
  const heads: number[] = [];
  for (const [i, part] of parts.entries()) {
    const read = readInteger(part);
    if (!read.ok) return { ok: false, message: `month ${i + 1}: ${read.message}` };
    heads.push(read.value);
  }
  if (heads.length === 0)
    return { ok: false, message: "give one number of head per month, such as 0; 100; 100" };
  return { ok: true, value: heads };
}

/** Where backdatedCoverage's dotted fields of an LGM endorsement are in the file. */
const LGM_FIELDS: Record<string, ImportFieldId> = {
  salesDate: "salesDate",
  commodity: "commodity",
  type: "type",
  deductible: "deductible",
  policyId: "policyNumber",
  farmingSinceYear: "farmingSinceYear",
  "sce.expectedGrossMargin": "expectedGrossMargin",
  "sce.grossMarginGuarantee": "grossMarginGuarantee",
  "sce.totalPremium": "totalPremium",
  "sce.subsidy": "subsidy",
  "sce.producerPremium": "producerPremium",
  sce: "expectedGrossMargin",
  status: "coverageStatus",
  ...Object.fromEntries(Object.entries(WEIGHTS).map(([input, field]) => [`weights.${input}`, field])),
};

/** What an LGM endorsement needs from the file (the SCE's fields), in the order the SCE prints them. */
const LGM_NEEDED: ImportFieldId[] = [
  "commodity",
  "type",
  "salesDate",
  "deductible",
  "expectedGrossMargin",
  "totalPremium",
  "subsidy",
];

/** An endorsement held as "needs details" (HOLD1): the fields the file does not give. */
export interface Held {
  held: ImportFieldId[];
}

export function stageLgmCoverage(
  row: RowReader,
  fields: {
    commodity: string | undefined;
    type: string | undefined;
    salesDate: string | undefined;
    endDate: string | undefined;
    status: Coverage["status"] | undefined;
  },
  context: {
    customer: WorkingCustomer;
    profile: StoredProfile;
    policy: Policy;
    stamp: Stamper;
    now: Date;
    newId: () => string;
    coverageIdOf: (key: string) => string | undefined;
  },
): Staged<Coverage> | Held | undefined {
  const { policy, stamp } = context;
  // HOLD1: what the file does not give is asked for later (the endorsement is held), never refused.
  const missing = LGM_NEEDED.filter((field) => !row.has(field));
  if (!hasMarketings(row)) missing.push("marketingsByMonth");
  const deductible = row.read("deductible", readDecimal);
  const { commodity, type, salesDate } = fields;
  if (row.problems.length > 0) return undefined;
  if (missing.length > 0) return { held: missing };
  if (!commodity || !type || !salesDate || deductible === undefined) return undefined;
  if (!["0803", "0815", "0847"].includes(commodity)) {
    row.refuse(
      "commodity",
      `${commodity} is not an LGM commodity: 0803 (cattle), 0815 (swine) or 0847 (dairy)`,
    );
    return undefined;
  }
  const read = readMarketings(row, commodity, salesDate);
  const weights = readWeights(row);
  if (!read || !weights) return undefined;
  const period = lgmInsurancePeriod(commodity as "0803", salesDate);
  const { endDate } = period;
  // The SCE's end date is the insurance period's last month: a file may print its first or last day.
  if (fields.endDate && fields.endDate.slice(0, 7) !== period.lastMonth) {
    row.refuse(
      "endDate",
      `${fields.endDate} is not the end of the insurance period of an LGM endorsement sold on ${salesDate} (${endDate})`,
    );
    return undefined;
  }
  const identity = { policyId: policy.id, commodity, type, salesDate, endDate };
  const { matched, id } = matchCoverage(context, identity);
  const sce = Object.fromEntries(
    (["expectedGrossMargin", "grossMarginGuarantee", "totalPremium", "subsidy", "producerPremium"] as const)
      .map((f) => [f, row.text(f)] as const)
      .filter(([, v]) => v !== undefined && v !== ""),
  );
  const built = backdatedCoverage(
    {
      plan: "lgm",
      salesDate,
      commodity,
      type,
      targetMarketings: read.marketings,
      deductible: Number(deductible),
      ...(Object.keys(weights).length > 0 ? { weights } : {}),
      profile: context.profile,
      policy,
      id,
      now: context.now,
      userId: stamp.userId,
    },
    null,
    sce as { expectedGrossMargin: string; totalPremium: string; subsidy: string },
  );
  if (!built.ok) {
    const month = /^targetMarketings\.(\d+)$/.exec(built.field);
    const field = month
      ? (read.fields[Number(month[1])] ?? read.fields.find((f) => f !== null) ?? null)
      : built.field === "targetMarketings"
        ? (read.fields.find((f) => f !== null) ?? null)
        : (LGM_FIELDS[built.field] ?? null);
    row.refuse(field, built.message.replace(/^[\w.]+: /, ""));
    return undefined;
  }
  const next = { ...built.record, ...(fields.status ? { status: fields.status } : {}) } as LgmEndorsement;
  if (matched && !changed(matched, next)) return { record: matched, action: "unchanged" };
  // backdatedCoverage's record passed its schema; only a status taken from the file needs a second look.
  const parsed = coverageSchema.safeParse(stamped(next, stamp, matched?.createdAt));
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      row.refuse(LGM_FIELDS[String(issue.path[0])] ?? null, issue.message);
    return undefined;
  }
  return { record: parsed.data, action: matched ? "update" : "create" };
}
