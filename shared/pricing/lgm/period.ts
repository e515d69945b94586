import type { LgmCommodityCode } from "../../catalogue";
import { addMonths, formatYearMonth, type YearMonth, yearMonthOf } from "../../market/dates";
import { invalidInput } from "../validate";

// The LGM insurance period: the months after the sales month, 11 for cattle and dairy, 6 for swine;
// the first month cannot carry marketings (DOMAIN.md; spec §9's lists 2–11 and 2–6).

export const INSURANCE_PERIOD_MONTHS: Readonly<Record<LgmCommodityCode, number>> = {
  "0803": 11,
  "0815": 6,
  "0847": 11,
};

export function insurancePeriod(commodity: LgmCommodityCode, salesDate: string): YearMonth[] {
  const first = yearMonthOf(salesDate);
  return Array.from({ length: INSURANCE_PERIOD_MONTHS[commodity] }, (_, i) => addMonths(first, i + 1));
}

export const periodLabels = (months: readonly YearMonth[]): string[] => months.map(formatYearMonth);

export function checkMarketings(
  commodity: LgmCommodityCode,
  label: string,
  marketings: readonly number[],
): void {
  const n = INSURANCE_PERIOD_MONTHS[commodity];
  if (marketings.length !== n)
    throw invalidInput(
      ["targetMarketings"],
      `expected ${n} numbers for ${label}, one per month of the insurance period`,
    );
  if (marketings[0] !== 0)
    throw invalidInput(
      ["targetMarketings", 0],
      "the first month of the insurance period cannot carry marketings",
    );
  if (!marketings.some((h) => h > 0))
    throw invalidInput(["targetMarketings"], "at least one month needs marketings");
}
