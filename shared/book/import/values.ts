import {
  ENTITY_TYPE_CODE_BY_LABEL,
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
import { TAX_ID_TYPES, type TaxIdType, taxIdDigits } from "../../documents/tax-id";
import { isIsoDate } from "../../market/dates";
import { COVERAGE_STATUSES, POLICY_STATUSES } from "../statuses";
import type { Reading } from "./reading";

// A cell's text as a field's value (docs/book-import.md). Agencies' files write the same thing many ways:
// codes or labels (0801 / Feeder Cattle; 809 / Steers <600 lbs / Steers Weight 1), dates as 2026-11-18,
// 11/18/2026 or an Excel serial day, amounts with "$" and thousands commas, shares and levels as 85 %
// or 0.85. Each reader answers the value or a sentence saying what is expected (never echoing a tax id).
// The records' own schemas and rules judge the values afterwards.

/** A reader's answer (reading.ts: a value, a value with a note, a refusal, or an ambiguity). */
export type Read<T> = Reading<T>;
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = <T>(message: string): Read<T> => ({ ok: false, message });
const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9<>]/g, "");

/** A whole number: "13,000", "13000", "13000.0". */
export function readInteger(text: string): Read<number> {
  const t = text.replace(/,/g, "").trim();
  if (!/^\d{1,9}(\.0+)?$/.test(t)) return no(`${quoted(text)} is not a whole number`);
  return ok(Number.parseInt(t, 10));
}

/** A decimal amount as exact text: "$1,234.50" → "1234.50"; no exponents, no words. */
export function readDecimal(text: string): Read<string> {
  const t = text.replace(/[$,\s]/g, "");
  if (!/^-?\d{1,12}(\.\d{1,10})?$/.test(t))
    return no(`${quoted(text)} is not an amount in figures, such as 1234.56`);
  return ok(t);
}

/** A fraction from 0 to 1, written as 0.85, 85 or 85 % (coverage levels and shares). */
export function readFraction(text: string): Read<number> {
  const percent = text.trim().endsWith("%");
  const read = readDecimal(text.replace("%", ""));
  if (!read.ok) return no(`${quoted(text)} is not a percentage or a fraction, such as 85 % or 0.85`);
  const n = Number(read.value);
  const value = percent || n > 1 ? n / 100 : n;
  if (!(value > 0 && value <= 1)) return no(`${quoted(text)} is not more than 0 and at most 100 %`);
  return ok(Number(value.toFixed(6)));
}

const pad = (n: number) => String(n).padStart(2, "0");
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date as YYYY-MM-DD from 2026-11-18, 11/18/2026, 11-18-2026 or an Excel serial day (46344). */
export function readDate(text: string): Read<string> {
  const t = text.trim();
  const bad = no<string>(`${quoted(text)} is not a date: write it as 2026-11-18 or 11/18/2026`);
  let iso: string | null = null;
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(t);
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (isoMatch) iso = `${isoMatch[1]}-${pad(Number(isoMatch[2]))}-${pad(Number(isoMatch[3]))}`;
  else if (us) iso = `${us[3]}-${pad(Number(us[1]))}-${pad(Number(us[2]))}`;
  else if (/^\d{5}$/.test(t) && Number(t) > 20000 && Number(t) < 80000)
    iso = new Date(EXCEL_EPOCH + Number(t) * 86_400_000).toISOString().slice(0, 10);
  return iso && isIsoDate(iso) ? ok(iso) : bad;
}

/** A tax id's digits and its type (SSN ###-##-####, EIN ##-#######); the type column may say it. */
export function readTaxId(text: string): Read<{ digits: string; type: TaxIdType | null }> {
  const t = text.trim();
  const digits = taxIdDigits(t);
  if (!/^\d{9}$/.test(digits))
    return no("is not a 9-digit tax id (write it as ###-##-####, ##-####### or 9 digits)");
  const type = /^\d{3}-\d{2}-\d{4}$/.test(t) ? 1 : /^\d{2}-\d{7}$/.test(t) ? 2 : null;
  return ok({ digits, type });
}

const TAX_TYPE_WORDS: Record<string, TaxIdType> = {
  ssn: 1,
  ein: 2,
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
    : no(`${quoted(text)} is not a tax id type: SSN, EIN, RMA Issued or BIA (or 1, 2, 3, 5)`);
}

const ENTITY_BY_KEY = new Map<string, string>([
  ...SELECTABLE_ENTITY_TYPE_CODES.map((c) => [key(c), c] as [string, string]),
  ...Object.entries(ENTITY_TYPE_CODE_BY_LABEL)
    .filter(([, c]) => SELECTABLE_ENTITY_TYPE_CODES.includes(c))
    .map(([label, c]) => [key(label), c] as [string, string]),
]);
export function readEntityType(text: string): Read<string> {
  const code = ENTITY_BY_KEY.get(key(text));
  return code
    ? ok(code)
    : no(`${quoted(text)} is not an entity type: a code such as I or C, or its name such as Individual`);
}

const FARMER_BY_KEY = new Map<string, (typeof FARMER_CLASSIFICATIONS)[number]>([
  ...FARMER_CLASSIFICATIONS.map((c) => [key(c), c] as const),
  ["bfr", "Beginning Farmer/Rancher"],
  ["beginning", "Beginning Farmer/Rancher"],
  ["vfr", "Veteran Farmer/Rancher"],
  ["veteran", "Veteran Farmer/Rancher"],
  ["none", "Neither"],
  ["no", "Neither"],
]);
export function readFarmerClassification(text: string): Read<(typeof FARMER_CLASSIFICATIONS)[number]> {
  const c = FARMER_BY_KEY.get(key(text));
  return c ? ok(c) : no(`${quoted(text)} is not a farmer classification: Beginning, Veteran or Neither`);
}

