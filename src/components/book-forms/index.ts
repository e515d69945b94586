// Form parts the agent book's screens share (docs/agent-book.md): fields that show the shared schema's message
// at their path, an address with the region table's states and counties, a tax id by type, the
// provider select of a plan, and per-field presence.

export {
  type AddressDraft,
  addressDraftFrom,
  addressFromDraft,
  countyOptions,
  EMPTY_ADDRESS,
  isBlankAddress,
  type Option,
  STATE_OPTIONS,
} from "./address-draft";
export { AddressFields } from "./address-fields";
export { BookForm } from "./book-form";
export { CustomerSelect, isKnownCustomer } from "./customer-select";
export { Field, FieldGroup, RequiredLegend, RequiredNote } from "./field";
export { focusFirstInvalid } from "./focus-invalid";
export { describePresenceField, type FormPresence, formPresence, NO_PRESENCE } from "./form-presence";
export { SelectInput, TextInput, type TextInputProps } from "./inputs";
export { NotSavedAlert } from "./not-saved-alert";
export { providerOptions } from "./provider-options";
export { ProviderSelect } from "./provider-select";
export {
  type FormTexts,
  SharedTextField,
} from "./shared-text-field";
export {
  isBlankTaxId,
  type TaxIdDraft,
  taxIdLast4,
  taxIdProblem,
} from "./tax-id-draft";
export { TaxIdField } from "./tax-id-field";
export {
  type FieldIssues,
  hasIssues,
  issueAt,
  issuesByPath,
  mergeIssues,
  NO_ISSUES,
  unplacedIssues,
} from "./zod-issues";
