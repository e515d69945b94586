import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { todayCentral } from "../../../shared/book/dates";
import { type CsvValue, toCsv } from "../../../shared/csv";
import { Button } from "../ui/button";
import { downloadText } from "./csv";
import "./records.css";

// A list of records for the book's list pages: a search box, the page's own filters (passed in as
// children), sorting by any column, CSV export of exactly the rows shown (filtered and sorted), and
// rows rendered a page at a time so a book of thousands of records opens fast on a phone.

export interface Column<Row> {
  key: string;
  label: string;
  /** The value sorted on, searched and exported. Never a tax id. */
  value: (row: Row) => CsvValue;
  /** What the cell shows; default: the value as text. */
  render?: (row: Row) => ReactNode;
  align?: "start" | "end";
}

/** Every list's CSV export is named the same way: what it holds and the day, "customers-2026-11-27.csv". */
export const exportFileName = (what: string, today: string): string => `${what}-${today}.csv`;

export interface RecordTableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** What the CSV export holds ("customers"): the file is named by exportFileName. */
  exportName: string;
  initialSort?: { key: string; direction: "asc" | "desc" };
  /** Filters of the page, shown beside the search box. */
  filters?: ReactNode;
  empty?: ReactNode;
  pageSize?: number;
}

/** "policies" → "policy", "coverages" → "coverage": the count line of a one-row list. */
export const singular = (label: string): string =>
  label.endsWith("ies") ? `${label.slice(0, -3)}y` : label.endsWith("s") ? label.slice(0, -1) : label;

// One collator for every comparison: String#localeCompare with options builds one per call, which
// made sorting 5,000 rows take ~300 ms instead of ~5 ms.
const collator = new Intl.Collator(undefined, { sensitivity: "base" });

/**
 * A value as it sorts, worked out once per row rather than in every comparison: empty values last,
 * numbers (and numeric text) by value, other text by the collator; ISO dates and other plain digit
 * strings of one length compare as text would (the collator agrees, much faster).
 */
interface SortKey {
  empty: boolean;
  num: number;
  text: string;
  /** An ISO date (compared as text): tested once per row, not in every comparison. */
  isoDate: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const sortKey = (value: CsvValue): SortKey => {
  if (value === null || value === undefined || value === "")
    return { empty: true, num: Number.NaN, text: "", isoDate: false };
  if (typeof value === "number") return { empty: false, num: value, text: String(value), isoDate: false };
  const text = String(value);
  return {
    empty: false,
    num: text.trim() === "" ? Number.NaN : Number(text),
    text,
    isoDate: ISO_DATE.test(text),
  };
};

const compareKeys = (a: SortKey, b: SortKey): number => {
  if (a.empty || b.empty) return a.empty === b.empty ? 0 : a.empty ? 1 : -1;
  if (!Number.isNaN(a.num) && !Number.isNaN(b.num)) return a.num - b.num;
  if (a.text === b.text) return 0;
  if (a.isoDate && b.isoDate) return a.text < b.text ? -1 : 1;
  return collator.compare(a.text, b.text);
};

/** A row's searchable text: its columns' values, lower case. */
const searchText = <Row,>(row: Row, columns: readonly Column<Row>[]): string =>
  columns
    .map((c) => String(c.value(row) ?? ""))
    .join(" ")
    .toLowerCase();

const queryWords = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/** Rows whose columns' values contain every word of `query` (case-insensitive). */
export function searchRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], query: string): Row[] {
  const words = queryWords(query);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = searchText(row, columns);
    return words.every((w) => text.includes(w));
  });
}

/**
 * The same search with each row's text made once and kept (textOf, from searchTexts), so a keystroke
 * in a list of thousands only compares strings; the rows keep their order (sorted once, before).
 */
export function searchIndexed<Row>(
  rows: readonly Row[],
  textOf: (row: Row) => string,
  query: string,
): readonly Row[] {
  const words = queryWords(query);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = textOf(row);
    return words.every((w) => text.includes(w));
  });
}

/** A row's searchable text, made on first use and kept: nothing is made until someone searches. */
export function searchTexts<Row>(columns: readonly Column<Row>[]): (row: Row) => string {
  const kept = new Map<Row, string>();
  return (row) => {
    let text = kept.get(row);
    if (text === undefined) {
      text = searchText(row, columns);
      kept.set(row, text);
    }
    return text;
  };
}

interface Keyed<Row> {
  row: Row;
  key: SortKey;
}

/** The order of two keyed rows: empty values stay last whichever way the column is sorted. */
const keyedOrder =
  (direction: "asc" | "desc") =>
  <Row,>(x: Keyed<Row>, y: Keyed<Row>): number =>
    (x.key.empty || y.key.empty ? 1 : direction === "asc" ? 1 : -1) * compareKeys(x.key, y.key);

export function sortRows<Row>(
  rows: readonly Row[],
  column: Column<Row> | undefined,
  direction: "asc" | "desc",
): Row[] {
  if (!column) return [...rows];
  const keyed = rows.map((row) => ({ row, key: sortKey(column.value(row)) }));
  keyed.sort(keyedOrder(direction));
  return keyed.map((k) => k.row);
}

/**
 * The first `count` rows of sortRows(rows, column, direction), without sorting the others: what a
 * list's first frame shows. Rows that compare equal keep their order, as in the sort.
 */
