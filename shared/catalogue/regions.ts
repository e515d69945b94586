import { COUNTY_ROWS, STATE_ROWS } from "./regions.generated";

// Spec §3 "Region table": US state abbreviation (plus DC) → area name → 5-digit county code (first two
// digits the state's FIPS code; the state's own row ends in 000, e.g. Ohio 39000), and the reverse
// lookup code → state and area. Data: regions.generated.ts, generated from us-atlas (see
// regions-build.ts for scope and naming). Lookups return undefined for unknown input; callers that
// must fail say what was unknown.

export interface StateRegion {
  abbreviation: string;
  name: string;
  fips: string;
  /** The state's own row: FIPS + "000". */
  code: string;
  /** Area name → 5-digit code, in code order. */
  areas: Readonly<Record<string, string>>;
}

export interface RegionRow {
  code: string;
  state: string;
  stateName: string;
  /** The county-equivalent's name; null for the state's own row. */
  area: string | null;
}

/** Each state's county-equivalents as [5-digit code, area name], from the generated rows. */
function areasOf(fips: string): [string, string][] {
  return (COUNTY_ROWS[fips] ?? "").split("|").map((entry) => [fips + entry.slice(0, 3), entry.slice(4)]);
}

// The tables are built by calls marked pure, with no property read of a shared value at the top level,
// so a bundle that imports the catalogue without using regions (the pricing worker) leaves the county
// table out.

// A state's areas are read from the generated rows the first time someone asks (a page that only
// validates a state, or none, does not build 3,000 county entries as it starts).
function buildStates(): readonly StateRegion[] {
  return Object.freeze(
    STATE_ROWS.map(([fips, abbreviation, name]) => {
      let areas: Readonly<Record<string, string>> | undefined;
      return Object.freeze({
        abbreviation,
        name,
        fips,
        code: `${fips}000`,
        get areas() {
          areas ??= Object.freeze(Object.fromEntries(areasOf(fips).map(([code, area]) => [area, code])));
          return areas;
        },
      });
    }),
  );
}

function buildByCode(): Map<string, RegionRow> {
  const byCode = new Map<string, RegionRow>();
  for (const [fips, state, stateName] of STATE_ROWS) {
    byCode.set(`${fips}000`, { code: `${fips}000`, state, stateName, area: null });
    for (const [code, area] of areasOf(fips)) byCode.set(code, { code, state, stateName, area });
  }
  return byCode;
}

const indexByAbbreviation = (states: readonly StateRegion[]): Readonly<Record<string, StateRegion>> =>
  Object.freeze(Object.fromEntries(states.map((s) => [s.abbreviation, s])));

/** The 50 states and DC, by FIPS code. */
export const REGION_STATES: readonly StateRegion[] = /* @__PURE__ */ buildStates();

export const REGIONS_BY_STATE: Readonly<Record<string, StateRegion>> =
  /* @__PURE__ */ indexByAbbreviation(REGION_STATES);

let byCodeBuilt: Map<string, RegionRow> | undefined;
const byCode = (): Map<string, RegionRow> => {
  byCodeBuilt ??= buildByCode();
  return byCodeBuilt;
};

/** State abbreviation → its own code (OH → 39000); undefined for an unknown abbreviation. */
export function stateRegionCode(state: string): string | undefined {
  return Object.hasOwn(REGIONS_BY_STATE, state) ? REGIONS_BY_STATE[state]?.code : undefined;
}

/** State abbreviation and area name → 5-digit code; undefined when either is unknown. */
export function regionCode(state: string, area: string): string | undefined {
  const region = Object.hasOwn(REGIONS_BY_STATE, state) ? REGIONS_BY_STATE[state] : undefined;
  return region && Object.hasOwn(region.areas, area) ? region.areas[area] : undefined;
}

/** Reverse lookup: 5-digit code → state and area (area null for a state's own xx000 row). */
export function regionForCode(code: string): RegionRow | undefined {
  return byCode().get(code);
}

/** Every row, states first within their own block, in code order. */
export const allRegionRows = (): RegionRow[] =>
  [...byCode().values()].sort((a, b) => a.code.localeCompare(b.code));
