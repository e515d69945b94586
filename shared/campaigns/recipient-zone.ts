import { regionForCode } from "../catalogue/regions";
import { COUNTY_ZONES, STATE_ZONES } from "./us-time-zones";

// A recipient's IANA time zone from the customer's address (SMS quiet hours, docs/campaigns.md): the county's
// zone where the state spans zones, else the state's; the organisation's zone when the address is
// missing or names no known state. Data and sources: us-time-zones.ts.

export interface ZoneAddress {
  state?: string;
  /** The 5-digit county code of the region table. */
  county?: string;
}

let byCounty: Map<string, string> | undefined;

/** County name within its state → zone, for the states that span zones. */
function countyZone(state: string, countyCode: string): string | undefined {
  if (!byCounty) {
    byCounty = new Map();
    for (const [st, zones] of Object.entries(COUNTY_ZONES))
      for (const [zone, counties] of Object.entries(zones))
        for (const county of counties) byCounty.set(`${st}\n${county}`, zone);
  }
  const row = regionForCode(countyCode);
  if (!row || row.state !== state || row.area === null) return undefined;
  return byCounty.get(`${state}\n${row.area}`);
}

/** The zone a customer at this address keeps; `fallback` (the organisation's) when unknown. */
export function recipientTimeZone(address: ZoneAddress | undefined, fallback: string): string {
  const state = address?.state;
  if (!state || !Object.hasOwn(STATE_ZONES, state)) return fallback;
  return (address.county && countyZone(state, address.county)) || STATE_ZONES[state];
}
