import { LRP_COVERAGE_TABLE_COLUMNS, type LrpCoverageTableColumn } from "../../../shared/catalogue/labels";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { UnitBasis } from "../../../shared/catalogue/plans";
import { LRP_FUTURES } from "../../../shared/pricing/lrp/markets";
import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import {
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPrice,
  formatWeeks,
  lrpPriceDigits,
} from "../../lib/format";
import { BASIS_UNITS, formatOnBasis, type Herd } from "./unit-basis";

// Spec §3's coverage-table columns, in its order and with its labels, each with the row field it shows,
// how to sort it and how to format it (as a table cell and as copied text).

export interface ColumnContext {
  commodity: LrpCommodityCode;
  basis: UnitBasis;
  herd: Herd;
}

export interface Column {
  label: LrpCoverageTableColumn;
  /** Shown under the label: the unit basis of the dollar columns. */
  unit?: (ctx: ColumnContext) => string | undefined;
  numeric: boolean;
  value: (row: LrpCoverageRow) => number | string | null;
  text: (row: LrpCoverageRow, ctx: ColumnContext) => string;
}

const money = (
  pick: (r: LrpCoverageRow) => number,
  cents = false,
): Pick<Column, "value" | "text" | "unit"> => ({
  value: pick,
  text: (r, ctx) => formatOnBasis(pick(r), ctx.basis, ctx.herd, cents),
  unit: (ctx) => BASIS_UNITS[ctx.basis],
});

const SPECS: Readonly<Record<LrpCoverageTableColumn, Omit<Column, "label">>> = {
  "Endorsement Length (weeks)": {
    numeric: true,
    value: (r) => r.endorsementLengthWeeks,
    text: (r) => String(r.endorsementLengthWeeks),
  },
  "End Date": { numeric: false, value: (r) => r.endDate, text: (r) => formatDate(r.endDate) },
  "Coverage Level": {
    numeric: true,
    value: (r) => r.coverageLevel,
    text: (r) => formatPercent(r.coverageLevel),
  },
  "Expected Value (/cwt)": {
    numeric: true,
    value: (r) => r.expectedValuePerCwt,
    text: (r, ctx) => formatPrice(r.expectedValuePerCwt, lrpPriceDigits(ctx.commodity)),
  },
  "Coverage Price (/cwt)": {
    numeric: true,
    value: (r) => r.coveragePricePerCwt,
    text: (r, ctx) => formatPrice(r.coveragePricePerCwt, lrpPriceDigits(ctx.commodity)),
  },
  Rate: {
    numeric: true,
    value: (r) => r.rate,
    text: (r) => `${formatNumber(r.rate, 4, 6)}${r.indicative ? " *" : ""}`,
  },
  "Insured Value": { numeric: true, ...money((r) => r.insuredValue, true) },
  "Total Premium": { numeric: true, ...money((r) => r.totalPremium) },
  Subsidy: { numeric: true, ...money((r) => r.subsidy) },
  "Producer Premium": { numeric: true, ...money((r) => r.producerPremium) },
  "Producer Premium (/cwt)": {
    numeric: true,
    value: (r) => r.producerPremiumPerCwt,
    text: (r) => formatPrice(r.producerPremiumPerCwt, 4, 4),
  },
  "Producer Premium (/head)": {
    numeric: true,
    value: (r) => r.producerPremiumPerHead,
    text: (r) => formatPrice(r.producerPremiumPerHead, 2),
  },
  "CME Put Strike": {
    numeric: true,
    value: (r) => r.cmePutStrike,
    text: (r, ctx) =>
      r.cmePutStrike === null ? "—" : formatPrice(r.cmePutStrike, lrpPriceDigits(ctx.commodity)),
  },
  "CME Put Premium (/cwt)": {
    numeric: true,
    value: (r) => r.cmePutPremiumPerCwt,
    text: (r, ctx) =>
      r.cmePutPremiumPerCwt === null
        ? "—"
        : formatPrice(
            r.cmePutPremiumPerCwt,
            lrpPriceDigits(ctx.commodity, "options"),
            lrpPriceDigits(ctx.commodity, "options"),
          ),
  },
  "Futures Contract Month": {
    numeric: false,
    value: (r) => r.futuresContractMonth,
    text: (r, ctx) => `${LRP_FUTURES[ctx.commodity].root} ${formatMonth(r.futuresContractMonth)}`,
  },
};

export const COLUMNS: readonly Column[] = LRP_COVERAGE_TABLE_COLUMNS.map((label) => ({
  label,
  ...SPECS[label],
}));

/** Stable URL keys of the columns ("endorsement-length-weeks", "coverage-level", ...). */
export const columnKey = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const describeRow = (r: LrpCoverageRow): string =>
  `${formatWeeks(r.endorsementLengthWeeks)} at ${formatPercent(r.coverageLevel)} coverage`;
