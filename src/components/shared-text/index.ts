// Free text shared by everyone on a document (docs/sync-rules.md TEXT1): an input bound to a Y.Text.
export { documentTextSource } from "./document-source";
export {
  SharedTextInput,
  type SharedTextSource,
} from "./shared-text-input";
export { StatusReasonField } from "./status-reason-field";
