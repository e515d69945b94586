import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Column,
  exportFileName,
  firstSortedRows,
  searchIndexed,
  searchRows,
  searchTexts,
  sortRows,
} from "./record-table";

interface Row {
  id: string;
  name: string;
  head: number;
  state: string | null;
}

const COLUMNS: readonly Column<Row>[] = [
  { key: "name", label: "Name", value: (r) => r.name },
  { key: "head", label: "Head", value: (r) => r.head },
  { key: "state", label: "State", value: (r) => r.state },
];

const ROWS: Row[] = Array.from({ length: 300 }, (_, i) => ({
  id: `r${i}`,
  name: `${["Hansen", "Olson", "Miller"][i % 3]} Ranch ${i}`,
  head: (i * 37) % 500,
  state: i % 7 === 0 ? null : (["NE", "KS", "TX"][i % 3] ?? null),
}));

describe("RecordTable search over kept texts", () => {
  it("finds the same rows, in the sorted order, as searching and then sorting", () => {
    const column = COLUMNS.find((c) => c.key === "head");
    const sorted = sortRows(ROWS, column, "desc");
    const textOf = searchTexts(COLUMNS);
    for (const query of ["", "hansen", "OLSON ne", "ranch 1", "  miller   tx ", "4", "nobody"])
      expect(searchIndexed(sorted, textOf, query), query).toEqual(
        sortRows(searchRows(ROWS, COLUMNS, query), column, "desc"),
      );
  });

  it("makes a row's text once, and only when someone searches", () => {
    let calls = 0;
    const counted: Column<Row>[] = [
      {
        key: "name",
        label: "Name",
        value: (r) => {
          calls += 1;
          return r.name;
        },
      },
    ];
    const textOf = searchTexts(counted);
    expect(searchIndexed(ROWS, textOf, "")).toBe(ROWS);
    expect(calls).toBe(0);
    searchIndexed(ROWS, textOf, "hansen");
    searchIndexed(ROWS, textOf, "olson");
    expect(calls).toBe(ROWS.length);
  });
});

describe("RecordTable count line", () => {
  it("names one record in the singular", async () => {
    const { singular } = await import("./record-table");
    expect(singular("policies")).toBe("policy");
    expect(singular("entities")).toBe("entity");
    expect(singular("coverages")).toBe("coverage");
    expect(singular("customers")).toBe("customer");
  });
});

describe("RecordTable sort", () => {
  const column = (value: (r: { v: string | number | null }) => string | number | null) =>
    ({ key: "v", label: "V", value }) as Column<{ v: string | number | null }>;
  const sortValues = (values: (string | number | null)[], direction: "asc" | "desc") =>
    sortRows(
      values.map((v) => ({ v })),
      column((r) => r.v),
      direction,
    ).map((r) => r.v);

  it("numbers and numeric text by value, dates in order, text by the collator ignoring case and accents, empties last", () => {
    expect(sortValues(["10", 9, "", "1.5", null, "100"], "asc")).toEqual(["1.5", 9, "10", "100", "", null]);
    expect(sortValues(["10", 9, "", "1.5", null, "100"], "desc")).toEqual(["100", "10", 9, "1.5", "", null]);
    expect(sortValues(["2027-02-19", "2026-11-20", "", "2026-12-01"], "asc")).toEqual([
      "2026-11-20",
      "2026-12-01",
      "2027-02-19",
      "",
    ]);
    expect(sortValues(["olson", "Éclair Ranch", "eagle", "Hansen"], "asc")).toEqual([
      "eagle",
      "Éclair Ranch",
      "Hansen",
      "olson",
    ]);
    expect(sortValues(["b", 3, "a"], "asc")).toEqual([3, "a", "b"]);
  });
});

describe("RecordTable first frame", () => {
  // A column holds one kind of value (a column of mixed kinds has no single order to agree on): numbers
  // and numeric text, ISO dates, or text that differs only in case; with ties and empty values.
  const empty = fc.constantFrom(null, "");
  const kinds: fc.Arbitrary<string | number | null>[] = [
    fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("10", "9", "1.5"), empty),
    fc.oneof(fc.constantFrom("2026-11-20", "2027-01-02", "2026-12-01"), empty),
    fc.oneof(fc.constantFrom("a", "A", "b", "Éclair", "eclair"), empty),
  ];
  const rows = fc
    .constantFrom(...kinds)
    .chain((v) => fc.array(fc.record({ id: fc.nat(), v }), { maxLength: 60 }));
  const column = { key: "v", label: "V", value: (r: { v: string | number | null }) => r.v };

  it("shows the rows the whole sort puts first, in its order, whatever the rows and the count", () => {
    fc.assert(
      fc.property(rows, fc.constantFrom("asc", "desc"), fc.nat({ max: 70 }), (list, direction, count) => {
        const rows = list.map((r, i) => ({ ...r, id: i }));
        expect(firstSortedRows(rows, column, direction, count)).toEqual(
          sortRows(rows, column, direction).slice(0, count),
        );
      }),
    );
  });
});

describe("RecordTable export (docs/first-day.md)", () => {
  it("names every list's CSV by what it holds and the day", () => {
    expect(exportFileName("customers", "2026-11-27")).toBe("customers-2026-11-27.csv");
  });
});
