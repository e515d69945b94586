import { type ReactNode, useId } from "react";

// Labelled form fields of the quote screens: the label above, a hint, and the error in words next to
// the field (aria-invalid and aria-describedby tie them together for screen readers).

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: (ids: { input: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function FieldFrame({ label, hint, error, className, children }: FieldFrameProps) {
  const id = useId();
  const input = `${id}-input`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", error ? "field--invalid" : "", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={input}>
        {label}
      </label>
      {children({ input, describedBy, invalid: Boolean(error) })}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  error?: string | null;
  inputMode?: "numeric" | "decimal" | "text";
  /** Unit shown after the input, e.g. "cwt". */
  suffix?: string;
  name?: string;
  className?: string;
  readOnly?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  inputMode,
  suffix,
  name,
  className,
  readOnly,
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ input, describedBy, invalid }) => (
        <div className="field__control">
          <input
            id={input}
            name={name}
            className="field__input"
            value={value}
            inputMode={inputMode ?? "decimal"}
            autoComplete="off"
            readOnly={readOnly}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          {suffix ? (
            <span className="field__suffix" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  error?: string | null;
  name?: string;
  className?: string;
}

/** The browser's own select: the best keyboard and phone behaviour there is. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
  name,
  className,
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ input, describedBy, invalid }) => (
        <select
          id={input}
          name={name}
          className="field__input field__select"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
