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

const states: StateRegion[] = [];
const byCode = new Map<string, RegionRow>();

for (const [fips, abbreviation, name] of STATE_ROWS) {
  const code = `${fips}000`;
  const areas: Record<string, string> = {};
  byCode.set(code, { code, state: abbreviation, stateName: name, area: null });
  for (const entry of (COUNTY_ROWS[fips] ?? "").split("|")) {
    const areaCode = fips + entry.slice(0, 3);
    const area = entry.slice(4);
    areas[area] = areaCode;
    byCode.set(areaCode, { code: areaCode, state: abbreviation, stateName: name, area });
  }
  states.push(Object.freeze({ abbreviation, name, fips, code, areas: Object.freeze(areas) }));
}

/** The 50 states and DC, by FIPS code. */
export const REGION_STATES: readonly StateRegion[] = Object.freeze(states);

export const REGIONS_BY_STATE: Readonly<Record<string, StateRegion>> = Object.freeze(
  Object.fromEntries(states.map((s) => [s.abbreviation, s])),
);

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
  return byCode.get(code);
}

/** Every row, states first within their own block, in code order. */
export const allRegionRows = (): RegionRow[] =>
  [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
