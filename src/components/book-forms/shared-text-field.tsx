import type { HTMLAttributes, ReactNode } from "react";
import { SharedTextInput, type SharedTextSource } from "../shared-text";
import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

// A labelled free-text field of a co-edited record (docs/sync-rules.md TEXT1): the input is bound to the field's
// shared text, so everyone's keystrokes merge and the caret stays put; its message, presence and
// required mark are those of any book field. What is typed is stored as typed: the schema's message
// shows under it, the text is never trimmed or held back while typing.

/** Where a form's field finds its shared text, by the field's dotted path ("address.city"). */
export type FormTexts = (path: string) => SharedTextSource | null;

export interface SharedTextFieldProps {
  label: ReactNode;
  /** The field's dotted path: its issue and its presence. */
  path: string;
  /** Where the field's shared text is (none yet, e.g. the record still loading: shown read-only). */
  shared: SharedTextSource | null;
  /** What to show while there is no shared text. */
  fallback?: string;
  issues?: FieldIssues;
  presence?: FormPresence;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  type?: "text" | "email" | "tel";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  spellCheck?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  className?: string;
}

export function SharedTextField({
  label,
  path,
  shared,
  fallback,
  issues = NO_ISSUES,
  presence = NO_PRESENCE,
  hint,
  error,
  disabled,
  required,
  type,
  inputMode,
  autoComplete = "off",
  spellCheck,
  rows,
  className,
}: SharedTextFieldProps) {
  const common = {
    source: shared,
    fallback,
    disabled,
    autoComplete,
    spellCheck,
    className: className ? `book-input ${className}` : "book-input",
    onFocus: () => presence.focus(path),
    onBlur: () => presence.focus(null),
  };
  return (
    <Field
      label={label}
      path={path}
      issues={issues}
      hint={hint}
      error={error}
      required={required}
      editors={presence.editorsAt(path)}
    >
      {rows ? (
        <SharedTextInput multiline rows={rows} {...common} />
      ) : (
        <SharedTextInput type={type} inputMode={inputMode} {...common} />
      )}
    </Field>
  );
}
