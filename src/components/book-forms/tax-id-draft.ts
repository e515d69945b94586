import { TAX_ID_TYPE_LABEL_BY_CODE } from "../../../shared/catalogue";
import {
  isValidTaxId,
  TAX_ID_TYPES,
  type TaxIdType,
  taxIdDigits,
  taxIdMessage,
} from "../../../shared/documents/tax-id";

// A tax id as typed in a form: its type (spec §3 "Tax ID types") and the text. Checked with the shared
// rule (shared/documents/tax-id.ts); messages name the type and what is expected, never the value.

export interface TaxIdDraft {
  type: TaxIdType;
  /** As typed, e.g. "123-45-6789"; "" when none is typed. */
  value: string;
}

export const TAX_ID_TYPE_OPTIONS: readonly { value: TaxIdType; label: string }[] = TAX_ID_TYPES.map((t) => ({
  value: t,
  label: `${t} · ${TAX_ID_TYPE_LABEL_BY_CODE[t]}`,
}));

/** The expected format of a type, shown under the field. */
export const TAX_ID_FORMAT: Readonly<Record<TaxIdType, string>> = {
  1: "9 digits, e.g. 123-45-6789",
  2: "9 digits, e.g. 12-3456789",
  3: "9 digits as issued by RMA",
  5: "9 digits as issued by the Bureau of Indian Affairs",
};

export const parseTaxIdType = (text: string): TaxIdType | undefined =>
  TAX_ID_TYPES.find((t) => String(t) === text);

export const isBlankTaxId = (draft: TaxIdDraft): boolean => draft.value.trim() === "";

/**
 * What is wrong with a typed tax id, or undefined when it is fine. A blank one is fine unless
 * `required`. The message never contains the value.
 */
export function taxIdProblem(draft: TaxIdDraft, required: boolean): string | undefined {
  if (isBlankTaxId(draft)) return required ? "give the tax id" : undefined;
  return isValidTaxId(draft.type, taxIdDigits(draft.value)) ? undefined : taxIdMessage(draft.type);
}

/** The last four digits of a valid typed tax id (what the customer document keeps). */
export const taxIdLast4 = (draft: TaxIdDraft): string => taxIdDigits(draft.value).slice(-4);
