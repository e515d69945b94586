import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import { COLUMNS, columnKey } from "./columns";

// Filtering and sorting of the offer table (pure; the state lives in the URL).

export interface TableView {
  /** "all" or a number of weeks. */
  weeks: string;
  /** "all" or the lowest coverage level shown, e.g. "0.9". */
  level: string;
  /** "{column key}.asc" | "{column key}.desc" | "" (the engine's order: length, then level high to low). */
  sort: string;
}

export function parseSort(sort: string): { key: string; dir: "asc" | "desc" } | null {
  const m = /^([a-z0-9-]+)\.(asc|desc)$/.exec(sort);
  if (!m || !COLUMNS.some((c) => columnKey(c.label) === m[1])) return null;
  return { key: m[1], dir: m[2] as "asc" | "desc" };
}

export function viewRows(rows: readonly LrpCoverageRow[], view: TableView): LrpCoverageRow[] {
  const minLevel = view.level === "all" ? null : Number(view.level);
  const out = rows.filter(
    (r) =>
      (view.weeks === "all" || r.endorsementLengthWeeks === Number(view.weeks)) &&
      (minLevel === null || r.coverageLevel >= minLevel - 1e-9),
  );
  const sort = parseSort(view.sort);
  if (!sort) return out;
  const column = COLUMNS.find((c) => columnKey(c.label) === sort.key);
  if (!column) return out;
  const sign = sort.dir === "asc" ? 1 : -1;
  return out
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = column.value(a.row);
      const y = column.value(b.row);
      if (x === y) return a.i - b.i;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    })
    .map(({ row }) => row);
}