export function firstSortedRows<Row>(
  rows: readonly Row[],
  column: Column<Row> | undefined,
  direction: "asc" | "desc",
  count: number,
): Row[] {
  if (!column) return rows.slice(0, count);
  const order = keyedOrder(direction);
  const first: Keyed<Row>[] = [];
  for (const row of rows) {
    const entry = { row, key: sortKey(column.value(row)) };
    const last = first.at(-1);
    if (first.length === count && last && order(entry, last) >= 0) continue;
    // After every row it does not come before: an equal row met earlier stays first.
    let at = first.length;
    while (at > 0 && order(entry, first[at - 1] as Keyed<Row>) < 0) at--;
    first.splice(at, 0, entry);
    if (first.length > count) first.pop();
  }
  return first.map((k) => k.row);
}

/**
 * Rows in a list's first frame with rows: about a laptop screen's worth. The rest of the page
 * (`pageSize`) follows right after that frame is painted, so a list's first paint does not wait for
 * rows below the fold (docs/agent-book-bench.md).
 */
const FIRST_FRAME_ROWS = 20;

/** False until the frame after the first one with rows has been painted (then true for good). */
function usePaintedOnce(hasRows: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !hasRows) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, hasRows]);
  return painted;
}

/** A cell's text: an empty value shows as a dash, so a card on a phone never has a bare label. */
const shownValue = (value: CsvValue): ReactNode =>
  value === null || value === undefined || value === "" ? "—" : value;

export function RecordTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  exportName,
  initialSort,
  filters,
  empty,
  pageSize = 100,
}: RecordTableProps<Row>) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState(initialSort ?? { key: columns[0]?.key ?? "", direction: "asc" as const });
  const [shown, setShown] = useState(pageSize);
  const sortId = useId();
  const painted = usePaintedOnce(rows.length > 0);
  // The first frame with rows, before any search: only the rows it shows are sorted out of the list.
  const firstFrame = !painted && query === "";
  const sortColumn = columns.find((c) => c.key === sort.key);
  // Sorted and indexed once per list (and sort); a keystroke in the search box only filters.
  const sorted = useMemo(
    () =>
      firstFrame
        ? firstSortedRows(rows, sortColumn, sort.direction, FIRST_FRAME_ROWS)
        : sortRows(rows, sortColumn, sort.direction),
    [rows, sortColumn, sort.direction, firstFrame],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts kept are those of these rows
  const textOf = useMemo(() => searchTexts(columns), [rows, columns]);
  const visible = useMemo(() => searchIndexed(sorted, textOf, query), [sorted, textOf, query]);
  // In the first frame `visible` holds only the rows it shows, out of all of `rows`.
  const visibleCount = firstFrame ? rows.length : visible.length;
  const rendered = painted ? shown : Math.min(shown, FIRST_FRAME_ROWS);

  const exportCsv = () => {
    const exported = firstFrame ? sortRows(rows, sortColumn, sort.direction) : visible;
    const csv = toCsv(
      columns.map((c) => c.label),
      exported.map((row) => columns.map((c) => c.value(row))),
    );
    downloadText(exportFileName(exportName, todayCentral(new Date())), csv);
  };
  const sortBy = (key: string) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === "asc" ? "desc" : "asc" }));

  return (
    <div className="record-table" data-testid="record-table">
      <div className="record-table__tools">
        <label className="record-table__search">
          <span>Search</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={`Search ${label}`}
          />
        </label>
        {filters}
        {/* Phones show rows as cards without the header row: the sort is chosen here instead. */}
        <div className="record-filter record-table__sort">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={`${sort.key}:${sort.direction}`}
            onChange={(e) => {
              const [key = "", direction] = e.target.value.split(":");
              setSort({ key, direction: direction === "desc" ? "desc" : "asc" });
            }}
          >
            {columns.flatMap((c) => [
              <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
                {c.label} ▲
              </option>,
              <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                {c.label} ▼
              </option>,
            ])}
          </select>
        </div>
        <Button variant="secondary" onClick={exportCsv} disabled={visibleCount === 0}>
          Export CSV
        </Button>
      </div>
      <p className="record-table__count" data-testid="record-count">
        {visibleCount === rows.length
          ? `${rows.length} ${rows.length === 1 ? singular(label) : label}`
          : `${visibleCount} of ${rows.length} ${label}`}
      </p>
      {visibleCount === 0 ? (
        <div className="record-table__empty">{empty ?? `No ${label} match.`}</div>
      ) : (
        <div className="record-table__scroll">
          <table aria-label={label}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.align === "end" ? "record-table__end" : undefined}
                    aria-sort={
                      sort.key === c.key ? (sort.direction === "asc" ? "ascending" : "descending") : "none"
                    }
                  >
                    <button type="button" onClick={() => sortBy(c.key)}>
                      {c.label}
                      {sort.key === c.key ? (sort.direction === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visible.slice(0, rendered).map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td
                      key={c.key}
                      data-label={c.label}
                      className={c.align === "end" ? "record-table__end" : undefined}
                    >
                      {c.render ? c.render(row) : shownValue(c.value(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {visibleCount > shown ? (
        <Button variant="ghost" onClick={() => setShown((n) => n + pageSize)}>
          Show {Math.min(pageSize, visibleCount - shown)} more
        </Button>
      ) : null}
    </div>
  );
}
