import { describe, expect, it } from "vitest";
import { applyToBook } from "../../../tests/fixtures/import/apply-json";
import { toCsv } from "../../../tests/fixtures/import/book-rows";
import { importContext, planRows } from "../../../tests/fixtures/import/plan-rows";
import { guessMapping } from "./mapping";
import { parseCsv } from "./parse";
import { planImport } from "./plan";
import type { ImportPlan } from "./types";

// [MERGE1] One person on several rows, written several ways, is stored in its best-formed spelling;
// [TAXMASK1] a masked tax id is "no tax id given", never a refusal.

const HEADERS = ["Insured Name", "SSN/EIN", "Email", "Phone", "Address", "City", "State", "Zip"];
const ADDRESS = ["100 Range Road", "Broken Bow", "Nebr.", "68822"];
const JOHNSON = [
  ["robert johnson", "510-10-1000", "Bob.Johnson@Example.COM ", "402.555.0123", ...ADDRESS],
  ["JOHNSON, ROBERT ", "510-10-1000", "bob.johnson@example.com", "4025550123", ...ADDRESS],
  ["Robert Johnson", "510-10-1000", "BOB.JOHNSON@EXAMPLE.COM", "+1 402 555 0123", ...ADDRESS],
];

const profileOf = (plan: ImportPlan) =>
  Object.fromEntries(
    plan.writes
      .find((w) => w.kind === "customer")
      ?.entries.filter((e) => e.section === "profile")
      .map((e) => [e.key, e.value]) ?? [],
  );
const entityOf = (plan: ImportPlan) =>
  plan.writes.find((w) => w.kind === "customer")?.entries.find((e) => e.section === "entities")
    ?.value as Record<string, unknown>;

describe("[MERGE1] clean values when rows merge", () => {
  it.each([
    ["in file order", JOHNSON],
    ["in reverse order", [...JOHNSON].reverse()],
    ["best first", [JOHNSON[2], JOHNSON[0], JOHNSON[1]] as string[][]],
  ])("keeps the best-formed name, a lower-case e-mail and a formatted phone (%s)", (_, rows) => {
    const plan = planRows("agency.csv", HEADERS, rows);
    expect(plan.report.refused).toEqual([]);
    expect(plan.report.counts.customer.create).toBe(1);
    expect(profileOf(plan)).toMatchObject({
      name: "Robert Johnson",
      email: "bob.johnson@example.com",
      mobilePhone: "(402) 555-0123",
      address: { state: "NE", zip: "68822" },
    });
    expect(entityOf(plan)).toMatchObject({ legalName: "Robert Johnson", type: "I" });
    const again = planRows("agency.csv", HEADERS, rows, applyToBook([], plan.writes), {
      importId: "IMPORT2",
    });
    expect(again.report.refused).toEqual([]);
    expect(again.report.counts.customer).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect(again.writes).toEqual([]);
  });
});

describe("[TAXMASK1] a masked tax id", () => {
  it("imports the customer and entity without a tax id; the entity's type is read from the name", () => {
    const plan = planRows("agency.csv", HEADERS, [
      ["Dale & Karen Miller", "xxx-xx-4471", "", "", ...ADDRESS],
    ]);
    expect(plan.report.refused).toEqual([]);
    expect(plan.report.counts.entity.create).toBe(1);
    expect(entityOf(plan)).toMatchObject({ legalName: "Dale & Karen Miller", type: "S" });
    expect(entityOf(plan)).not.toHaveProperty("taxIdLast4");
    expect(plan.writes.some((w) => w.kind === "customerInternal")).toBe(false);
    expect(plan.report.notes?.map((n) => n.message)).toEqual([
      "row 2, SSN/EIN: the tax id is masked, so it is read as not given: add the full one on the entity",
      "row 2: no entity type given: read as Spousal/Married (S) from the name",
    ]);
  });
});

describe("[READ1] a crop year column", () => {
  it("sets a new policy's crop year and reinsurance year (CY2026 while today is in crop year 2027)", () => {
    const plan = planRows(
      "agency.csv",
      [...HEADERS, "Policy #", "Insurance Co", "County", "Crop Year"],
      [["Robert Johnson", "510-10-1000", "", "", ...ADDRESS, "RH-1", "Rain & Hail", "Custer", "CY2026"]],
    );
    expect(plan.report.refused).toEqual([]);
    const policy = plan.writes
      .find((w) => w.kind === "customer")
      ?.entries.find((e) => e.section === "policies")?.value;
    expect(policy).toMatchObject({
      providerId: "rh",
      county: "31041",
      cropYear: 2026,
      reinsuranceYear: 2026,
    });
  });
});

describe("[READ2] a value that could mean two things", () => {
  const headers = [...HEADERS, "Policy #", "AIP", "County", "Commodity", "Type"];
  const row = (type: string) => [
    "Robert Johnson",
    "510-10-1000",
    "",
    "",
    ...ADDRESS,
    "RH-1",
    "Rain & Hail",
    "Custer",
    "Feeders",
    type,
  ];
  it("is refused with its choices, and read as the chosen one once the mapping's values answer it", () => {
    const first = planRows("agency.csv", headers, [row("Steers"), row("STEERS")]);
    expect(first.report.refused.map((p) => [p.line, p.value, p.choices])).toEqual([
      [
        2,
        "Steers",
        [
          { value: "809", label: "Steers Weight 1 (Steers <600 lbs)" },
          { value: "810", label: "Steers Weight 2 (Steers 600-1000 lbs)" },
        ],
      ],
      [3, "STEERS", expect.any(Array)],
    ]);
  });
  it("a chosen value reads every row with the same text", () => {
    const sheet = parseCsv("agency.csv", toCsv(headers, [row("Steers"), row("steers ")]));
    const mapping = { ...guessMapping(sheet.headers), values: { type: { Steers: "809" } } };
    const plan = planImport({ sheets: [sheet], mapping, book: [], context: importContext("agency.csv") });
    expect(plan.report.refused).toEqual([]);
    expect(plan.report.held.map((h) => h.line)).toEqual([2, 3]);
  });
});
