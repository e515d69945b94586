import type { HTMLAttributes, ReactNode } from "react";
import type { Option } from "./address-draft";
import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

// One labelled text input or select of a book form, bound to its path: the schema's message for the
// path under it, who else is in it (presence), and focus reported to the others. The entity, policy,
// profile and address forms are built from these two.

interface BoundFieldProps {
  label: ReactNode;
  /** The field's dotted path: its issue and its presence. */
  path: string;
  issues?: FieldIssues;
  presence?: FormPresence;
  hint?: ReactNode;
  /** A message to show instead of the issue at `path`. */
  error?: string;
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}

const focusHandlers = (presence: FormPresence, path: string) => ({
  onFocus: () => presence.focus(path),
  onBlur: () => presence.focus(null),
});

export interface TextInputProps extends BoundFieldProps {
  type?: "text" | "email" | "tel" | "datetime-local";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  /** Default "off": the book's fields are about a customer, not the agent. */
  autoComplete?: string;
  spellCheck?: boolean;
  /** Extra class of the input (e.g. a narrow one). */
  className?: string;
}

export function TextInput({
  label,
  path,
  issues = NO_ISSUES,
  presence = NO_PRESENCE,
  hint,
  error,
  disabled,
  value,
  onChange,
  type,
  inputMode,
  autoComplete = "off",
  spellCheck,
  className,
}: TextInputProps) {
  return (
    <Field
      label={label}
      path={path}
      issues={issues}
      hint={hint}
      error={error}
      editors={presence.editorsAt(path)}
    >
      <input
        className={className ? `book-input ${className}` : "book-input"}
        type={type}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        onChange={(e) => onChange(e.target.value)}
        {...focusHandlers(presence, path)}
      />
    </Field>
  );
}

export interface SelectInputProps extends BoundFieldProps {
  options: readonly Option[];
  /** The text of an empty first choice ("Choose a state"); none when omitted. */
  placeholder?: string;
}

export function SelectInput({
  label,
  path,
  issues = NO_ISSUES,
  presence = NO_PRESENCE,
  hint,
  error,
  disabled,
  value,
  onChange,
  options,
  placeholder,
}: SelectInputProps) {
  return (
    <Field
      label={label}
      path={path}
      issues={issues}
      hint={hint}
      error={error}
      editors={presence.editorsAt(path)}
    >
      <select
        className="book-input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        {...focusHandlers(presence, path)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