const STATE_BY_NAME = new Map<string, string>(REGION_STATES.map((s) => [key(s.name), s.abbreviation]));
export function readState(text: string): Read<string> {
  const upper = text.trim().toUpperCase();
  if (Object.hasOwn(REGIONS_BY_STATE, upper)) return ok(upper);
  const byName = STATE_BY_NAME.get(key(text));
  return byName ? ok(byName) : no(`${quoted(text)} is not a US state: write its two letters, such as NE`);
}

/** A county of `state`: its 5-digit code, its 3-digit code in the state, or its name ("Custer County"). */
export function readCounty(text: string, state: string | undefined): Read<string> {
  const t = text.trim();
  if (/^\d{5}$/.test(t)) {
    const row = regionForCode(t);
    if (row && row.area !== null && (!state || row.state === state)) return ok(t);
    return no(`${t} is not a county${state ? ` of ${state}` : ""}`);
  }
  const region = state ? REGIONS_BY_STATE[state] : undefined;
  if (!region) return no("give the policy's state first: a county is read within its state");
  if (/^\d{3}$/.test(t)) {
    const code = `${region.code.slice(0, 2)}${t}`;
    const row = regionForCode(code);
    return row && row.area !== null ? ok(code) : no(`${t} is not a county of ${state}`);
  }
  const wanted = key(t.replace(/\b(county|parish|borough)\b/i, ""));
  for (const [name, code] of Object.entries(region.areas))
    if (key(name.replace(/\b(county|parish|borough)\b/i, "")) === wanted) return ok(code);
  return no(`${quoted(text)} is not a county of ${state}`);
}

const PROVIDER_BY_KEY = new Map<string, string>([
  ...INSURANCE_PROVIDERS.flatMap((p) => [
    [key(p.id), p.id] as [string, string],
    [key(p.name), p.id] as [string, string],
  ]),
  ...Object.entries(PROVIDER_ID_BY_TWO_LETTER_CODE).map(([code, id]) => [key(code), id] as [string, string]),
]);
export function readProvider(text: string): Read<string> {
  const id = PROVIDER_BY_KEY.get(key(text));
  return id
    ? ok(id)
    : no(
        `${quoted(text)} is not an insurance provider Rangeline knows (${INSURANCE_PROVIDERS.map((p) => p.name).join(", ")})`,
      );
}

export function readPlan(text: string): Read<"lrp" | "lgm"> {
  const k = key(text);
  if (k === "lrp" || k === "81" || k.startsWith("livestockriskprotection")) return ok("lrp");
  if (k === "lgm" || k === "82" || k.startsWith("livestockgrossmargin")) return ok("lgm");
  return no(`${quoted(text)} is not a plan: LRP or LGM`);
}

const COMMODITY_BY_KEY = new Map<string, string>([
  ...Object.entries(LRP_COMMODITY_CODE_BY_LABEL).map(([l, c]) => [key(l), c] as [string, string]),
  ...Object.entries(LGM_COMMODITY_CODE_BY_LABEL)
    .filter(([l]) => !Object.hasOwn(LRP_COMMODITY_CODE_BY_LABEL, l))
    .map(([l, c]) => [key(l), c] as [string, string]),
]);
/** A commodity code (0801, 801) or label (Feeder Cattle). */
export function readCommodity(text: string): Read<string> {
  const t = text.trim();
  if (/^\d{3,4}$/.test(t)) {
    const code = t.padStart(4, "0");
    if (["0801", "0802", "0803", "0815", "0847"].includes(code)) return ok(code);
  }
  const byLabel = COMMODITY_BY_KEY.get(key(t));
  return byLabel
    ? ok(byLabel)
    : no(
        `${quoted(text)} is not a livestock commodity: a code such as 0801 or its name such as Feeder Cattle`,
      );
}

/** RMA's own names of the weight classes ("Steers Weight 1") beside the catalogue's labels. */
const rmaName = (label: string, classCode: string) =>
  classCode === "031" || classCode === "032"
    ? `${label.split(" ")[0]} Weight ${classCode === "031" ? 1 : 2}`
    : null;

/** A type of `commodity`: its code (809) or its name (Steers <600 lbs, Steers Weight 1). */
export function readType(text: string, commodity: string | undefined): Read<string> {
  const t = text.trim();
  const types = [
    ...LRP_TYPES.map((x) => ({
      commodity: x.commodityCode as string,
      code: x.code,
      names: [x.label, rmaName(x.label, x.classCode)],
    })),
    ...LGM_TYPES.map((x) => ({ commodity: x.commodityCode as string, code: x.code, names: [x.label] })),
  ].filter((x) => commodity === undefined || x.commodity === commodity);
  const code = /^\d{1,3}$/.test(t) ? t.padStart(3, "0") : null;
  const found =
    types.find((x) => x.code === code) ??
    types.find((x) => x.names.some((n) => n !== null && key(n) === key(t)));
  return found
    ? ok(found.code)
    : no(
        `${quoted(text)} is not a type${commodity ? ` of commodity ${commodity}` : ""}: a code such as 809 or its name`,
      );
}

export function readPolicyStatus(text: string): Read<(typeof POLICY_STATUSES)[number]> {
  const s = POLICY_STATUSES.find((x) => x === text.trim().toLowerCase());
  return s ? ok(s) : no(`${quoted(text)} is not a policy status: ${POLICY_STATUSES.join(", ")}`);
}

export function readCoverageStatus(text: string): Read<(typeof COVERAGE_STATUSES)[number]> {
  const s = COVERAGE_STATUSES.find((x) => x === text.trim().toLowerCase());
  return s ? ok(s) : no(`${quoted(text)} is not an endorsement status: ${COVERAGE_STATUSES.join(", ")}`);
}
