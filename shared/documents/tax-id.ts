// Tax ids (spec §3 "Tax ID types": 1 SSN, 2 EIN, 3 RMA Issued, 5 Bureau of Indian Affairs), validated
// by type. A tax id is a secret of the producer's: messages name the type and what is wrong, never the
// value, and screens show it masked (last four digits).

export const TAX_ID_TYPES = [1, 2, 3, 5] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** Digits of a tax id as typed ("###-##-####", "##-#######", " ######### "), separators removed. */
export const taxIdDigits = (text: string): string => text.replace(/[\s-]/g, "");

/**
 * IRS campus prefixes that are never assigned to an EIN (first two digits): 00, 07–09, 17–19, 28, 29,
 * 49, 69, 70, 78, 79, 89, 96, 97.
 */
const UNASSIGNED_EIN_PREFIXES = new Set([
  "00",
  "07",
  "08",
  "09",
  "17",
  "18",
  "19",
  "28",
  "29",
  "49",
  "69",
  "70",
  "78",
  "79",
  "89",
  "96",
  "97",
]);

/** Whether `digits` (9 digits, no separators) is a well-formed tax id of `type`. */
export function isValidTaxId(type: TaxIdType, digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  switch (type) {
    case 1: {
      // SSN: area not 000, 666 or 900–999; group not 00; serial not 0000.
      const area = digits.slice(0, 3);
      return (
        area !== "000" &&
        area !== "666" &&
        area[0] !== "9" &&
        digits.slice(3, 5) !== "00" &&
        digits.slice(5) !== "0000"
      );
    }
    case 2:
      return !UNASSIGNED_EIN_PREFIXES.has(digits.slice(0, 2));
    default:
      // RMA-assigned and BIA ids: nine digits, not all zero.
      return digits !== "000000000";
  }
}

const TYPE_TEXT: Record<TaxIdType, string> = {
  1: "enter the 9-digit Social Security number: it never starts with 000, 666 or 9, and its 4th–5th digits are never 00 nor its last four 0000, so check for a typo",
  2: "enter the 9-digit EIN: its first two digits are not a prefix the IRS assigns, so check for a typo",
  3: "enter the 9-digit id RMA issued (not all zeros)",
  5: "enter the 9-digit Bureau of Indian Affairs id (not all zeros)",
};

/** What a valid tax id of `type` looks like: the message of a refused one (never echoes the value, and
 * shows its format with # so no digits of anyone's id appear in it). */
export const taxIdMessage = (type: TaxIdType): string => TYPE_TEXT[type];

/** The masked display of a tax id: "•••-••-6789" (SSN), "••-•••6789" (EIN), "•••••6789" otherwise. */
export function maskTaxId(type: TaxIdType, last4: string | undefined): string {
  const tail = last4 ?? "····";
  if (type === 1) return `•••-••-${tail}`;
  if (type === 2) return `••-•••${tail}`;
  return `•••••${tail}`;
}

/** A full tax id formatted for an agent who asked to see it. */
export function formatTaxId(type: TaxIdType, digits: string): string {
  if (type === 1) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  if (type === 2) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return digits;
}
