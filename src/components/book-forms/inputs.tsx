import type { HTMLAttributes, ReactElement, ReactNode } from "react";
import type { Option } from "./address-draft";
import { useChangedBy } from "./changed-by";
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

type ControlHandlers = {
  value: string;
  disabled: boolean | undefined;
  onChange: (e: { target: { value: string } }) => void;
  onFocus: () => void;
  onBlur: () => void;
};

/**
 * The Field around a control, and the control's value, change and focus handlers. A structured field
 * is last-writer-wins: when its value changes from elsewhere while this person is in it, the field
 * says who changed it ("Changed by Jordan Agent") instead of replacing it silently.
 */
function BoundField({
  field: {
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
  },
  control,
}: {
  field: BoundFieldProps;
  control: (props: ControlHandlers) => ReactElement<Record<string, unknown>>;
}) {
  const editors = presence.editorsAt(path);
  const changedBy = useChangedBy(value, editors, () => presence.changedBy?.(path) ?? null);
  return (
    <Field
      label={label}
      path={path}
      issues={issues}
      hint={hint}
      error={error}
      required={required}
      editors={editors}
      changedBy={changedBy.note}
    >
      {control({
        value,
        disabled,
        onChange: (e) => {
          changedBy.mine(e.target.value);
          onChange(e.target.value);
        },
        onFocus: () => {
          changedBy.focus(true);
          presence.focus(path);
        },
        onBlur: () => {
          changedBy.focus(false);
          presence.focus(null);
        },
      })}
    </Field>
  );
}

const bound = (
  field: BoundFieldProps,
  control: (props: ControlHandlers) => ReactElement<Record<string, unknown>>,
) => <BoundField field={field} control={control} />;

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
