/** One field of an RMA ADM record layout: [order, name, type, maximum length, format, business key]. */
export type AdmLayoutField = readonly [number, string, string, number, string | null, boolean];

/** One member's record layout in one reinsurance year and layout version (RMA's A00010_AdmLayout). */
export interface AdmLayout {
  member: string;
  reinsuranceYear: number;
  version: number;
  fields: readonly AdmLayoutField[];
}
