import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COVERAGE_STATUSES } from "../../../shared/book/statuses";
import { PROVIDER_IDS } from "../../../shared/documents/book";
import {
  type CoverageListItem,
  decodeCoverageList,
  encodeCoverageList,
} from "../../components/book/coverage-list-copy";
import { coverageRows } from "./coverage-rows";

// The coverage list's first paint on a page load comes from the device's compact copy of the list
// (src/components/book/coverage-list-copy.ts): its rows must be exactly those the book's summaries give.

const TODAY = "2026-11-23";

const date = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const item: fc.Arbitrary<CoverageListItem> = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 12 }),
    customerId: fc.constantFrom("c-1", "c-2", "c-3", "c-missing"),
    plan: fc.constantFrom("lrp", "lgm"),
    providerId: fc.constantFrom(...PROVIDER_IDS),
    commodity: fc.constantFrom("0801", "0802", "0803", "0815", "0847"),
    type: fc.constantFrom("809", "810", "811", "812", "997"),
    cropYear: fc.integer({ min: 2020, max: 2030 }),
    salesDate: date,
    endDate: date,
    head: fc.nat({ max: 25_000 }),
    producerPremium: fc.oneof(
      fc.nat().map(String),
      fc.tuple(fc.nat(), fc.nat({ max: 99 })).map(([d, c]) => `${d}.${String(c).padStart(2, "0")}`),
    ),
    status: fc.constantFrom(...COVERAGE_STATUSES),
  },
  {
    requiredKeys: [
      "id",
      "customerId",
      "plan",
      "commodity",
      "type",
      "cropYear",
      "salesDate",
      "endDate",
      "head",
      "producerPremium",
      "status",
    ],
  },
) as fc.Arbitrary<CoverageListItem>;

const customers = [
  { id: "c-1", name: "Casey Ranch" },
  { id: "c-2", name: "Dale Farms" },
  { id: "c-3", name: "" },
];
const namesOf = (list: readonly { id: string; name: string }[]) => new Map(list.map((c) => [c.id, c.name]));

describe("the coverage list's compact copy", () => {
  it("gives exactly the rows of the summaries it was made from (any coverages, a customer without a summary)", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (coverages) => {
        const copy = decodeCoverageList(encodeCoverageList(coverages, customers));
        expect(copy).not.toBeNull();
        expect(coverageRows(copy?.coverages ?? [], copy?.customerNames ?? new Map(), TODAY)).toEqual(
          coverageRows(coverages, namesOf(customers), TODAY),
        );
      }),
    );
  });

  it("is not read when it is of another format, or not a copy at all", () => {
    const text = encodeCoverageList([], customers);
    expect(decodeCoverageList(text)).toEqual({ coverages: [], customerNames: new Map() });
    expect(
      decodeCoverageList(text.replace("rangeline-coverage-list:1:", "rangeline-coverage-list:0:")),
    ).toBeNull();
    expect(decodeCoverageList(undefined)).toBeNull();
    expect(decodeCoverageList("{")).toBeNull();
    expect(decodeCoverageList(JSON.stringify({ format: "x", names: [], rows: [] }))).toBeNull();
  });
});
