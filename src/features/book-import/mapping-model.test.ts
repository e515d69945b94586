import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Sheet } from "../../../shared/book/import/types";
import { type SavedMapping, savedMappingSchema, sourceKey } from "../../../shared/documents/import-log";
import {
  combinedMapping,
  initialMappings,
  savedMapping,
  shownSample,
  withColumn,
  withDefault,
  withValueFix,
} from "./mapping-model";

const sheet = (name: string, headers: string[]): Sheet => ({ name, headers, rows: [] });
const AT = "2026-11-18T18:00:00.000Z";

describe("the import screen's mapping step", () => {
  it("guesses a new source's columns from its headers", () => {
    const [m] = initialMappings([sheet("book.csv", ["Insured Name", "SSN/EIN", "Head", "Notes"])], {});
    expect(m?.origin).toBe("guessed");
    expect(m?.columns).toEqual({ "Insured Name": "customerName", "SSN/EIN": "taxId", Head: "head" });
  });

  it("reuses the mapping saved for the same header row, whatever the file is called", () => {
    const headers = ["Producer", "Hd"];
    const saved: SavedMapping = {
      id: sourceKey(headers),
      fileName: "october.csv",
      headers,
      mapping: { version: 1, columns: { Producer: "legalName", Hd: "head" } },
      updatedAt: AT,
      updatedBy: "auth0|agent",
    };
    const [m] = initialMappings([sheet("november.csv", headers)], { [saved.id]: saved });
    expect(m).toMatchObject({ origin: "saved", savedFrom: "october.csv" });
    expect(m?.columns).toEqual({ Producer: "legalName", Hd: "head" });
  });

  it("a field is filled by one column: mapping another column to it frees the first", () => {
    const [m] = initialMappings([sheet("a.csv", ["Head", "Hd"])], {});
    const moved = withColumn(m as NonNullable<typeof m>, "Hd", "head");
    expect(moved.columns).toEqual({ Hd: "head" });
    expect(withColumn(moved, "Hd", null).columns).toEqual({});
  });

  it("sheets of one file combine into one mapping, and each is saved for its own source", () => {
    const mappings = initialMappings(
      [sheet("Customers", ["Insured Name", "SSN"]), sheet("Endorsements", ["Policy #", "Head"])],
      {},
    );
    expect(combinedMapping(mappings).columns).toEqual({
      "Insured Name": "customerName",
      SSN: "taxId",
      "Policy #": "policyNumber",
      Head: "head",
    });
    const saved = savedMapping(mappings[1] as (typeof mappings)[number], "book.xlsx", {
      at: AT,
      by: "auth0|agent",
    });
    expect(savedMappingSchema.parse(saved).mapping.columns).toEqual({
      "Policy #": "policyNumber",
      Head: "head",
    });
  });

  it("an example cell that is or looks like a tax id is masked to its last four digits", () => {
    expect(shownSample("123-45-6789", "taxId")).toBe("•••-••-6789");
    expect(shownSample("12-3456789", null)).toBe("••-•••6789");
    expect(shownSample("123456789", null)).toBe("•••-••-6789");
    expect(shownSample("12", "taxId")).toBe("•••-••-····");
    expect(shownSample("Casey Ranch", "customerName")).toBe("Casey Ranch");
    expect(shownSample("", null)).toBe("—");
  });

  it("property: whatever a file holds in a tax id column, no more than its last four digits are shown", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{9}$/),
        fc.constantFrom("###-##-####", "##-#######", "#########", "### ## ####"),
        fc.constantFrom("taxId" as const, null),
        (digits, format, field) => {
          let i = 0;
          const cell = format.replace(/#/g, () => digits[i++] as string);
          const shown = shownSample(cell, field);
          expect(shown.replace(/\D/g, "")).toBe(digits.slice(-4));
        },
      ),
    );
  });

  it("property: any header row gives mappings the saved shape accepts", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 250 }), { maxLength: 60 }), (headers) => {
        const [m] = initialMappings([sheet("x.csv", headers)], {});
        const saved = savedMapping(m as NonNullable<typeof m>, "x.csv", { at: AT, by: "auth0|agent" });
        expect(savedMappingSchema.safeParse(saved).success).toBe(true);
      }),
    );
  });
});

describe("[GROUP1] one-click fixes and values for the whole file", () => {
  it("go in every sheet's mapping, combine into the engine's mapping and are saved with it", () => {
    const [sheet] = initialMappings([{ name: "a.csv", headers: ["Insured", "Type"], rows: [] }], {});
    if (!sheet) throw new Error("no sheet");
    let ms = withValueFix([sheet], "type", "Steers Wt 1", "809");
    ms = withDefault(ms, "county", "Custer");
    expect(combinedMapping(ms)).toMatchObject({
      defaults: { county: "Custer" },
      values: { type: { "Steers Wt 1": "809" } },
    });
    const saved = savedMapping(ms[0] as NonNullable<(typeof ms)[0]>, "a.csv", {
      at: "2026-11-27T15:00:00.000Z",
      by: "u",
    });
    expect(savedMappingSchema.parse(saved).mapping).toMatchObject({
      defaults: { county: "Custer" },
      values: { type: { "Steers Wt 1": "809" } },
    });
    expect(combinedMapping(withDefault(withValueFix(ms, "type", "Steers Wt 1", ""), "county", ""))).toEqual({
      version: 1,
      columns: combinedMapping(ms).columns,
    });
  });
});
