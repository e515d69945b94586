import { invert } from "./two-way";

// Spec §3 "Entity types", "Tax ID types", "Broker ids"; §1 brokerage firms.

export const ENTITY_TYPE_LABEL_BY_CODE = {
  A: "Public Schools",
  B: "Bureau of Indian Affairs and Indian Tribe Treaties",
  C: "Corporation",
  D: "Estates",
  E: "Non-Profit or Tax-Exempt Organizations",
  F: "Transfer of Right to Indemnity",
  G: "Receiver or Liquidator",
  H: "State/Local Government",
  I: "Individuals",
  J: "Joint operations/ventures and co-ownerships",
  P: "Partnership",
  R: "Trust - Revocable",
  S: "Spousal/Married",
  T: "Trust - Irrevocable",
  X: "Individual Operating as a Business",
  Y: "Limited Liability Company",
} as const;
export type EntityTypeCode = keyof typeof ENTITY_TYPE_LABEL_BY_CODE;
export const ENTITY_TYPE_CODE_BY_LABEL = invert(ENTITY_TYPE_LABEL_BY_CODE);
export const ENTITY_TYPE_CODES = Object.keys(ENTITY_TYPE_LABEL_BY_CODE) as EntityTypeCode[];

/** F "Transfer of Right to Indemnity" is SBI only and excluded from the standard selectable list. */
export const SBI_ONLY_ENTITY_TYPE_CODES: readonly EntityTypeCode[] = ["F"];
export const SELECTABLE_ENTITY_TYPE_CODES: readonly EntityTypeCode[] = ENTITY_TYPE_CODES.filter(
  (c) => !SBI_ONLY_ENTITY_TYPE_CODES.includes(c),
);

export const TAX_ID_TYPE_LABEL_BY_CODE = {
  1: "SSN",
  2: "EIN",
  3: "RMA Issued",
  5: "Bureau of Indian Affairs",
} as const;
export type TaxIdTypeCode = keyof typeof TAX_ID_TYPE_LABEL_BY_CODE;
export type TaxIdTypeLabel = (typeof TAX_ID_TYPE_LABEL_BY_CODE)[TaxIdTypeCode];
export const TAX_ID_TYPE_CODE_BY_LABEL: Readonly<Record<TaxIdTypeLabel, TaxIdTypeCode>> = {
  SSN: 1,
  EIN: 2,
  "RMA Issued": 3,
  "Bureau of Indian Affairs": 5,
};

export const BROKER_NAME_BY_ID = {
  1: "ADM",
  2: "Marex",
  3: "RJOBrien",
  4: "StoneX",
  5: "Cunningham",
  6: "Wedbush",
  7: "Lighthouse",
  8: "Dorman",
} as const;
export type BrokerId = keyof typeof BROKER_NAME_BY_ID;
export type BrokerName = (typeof BROKER_NAME_BY_ID)[BrokerId];
export const BROKER_ID_BY_NAME: Readonly<Record<BrokerName, BrokerId>> = {
  ADM: 1,
  Marex: 2,
  RJOBrien: 3,
  StoneX: 4,
  Cunningham: 5,
  Wedbush: 6,
  Lighthouse: 7,
  Dorman: 8,
};
