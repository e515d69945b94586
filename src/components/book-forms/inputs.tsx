import type { HTMLAttributes, ReactElement, ReactNode } from "react";
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
  /** The schema requires it: marked * and aria-required. */
  required?: boolean;
  value: string;
  onChange(value: string): void;
}

/** The Field around a control, and the control's value, change and focus handlers. */
function bound(
  {
    label,
    path,
    issues = NO_ISSUES,
    presence = NO_PRESENCE,
    hint,
    error,
    disabled,
    required,
    value,
    onChange,
  }: BoundFieldProps,
  control: (props: {
    value: string;
    disabled: boolean | undefined;
    onChange: (e: { target: { value: string } }) => void;
    onFocus: () => void;
    onBlur: () => void;
  }) => ReactElement<Record<string, unknown>>,
) {
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
      {control({
        value,
        disabled,
        onChange: (e) => onChange(e.target.value),
        onFocus: () => presence.focus(path),
        onBlur: () => presence.focus(null),
      })}
    </Field>
  );
}

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
  type,
  inputMode,
  autoComplete = "off",
  spellCheck,
  className,
  ...field
}: TextInputProps) {
  return bound(field, (handlers) => (
    <input
      className={className ? `book-input ${className}` : "book-input"}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      spellCheck={spellCheck}
      {...handlers}
    />
  ));
}

export interface SelectInputProps extends BoundFieldProps {
  options: readonly Option[];
  /** The text of an empty first choice ("Choose a state"); none when omitted. */
  placeholder?: string;
}

export function SelectInput({ options, placeholder, ...field }: SelectInputProps) {
  return bound(field, (handlers) => (
    <select className="book-input" {...handlers}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  ));
}
