import counties from "us-atlas/counties-10m.json";
import atlasPackage from "us-atlas/package.json";
import states from "us-atlas/states-10m.json";
import { describe, expect, it } from "vitest";
import {
  allRegionRows,
  REGION_STATES,
  REGIONS_BY_STATE,
  regionCode,
  regionForCode,
  stateRegionCode,
} from "./regions";
import committed from "./regions.generated.ts?raw";
import { type AtlasTopology, buildRegionsModule, STATE_ABBREVIATION_BY_FIPS } from "./regions-build";

describe("region table (spec §3)", () => {
  it("regions.generated.ts is exactly a fresh generation from us-atlas (never hand-edited)", () => {
    const fresh = buildRegionsModule(
      counties as AtlasTopology,
      states as AtlasTopology,
      atlasPackage.version,
    );
    expect(committed).toBe(fresh);
  });

  it("covers the 50 states and DC, no territories", () => {
    expect(REGION_STATES).toHaveLength(51);
    expect(Object.keys(REGIONS_BY_STATE).sort()).toEqual(Object.values(STATE_ABBREVIATION_BY_FIPS).sort());
    for (const territory of ["PR", "GU", "VI", "AS", "MP"])
      expect(REGIONS_BY_STATE[territory]).toBeUndefined();
    expect(regionForCode("72001")).toBeUndefined();
  });

  it("every county-equivalent of us-atlas in the states and DC is in the table (3,142)", () => {
    const expected = (counties as AtlasTopology).objects.counties?.geometries
      .map((g) => String(g.id))
      .filter((id) => Object.hasOwn(STATE_ABBREVIATION_BY_FIPS, id.slice(0, 2)))
      .sort();
    const areaCodes = allRegionRows()
      .filter((r) => r.area !== null)
      .map((r) => r.code);
    expect(areaCodes).toEqual(expected);
    expect(areaCodes).toHaveLength(3142);
  });

  it("the state's own row ends in 000 (Ohio 39000)", () => {
    expect(stateRegionCode("OH")).toBe("39000");
    expect(REGIONS_BY_STATE.OH?.name).toBe("Ohio");
    expect(regionForCode("39000")).toEqual({ code: "39000", state: "OH", stateName: "Ohio", area: null });
    for (const s of REGION_STATES) expect(s.code).toBe(`${s.fips}000`);
    expect(stateRegionCode("ZZ")).toBeUndefined();
  });

  it.each([
    // A Louisiana parish, Alaska boroughs and a census area, Virginia independent cities, DC.
    ["LA", "Orleans", "22071"],
    ["LA", "Tangipahoa", "22105"],
    ["AK", "Anchorage", "02020"],
    ["AK", "North Slope", "02185"],
    ["AK", "Bethel", "02050"],
    ["AK", "Kusilvak", "02158"],
    ["VA", "Alexandria", "51510"],
    ["VA", "Charlottesville", "51540"],
    ["VA", "Richmond city", "51760"],
    ["VA", "Richmond", "51159"],
    ["MD", "Baltimore city", "24510"],
    ["MD", "Baltimore", "24005"],
    ["MO", "St. Louis city", "29510"],
    ["DC", "District of Columbia", "11001"],
    ["OH", "Franklin", "39049"],
    ["HI", "Kalawao", "15005"],
  ])("%s %s → %s and back", (state, area, code) => {
    expect(regionCode(state, area)).toBe(code);
    expect(regionForCode(code)).toMatchObject({ code, state, area });
  });

  it("first two digits are the state's code", () => {
    for (const row of allRegionRows()) {
      expect(row.code).toMatch(/^\d{5}$/);
      expect(REGIONS_BY_STATE[row.state]?.fips).toBe(row.code.slice(0, 2));
    }
  });

  it("unknown lookups give undefined", () => {
    expect(regionCode("OH", "Nowhere")).toBeUndefined();
    expect(regionCode("XX", "Adams")).toBeUndefined();
    expect(regionCode("OH", "toString")).toBeUndefined();
    expect(regionForCode("99999")).toBeUndefined();
  });

  it("the build fails loudly on bad atlas data", () => {
    const st = states as AtlasTopology;
    const bad = (geometries: { id: string; properties: { name: string } }[]): AtlasTopology => ({
      objects: { counties: { geometries } },
    });
    expect(() => buildRegionsModule(bad([{ id: "99001", properties: { name: "X" } }]), st, "0")).toThrow(
      "unknown state FIPS code 99",
    );
    expect(() => buildRegionsModule(bad([{ id: "3900", properties: { name: "X" } }]), st, "0")).toThrow(
      'counties[0]: id "3900" is not 5 digits',
    );
  });
});
