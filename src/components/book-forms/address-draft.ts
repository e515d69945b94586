import { REGION_STATES, REGIONS_BY_STATE } from "../../../shared/catalogue";
import type { Address } from "../../../shared/documents/book";

// The address as a form holds it (text of every field) and back to the shared shape. The state list is
// the region table's 50 states and DC; the counties are the chosen state's areas.

export interface AddressDraft {
  line1: string;
  line2: string;
  city: string;
  state: string;
  county: string;
  zip: string;
}

export const EMPTY_ADDRESS: AddressDraft = Object.freeze({
  line1: "",
  line2: "",
  city: "",
  state: "",
  county: "",
  zip: "",
});

/** The form's text of an address as stored (a partial one too: schema version 4 keeps it as typed). */
export const addressDraftFrom = (address: Partial<Address> | undefined): AddressDraft =>
  address
    ? {
        line1: address.line1 ?? "",
        line2: address.line2 ?? "",
        city: address.city ?? "",
        state: address.state ?? "",
        county: address.county ?? "",
        zip: address.zip ?? "",
      }
    : { ...EMPTY_ADDRESS };

export const isBlankAddress = (draft: AddressDraft): boolean =>
  Object.values(draft).every((v) => v.trim() === "");

const REQUIRED_PARTS: readonly [keyof AddressDraft, string][] = [
  ["line1", "street address"],
  ["city", "city"],
  ["state", "state"],
  ["zip", "ZIP code"],
];

/**
 * What a started address still lacks to be complete (street, city, state, ZIP), in words; empty for
 * a complete or a blank address. A partial address is kept as typed and shown as incomplete (docs/sync-rules.md TEXT1).
 */
export function missingAddressParts(draft: AddressDraft): string[] {
  if (isBlankAddress(draft)) return [];
  return REQUIRED_PARTS.filter(([key]) => draft[key].trim() === "").map(([, words]) => words);
}

/** "Incomplete address: add the state and ZIP code." — null when nothing is missing. */
export function incompleteAddressNote(draft: AddressDraft): string | null {
  const missing = missingAddressParts(draft);
  if (missing.length === 0) return null;
  const list =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  return `Incomplete address: add the ${list}. What is typed is kept.`;
}

/**
 * The address for the shared schema: undefined when every field is blank (an address is optional),
 * else the typed fields (line 2 and county left out when blank) for the schema to check.
 */
export function addressFromDraft(draft: AddressDraft): Address | undefined {
  if (isBlankAddress(draft)) return undefined;
  const address: Address = {
    line1: draft.line1.trim(),
    city: draft.city.trim(),
    state: draft.state,
    zip: draft.zip.trim(),
  };
  if (draft.line2.trim()) address.line2 = draft.line2.trim();
  if (draft.county) address.county = draft.county;
  return address;
}

export interface Option {
  value: string;
  label: string;
}

/** The states of the region table and DC, by name. */
export const STATE_OPTIONS: readonly Option[] = Object.freeze(
  [...REGION_STATES]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({ value: s.abbreviation, label: `${s.name} (${s.abbreviation})` })),
);

/** The counties (county-equivalents) of a state by name, value the 5-digit code; none for an unknown state. */
export function countyOptions(state: string): Option[] {
  const region = Object.hasOwn(REGIONS_BY_STATE, state) ? REGIONS_BY_STATE[state] : undefined;
  if (!region) return [];
  return Object.entries(region.areas)
    .map(([name, code]) => ({ value: code, label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** A new state clears a county that is not in it. */
export function withState(draft: AddressDraft, state: string): AddressDraft {
  const keep = draft.county !== "" && countyOptions(state).some((c) => c.value === draft.county);
  return { ...draft, state, county: keep ? draft.county : "" };
}
