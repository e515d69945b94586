import { describe, expect, it } from "vitest";
import { type Column, searchIndexed, searchRows, searchTexts, sortRows } from "./record-table";

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
