// Form parts the agent book's screens share (docs/agent-book.md): fields that show the shared schema's message
// at their path, an address with the region table's states and counties, a tax id by type, the
// provider select of a plan, and per-field presence.

export {
  type AddressDraft,
  addressDraftFrom,
  addressFromDraft,
  countyOptions,
  EMPTY_ADDRESS,
  incompleteAddressNote,
  isBlankAddress,
  missingAddressParts,
  type Option,
  STATE_OPTIONS,
  withState,
} from "./address-draft";
export { AddressFields, type AddressFieldsProps } from "./address-fields";
export { BookForm, type BookFormProps } from "./book-form";
export { changedByNote, useChangedBy } from "./changed-by";
export { CustomerSelect, type CustomerSelectProps, isKnownCustomer } from "./customer-select";
export { Field, FieldGroup, type FieldProps, RequiredLegend, RequiredNote } from "./field";
export { focusFirstInvalid } from "./focus-invalid";
export { describePresenceField, type FormPresence, formPresence, NO_PRESENCE } from "./form-presence";
export { SelectInput, type SelectInputProps, TextInput, type TextInputProps } from "./inputs";
export { NotSavedAlert, type NotSavedAlertProps } from "./not-saved-alert";
export { providerOptions } from "./provider-options";
export { ProviderSelect, type ProviderSelectProps } from "./provider-select";
export {
  type FormTexts,
  SharedTextField,
  type SharedTextFieldProps,
} from "./shared-text-field";
export {
  isBlankTaxId,
  parseTaxIdType,
  TAX_ID_FORMAT,
  TAX_ID_TYPE_OPTIONS,
  type TaxIdDraft,
  taxIdLast4,
  taxIdProblem,
} from "./tax-id-draft";
export { TaxIdField, type TaxIdFieldProps } from "./tax-id-field";
export {
  type FieldIssues,
  hasIssues,
  issueAt,
  issuesByPath,
  mergeIssues,
  NO_ISSUES,
  pathKey,
  unplacedIssues,
} from "./zod-issues";
