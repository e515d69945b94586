import {
  ENTITY_TYPE_CODE_BY_LABEL,
  ENTITY_TYPE_LABEL_BY_CODE,
  FARMER_CLASSIFICATIONS,
  INSURANCE_PROVIDERS,
  LGM_COMMODITY_CODE_BY_LABEL,
  LRP_COMMODITY_CODE_BY_LABEL,
  LRP_TYPES,
  PROVIDER_ID_BY_TWO_LETTER_CODE,
  REGION_STATES,
  REGIONS_BY_STATE,
  regionForCode,
  SELECTABLE_ENTITY_TYPE_CODES,
} from "../../catalogue";
import { LGM_TYPES } from "../../catalogue/lgm-types";
import { TAX_ID_TYPES, type TaxIdType } from "../../documents/tax-id";
import { COVERAGE_STATUSES, POLICY_STATUSES } from "../statuses";
import { quoted } from "./read-figures";
import type { Choice, Reading } from "./reading";
import { COMMODITY_NAMES, PLAN_NAMES } from "./synonyms/commodities";
import { AMBIGUOUS_ENTITY_TYPES, ENTITY_TYPE_NAMES } from "./synonyms/entity-types";
import { COMPANY_SUFFIXES, PROVIDER_NAMES } from "./synonyms/providers";
import { STATE_ABBREVIATIONS } from "./synonyms/states";
import { TYPE_NAMES } from "./synonyms/types";

// A cell's text as a field's value (docs/book-import.md §Reading values). Agencies' files write the same
// thing many ways: codes, RMA's names, the catalogue's labels and the shortenings of agency and AIP
// exports (synonyms/*.ts, each with its sources) — compared without case, spacing or punctuation
// ("NAU Country Ins. Co." = "NAU Country", "Steers Wt 1" = "Steers Weight 1", "Nebr." = NE). A text
// that names two things is answered as ambiguous with its candidates (reading.ts), for the agent to
// choose once for the file. Figures, dates and tax ids are read-figures.ts'. Each reader answers the
// value or a sentence in the agent's words (labels, not codes), never echoing a tax id. The records'
// own schemas and rules judge the values afterwards.

export {
  readCropYear,
  readDate,
  readDecimal,
  readFraction,
  readInteger,
  readTaxId,
  readWeightCwt,
} from "./read-figures";

/** A reader's answer (reading.ts: a value, a value with a note, a refusal, or an ambiguity). */
export type Read<T> = Reading<T>;
const ok = <T>(value: T, note?: string): Read<T> => (note ? { ok: true, value, note } : { ok: true, value });
const no = <T>(message: string): Read<T> => ({ ok: false, message });

/** A name as compared: lower case, "&" and "and" dropped, letters, digits and < > + kept. */
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/&|\band\b/g, " ")
    .replace(/[^a-z0-9<>+]/g, "");

/** An index from names to values: a name of two values is ambiguous. */
class Names<T> {
  private readonly map = new Map<string, T[]>();
  constructor(private readonly keyOf: (text: string) => string = key) {}
  add(name: string | null | undefined, value: T): this {
    if (!name) return this;
    const k = this.keyOf(name);
    if (k === "") return this;
    const list = this.map.get(k) ?? [];
    if (!list.includes(value)) list.push(value);
    this.map.set(k, list);
    return this;
  }
  get(text: string): T[] {
    return this.map.get(this.keyOf(text)) ?? [];
  }
}

/** One value, a choice among several (labelled by `label`), or a refusal with `message`. */
function answer<T>(text: string, found: T[], label: (v: T) => string, message: string): Read<T> {
  const [first] = found;
  if (found.length === 1 && first !== undefined) return ok(first);
  if (found.length === 0) return no(message);
  const candidates: Choice<T>[] = found.map((value) => ({ value, label: label(value) }));
  const names = candidates.map((c) => c.label);
  return {
    ok: false,
    message: `${quoted(text)} could be ${names.slice(0, -1).join(", ")} or ${names.at(-1)}: choose one for the file`,
    ambiguous: { text, candidates },
  };
}

