// Free text shared by everyone on a document (docs/sync-rules.md TEXT1): an input bound to a Y.Text.
export { documentTextSource, type TextDocument } from "./document-source";
export {
  type BoundText,
  type SharedTextAreaProps,
  SharedTextInput,
  type SharedTextInputProps,
  type SharedTextSource,
} from "./shared-text-input";
export { StatusReasonField, type StatusReasonFieldProps } from "./status-reason-field";
export { TextBinding, type TextBindingOptions, type TextControl } from "./text-binding";
