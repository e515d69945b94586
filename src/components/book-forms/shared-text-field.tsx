import type { HTMLAttributes, ReactNode } from "react";
import type * as Y from "yjs";
import { SharedTextInput, type TextBindingOptions } from "../shared-text";
import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

// A labelled free-text field of a co-edited record (issue 25): the input is bound to the field's
// shared text, so everyone's keystrokes merge and the caret stays put; its message, presence and
// required mark are those of any book field. What is typed is stored as typed: the schema's message
// shows under it, the text is never trimmed or held back while typing.

export interface SharedTextFieldProps {
  label: ReactNode;
  /** The field's dotted path: its issue and its presence. */
  path: string;
  /** The field's shared text (null while the record is not on the device: shown read-only). */
  text: Y.Text | null;
  /** What to show while `text` is null. */
  fallback?: string;
  binding?: TextBindingOptions;
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
  text,
  fallback,
  binding,
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
    text,
    fallback,
    binding,
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
