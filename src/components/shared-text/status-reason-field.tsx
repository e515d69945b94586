import { useId } from "react";
import type { BoundText } from "./shared-text-input";
import { SharedTextInput } from "./shared-text-input";

// The reason of a record's status (a policy's, a coverage's), shown where the status is (docs/sync-rules.md TEXT1).
// It is written with its status change; afterwards it is shared text (text-fields.ts): an agent who
// can change the record amends it in place, and everyone with the record open sees it as it is typed.
// Read only, it is the sentence it always was.

export interface StatusReasonFieldProps {
  /** What is stored (shown read only, and while the shared text is not there yet). */
  value: string;
  /** Names the document and the record: the input binds again when it changes. */
  recordKey: string;
  /** The reason's shared text, or null (the document loading, or read only). */
  resolve: () => BoundText | null;
  readOnly: boolean;
}

export function StatusReasonField({ value, recordKey, resolve, readOnly }: StatusReasonFieldProps) {
  const id = useId();
  if (readOnly)
    return (
      <p className="note">
        <strong>Reason:</strong> {value}
      </p>
    );
  return (
    <div className="book-field" data-field="statusReason">
      <label className="book-field__label" htmlFor={id}>
        Reason
      </label>
      <SharedTextInput
        multiline
        id={id}
        rows={2}
        maxLength={500}
        className="book-input"
        source={{ key: recordKey, resolve }}
        fallback={value}
        data-testid="status-reason"
      />
    </div>
  );
}