const listed = (names: readonly string[]) => `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

const TAX_TYPE_WORDS: Record<string, TaxIdType> = {
  ssn: 1,
  socialsecuritynumber: 1,
  ein: 2,
  fein: 2,
  employeridentificationnumber: 2,
  rmaissued: 3,
  rma: 3,
  bia: 5,
  bureauofindianaffairs: 5,
};
export function readTaxIdType(text: string): Read<TaxIdType> {
  const k = key(text);
  const n = Number(k);
  if ((TAX_ID_TYPES as readonly number[]).includes(n)) return ok(n as TaxIdType);
  const word = TAX_TYPE_WORDS[k];
  return word
    ? ok(word)
    : no(`${quoted(text)} is not a tax id type: SSN, EIN, RMA Issued or Bureau of Indian Affairs`);
}

const entityLabel = (code: string) =>
  `${ENTITY_TYPE_LABEL_BY_CODE[code as keyof typeof ENTITY_TYPE_LABEL_BY_CODE]} (${code})`;
const ENTITY_NAMES = new Names<string>();
for (const c of SELECTABLE_ENTITY_TYPE_CODES) ENTITY_NAMES.add(c, c);
for (const [label, c] of Object.entries(ENTITY_TYPE_CODE_BY_LABEL))
  if (SELECTABLE_ENTITY_TYPE_CODES.includes(c)) ENTITY_NAMES.add(label, c);
for (const [c, names] of Object.entries(ENTITY_TYPE_NAMES)) for (const n of names) ENTITY_NAMES.add(n, c);
for (const [word, codes] of Object.entries(AMBIGUOUS_ENTITY_TYPES))
  for (const c of codes) ENTITY_NAMES.add(word, c);
/** Two given names joined by "&" or "and" ("Dale & Karen", "Dale and Karen Miller"): a married couple. */
const COUPLE = /^[a-z][a-z.'-]+\s*(?:&|\band\b|\+)\s*[a-z][a-z.'-]+(?:\s+[a-z][a-z.'-]+)?$/i;

/** An entity type: its code (I, Y), RMA's label, or an everyday word (Individual, LLC, Husband & Wife). */
export function readEntityType(text: string): Read<string> {
  const found = ENTITY_NAMES.get(text);
  if (found.length === 0 && COUPLE.test(text.trim()))
    return ok("S", `${quoted(text)} names two people: read as ${entityLabel("S")}`);
  return answer(
    text,
    found,
    entityLabel,
    `${quoted(text)} is not an entity type: ${listed(SELECTABLE_ENTITY_TYPE_CODES.map(entityLabel))}`,
  );
}

/** Words that say a name is a business's, not a person's. */
const BUSINESS =
  /\b(ranch(es)?|farms?|cattle|feeders?|feedyards?|feedlots?|land|livestock|enterprises?|acres|dairy|holdings|ag|agri|brothers|bros|sons|family|company|co|group|associates|properties|partners|partnership|inc|corp|corporation|llc|l\.l\.c|ltd|trust|estate|lp|llp)\b/i;

/**
 * The entity type a legal name says when no column gives one: "… LLC" (Y), "… Inc" or "… Corp" (C),
 * "… Partnership" (P), "Estate of …" (D), "… Revocable/Irrevocable Trust" (R/T; "Trust" alone asks),
 * "Dale & Karen Miller" (S), a person's name of two to four words without a business word (I). A
 * business's name that says no type ("Miller Ranch") answers undefined: the agent gives it.
 */
export function entityTypeOfName(name: string): Read<string> | undefined {
  const t = name.trim();
  const because = (code: string) =>
    ok(code, `no entity type given: read as ${entityLabel(code)} from the name`);
  if (/\b(llc|l\.l\.c\.?|limited liability)\b/i.test(t)) return because("Y");
  if (/\b(inc|incorporated|corp|corporation)\b\.?/i.test(t)) return because("C");
  if (/\b(partnership|lp|llp)\b/i.test(t)) return because("P");
  if (/^estate of\b|\bestate$/i.test(t)) return because("D");
  if (/\birrevocable\b.*\btrust\b/i.test(t)) return because("T");
  if (/\b(revocable|living)\b.*\btrust\b/i.test(t)) return because("R");
  if (/\btrust\b/i.test(t)) return readEntityType("Trust");
  if (BUSINESS.test(t) || /\d/.test(t)) return undefined;
  if (COUPLE.test(t)) return because("S");
  const words = t.split(/[\s,]+/).filter(Boolean);
  if (words.length >= 2 && words.length <= 4 && words.every((w) => /^[a-z][a-z.'-]*$/i.test(w)))
    return because("I");
  return undefined;
}

const FARMER_NAMES = new Names<(typeof FARMER_CLASSIFICATIONS)[number]>();
for (const c of FARMER_CLASSIFICATIONS) FARMER_NAMES.add(c, c);
for (const w of ["bfr", "beginning", "beginning farmer", "beginning rancher"])
  FARMER_NAMES.add(w, "Beginning Farmer/Rancher");
for (const w of ["vfr", "veteran", "veteran farmer", "veteran rancher"])
  FARMER_NAMES.add(w, "Veteran Farmer/Rancher");
for (const w of ["none", "no", "n", "neither", "n/a", "standard", "regular"]) FARMER_NAMES.add(w, "Neither");
export function readFarmerClassification(text: string): Read<(typeof FARMER_CLASSIFICATIONS)[number]> {
  return answer(
    text,
    FARMER_NAMES.get(text),
    (c) => c,
    `${quoted(text)} is not a farmer classification: Beginning, Veteran or Neither`,
  );
}

const STATE_NAMES = new Names<string>((t) => t.toLowerCase().replace(/[^a-z0-9]/g, ""));
for (const s of REGION_STATES) {
  STATE_NAMES.add(s.abbreviation, s.abbreviation).add(s.name, s.abbreviation).add(s.fips, s.abbreviation);
  for (const a of STATE_ABBREVIATIONS[s.abbreviation] ?? []) STATE_NAMES.add(a, s.abbreviation);
}
/** A US state: its two letters (NE, ne), its name (Nebraska), an abbreviation (Nebr.) or its FIPS code (31). */
export function readState(text: string): Read<string> {
  const t = /^\d$/.test(text.trim()) ? `0${text.trim()}` : text;
  return answer(
    text,
    STATE_NAMES.get(t),
    (s) => s,
    `${quoted(text)} is not a US state: write its two letters (NE) or its name (Nebraska)`,
  );
}

/** A county of `state`: its 5-digit code, its 3-digit code in the state, or its name ("Custer County"). */
export function readCounty(text: string, state: string | undefined): Read<string> {
  const t = text.trim();
  const stateName = state ? (REGIONS_BY_STATE[state]?.name ?? state) : undefined;
  if (/^\d{5}$/.test(t)) {
    const row = regionForCode(t);
    if (row && row.area !== null && (!state || row.state === state)) return ok(t);
    return no(`${t} is not a county${stateName ? ` of ${stateName}` : ""}`);
  }
  const region = state ? REGIONS_BY_STATE[state] : undefined;
  if (!region) return no("give the policy's state first: a county is read within its state");
  if (/^\d{1,3}$/.test(t)) {
    const code = `${region.code.slice(0, 2)}${t.padStart(3, "0")}`;
    const row = regionForCode(code);
    return row && row.area !== null ? ok(code) : no(`${t} is not a county of ${stateName}`);
  }
  const bare = (s: string) =>
    key(s.replace(/\b(county|parish|borough|co\.?|cnty)\s*$/i, "").replace(/^(st\.?|saint)\s+/i, "saint "));
  const wanted = bare(t);
  for (const [name, code] of Object.entries(region.areas)) if (bare(name) === wanted) return ok(code);
  return no(`${quoted(text)} is not a county of ${stateName}`);
}

/** A company's name as compared: "&"/"and" and a trailing company word dropped ("NAU Country Ins. Co."). */
const companyKey = (text: string) => {
  let words = text
    .toLowerCase()
    .replace(/&|\band\b/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  for (let again = true; again; ) {
    again = false;
    for (const s of COMPANY_SUFFIXES)
      if (words.endsWith(` ${s}`)) {
        words = words.slice(0, -s.length - 1).trim();
        again = true;
        break;
      }
  }
  return words.replace(/ /g, "");
};
const PROVIDERS = new Names<string>(companyKey);
for (const p of INSURANCE_PROVIDERS) {
  PROVIDERS.add(p.id, p.id).add(p.name, p.id);
  for (const n of PROVIDER_NAMES[p.id]) PROVIDERS.add(n, p.id);
}
for (const [code, id] of Object.entries(PROVIDER_ID_BY_TWO_LETTER_CODE)) PROVIDERS.add(code, id);
const providerName = (id: string) => INSURANCE_PROVIDERS.find((p) => p.id === id)?.name ?? id;
/** An insurance provider: its name or a shortening (Rain & Hail, NAU, NAU Country Ins. Co.) or its code. */
export function readProvider(text: string): Read<string> {
  return answer(
    text,
    PROVIDERS.get(text),
    providerName,
    `${quoted(text)} is not an insurance provider Rangeline knows: ${listed(INSURANCE_PROVIDERS.map((p) => p.name))}`,
  );
}

const PLANS = new Names<"lrp" | "lgm">();
for (const [plan, names] of Object.entries(PLAN_NAMES) as ["lrp" | "lgm", readonly string[]][])
  for (const n of names) PLANS.add(n, plan);
/** A plan: LRP or LGM, RMA's code (81, 82) or the plan's name, whole or its start. */
export function readPlan(text: string): Read<"lrp" | "lgm"> {
  const found = PLANS.get(text);
  if (found.length > 0) return answer(text, found, (p) => p.toUpperCase(), "");
  const k = key(text);
  if (k.startsWith("livestockriskprotection") || /^lrp/.test(k)) return ok("lrp");
  if (k.startsWith("livestockgrossmargin") || /^lgm/.test(k)) return ok("lgm");
  return no(`${quoted(text)} is not a plan: LRP (Livestock Risk Protection) or LGM (Livestock Gross Margin)`);
}

const COMMODITY_LABEL: Record<string, string> = {
  "0801": "Feeder Cattle",
  "0802": "Fed Cattle",
  "0803": "Cattle (LGM)",
  "0815": "Swine",
  "0847": "Dairy Cattle",
};
const COMMODITIES = new Names<string>();
for (const [l, c] of Object.entries(LRP_COMMODITY_CODE_BY_LABEL)) COMMODITIES.add(l, c);
for (const [l, c] of Object.entries(LGM_COMMODITY_CODE_BY_LABEL)) COMMODITIES.add(l, c);
for (const [c, names] of Object.entries(COMMODITY_NAMES)) for (const n of names) COMMODITIES.add(n, c);
/** A commodity: its code (0801, 801), its name (Feeder Cattle) or a word agencies use (Feeders, FC, Hogs). */
export function readCommodity(text: string): Read<string> {
  const t = text.trim();
  if (/^\d{3,4}$/.test(t) && Object.hasOwn(COMMODITY_LABEL, t.padStart(4, "0")))
    return ok(t.padStart(4, "0"));
  return answer(
    text,
    COMMODITIES.get(t),
    (c) => COMMODITY_LABEL[c] ?? c,
    `${quoted(text)} is not a livestock commodity: ${listed(Object.values(COMMODITY_LABEL))}`,
  );
}

interface TypeEntry {
  commodity: string;
  code: string;
  rma: string;
}
const TYPES = new Names<TypeEntry>((t) => key(t.replace(/\b(lbs?|pounds?)\b\.?|#/gi, "")));
const BARE_TYPES = new Names<TypeEntry>((t) => key(t));
for (const t of TYPE_NAMES) {
  const entry: TypeEntry = { commodity: t.commodity, code: t.code, rma: t.rma };
  TYPES.add(t.rma, entry).add(t.abbreviation, entry);
  for (const n of t.names) TYPES.add(n, entry);
  for (const n of t.bare ?? []) BARE_TYPES.add(n, entry);
  for (const x of LRP_TYPES)
    if (x.commodityCode === t.commodity && x.code === t.code) TYPES.add(x.label, entry);
  for (const x of LGM_TYPES)
    if (x.commodityCode === t.commodity && x.code === t.code)
      TYPES.add(x.label, entry).add(x.typeLabel, entry);
}
const typeLabel = (e: TypeEntry) => {
  const catalogue = LRP_TYPES.find((x) => x.commodityCode === e.commodity && x.code === e.code)?.label;
  return catalogue && key(catalogue) !== key(e.rma) ? `${e.rma} (${catalogue})` : e.rma;
};

/**
 * A type of `commodity`: its code (809), RMA's name (Steers Weight 1), its abbreviation (SW1), the
 * catalogue's label (Steers <600 lbs) or an export's shortening (Steers Wt 1, Str W1, Light Steers). A
 * bare animal ("Steers") is ambiguous among its weight classes.
 */
export function readType(text: string, commodity: string | undefined): Read<string> {
  const t = text.trim();
  const of = (list: TypeEntry[]) => list.filter((e) => commodity === undefined || e.commodity === commodity);
  const code = /^\d{1,4}$/.test(t) ? t.replace(/^0(?=\d{3}$)/, "").padStart(3, "0") : null;
  const named = code ? [] : of(TYPES.get(t));
  let found = code
    ? of(TYPE_NAMES.filter((x) => x.code === code))
    : named.length > 0
      ? named
      : of(BARE_TYPES.get(t));
  // One code under several commodities (997, 821) is one answer once the commodity is known.
  found = found.filter((e, i) => found.findIndex((f) => f.code === e.code) === i);
  const kinds = commodity ? (COMMODITY_LABEL[commodity] ?? commodity) : null;
  const names = () => listed([...new Set(of([...TYPE_NAMES]).map((e) => e.rma))]);
  const read = answer(
    text,
    found,
    typeLabel,
    found.length > 0
      ? ""
      : kinds
        ? `${quoted(text)} is not a ${kinds} type: ${names()}`
        : `${quoted(text)} is not a livestock type: give the commodity, or a type such as Steers Weight 1`,
  );
  return read.ok
    ? ok(read.value.code)
    : read.ambiguous
      ? {
          ok: false,
          message: read.message,
          ambiguous: {
            text,
            candidates: read.ambiguous.candidates.map((c) => ({ value: c.value.code, label: c.label })),
          },
        }
      : no(read.message);
}

export function readPolicyStatus(text: string): Read<(typeof POLICY_STATUSES)[number]> {
  const s = POLICY_STATUSES.find((x) => x === text.trim().toLowerCase());
  return s ? ok(s) : no(`${quoted(text)} is not a policy status: ${listed(POLICY_STATUSES)}`);
}

export function readCoverageStatus(text: string): Read<(typeof COVERAGE_STATUSES)[number]> {
  const s = COVERAGE_STATUSES.find((x) => x === text.trim().toLowerCase());
  return s ? ok(s) : no(`${quoted(text)} is not an endorsement status: ${listed(COVERAGE_STATUSES)}`);
}
