import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { type FieldIssues, issueAt } from "./zod-issues";
import "./book-forms.css";

export interface FieldProps {
  label: ReactNode;
  /** The field's dotted path: its issue (if any) is shown under it. */
  path?: string;
  issues?: FieldIssues;
  /** A message to show instead of the issue at `path`. */
  error?: string;
  /** What the field expects (format, unit). */
  hint?: ReactNode;
  /** Names of the others editing this field. */
  editors?: readonly string[];
  /** Who changed this field while this person was in it ("Changed by Jordan Agent"). */
  changedBy?: string | null;
  /** Shown before the control on its line (a colour picker beside a hex field); labels itself. */
  addon?: ReactNode;
  /** Marks the label with * (see RequiredNote) and the control aria-required. */
  required?: boolean;
  /** One input, select or textarea: it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled form control with its hint, who else is in it, and the schema's message for its path. */
export function Field({
  label,
  path,
  issues,
  error,
  hint,
  editors = [],
  changedBy = null,
  addon,
  required = false,
  children,
}: FieldProps) {
  const id = useId();
  const message = error ?? (path && issues ? issueAt(issues, path) : undefined);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        "aria-invalid": message ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required ? true : undefined,
      })
    : children;
  const labelElement = (
    <label className="book-field__label" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={message ? "book-field book-field--invalid" : "book-field"} data-field={path}>
      {required ? (
        // The * stays outside the label so the field's name stays its label ("Name"); aria-required
        // tells a screen reader, RequiredNote explains the * to everyone else.
        <span className="book-field__label-line">
          {labelElement}
          <span className="book-field__required" aria-hidden="true">
            *
          </span>
        </span>
      ) : (
        labelElement
      )}
      {addon ? (
        <span className="book-field__with-addon">
          {addon}
          {control}
        </span>
      ) : (
        control
      )}
      {editors.length > 0 ? (
        <span className="book-field__editors" data-testid="field-editors">
          {editors.join(", ")} {editors.length === 1 ? "is" : "are"} editing this
        </span>
      ) : null}
      {changedBy ? (
        <span className="book-field__changed" role="status" data-testid="field-changed-by">
          {changedBy}
        </span>
      ) : null}
      {hint ? (
        <span className="book-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {message ? (
        <span className="book-field__error" id={errorId} data-testid="field-error">
          {message}
        </span>
      ) : null}
    </div>
  );
}

/** A group of fields with a heading (an address, a spouse, one SBI). */
export function FieldGroup({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="book-fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The line that explains the * of required fields; put it once at the top of a form. */
export function RequiredNote() {
  return <p className="book-form__help">Fields marked * are required.</p>;
}

/** A group's legend marked * (a group of choices of which at least one is required). */
export function RequiredLegend({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{" "}
      <span className="book-field__required" aria-hidden="true">
        *
      </span>
    </>
  );
}
