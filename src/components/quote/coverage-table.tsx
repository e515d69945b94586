import { memo, useState } from "react";
import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import { COLUMNS, type ColumnContext, columnKey, describeRow } from "./columns";
import { parseSort } from "./table-view";
import "./coverage-table.css";

/**
 * The columns a phone shows (docs/first-day.md): which offer, when it ends, and what it costs; the other ten
 * are one tap away ("Show all 15 columns"). A wider screen always shows every column.
 */
const PHONE_COLUMNS = new Set([
  "endorsement-length-weeks",
  "end-date",
  "coverage-level",
  "coverage-price-cwt",
  "producer-premium",
]);
const phoneClass = (label: string) => (PHONE_COLUMNS.has(columnKey(label)) ? "" : "phone-extra");

export interface CoverageTableProps {
  rows: readonly LrpCoverageRow[];
  ctx: ColumnContext;
  sort: string;
  onSort(sort: string): void;
  chosen: { weeks: number; level: number } | null;
  onChoose(row: LrpCoverageRow): void;
}

const isChosen = (r: LrpCoverageRow, c: { weeks: number; level: number } | null) =>
  c !== null && r.endorsementLengthWeeks === c.weeks && Math.abs(r.coverageLevel - c.level) < 1e-9;

/**
 * The offer table: every §3 column; headers sort (click again to reverse); the first column is pinned
 * and holds the button that chooses a row. The table scrolls inside its own box.
 */
export const CoverageTable = memo(function CoverageTable({
  rows,
  ctx,
  sort,
  onSort,
  chosen,
  onChoose,
}: CoverageTableProps) {
  const current = parseSort(sort);
  const [all, setAll] = useState(false);
  return (
    <div className={all ? "coverage-table coverage-table--all" : "coverage-table"}>
      <button
        type="button"
        className="coverage-table__toggle"
        aria-pressed={all}
        onClick={() => setAll((v) => !v)}
      >
        {all ? "Show fewer columns" : `Show all ${COLUMNS.length} columns`}
      </button>
      <div className="data-table-scroll" data-testid="coverage-table-scroll">
        <table className="data-table" aria-label="LRP coverage table" aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              {COLUMNS.map((col, i) => {
                const key = columnKey(col.label);
                const dir = current?.key === key ? current.dir : null;
                const unit = col.unit?.(ctx);
                return (
                  <th
                    key={col.label}
                    scope="col"
                    className={[
                      i === 0 ? "pinned" : "",
                      col.numeric ? "num" : "",
                      phoneClass(col.label),
                    ].join(" ")}
                    aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        onSort(dir === "asc" ? `${key}.desc` : dir === "desc" ? "" : `${key}.asc`)
                      }
                    >
                      {col.label}
                      {dir ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
                      {unit ? <span className="sort-button__unit">{unit}</span> : null}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const selected = isChosen(r, chosen);
              return (
                <tr
                  key={`${r.endorsementLengthWeeks}-${r.coverageLevel}`}
                  aria-current={selected || undefined}
                  className={r.indicative ? "indicative" : undefined}
                  onClick={() => onChoose(r)}
                >
                  {COLUMNS.map((col, i) =>
                    i === 0 ? (
                      <th key={col.label} scope="row" className="pinned num">
                        <button
                          type="button"
                          className="row-button"
                          aria-pressed={selected}
                          aria-label={`Choose ${describeRow(r)}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onChoose(r);
                          }}
                        >
                          {col.text(r, ctx)}
                        </button>
                      </th>
                    ) : (
                      <td
                        key={col.label}
                        className={[col.numeric ? "num" : "", phoneClass(col.label)].join(" ")}
                      >
                        {col.text(r, ctx)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
});
