import type { FormEvent, FormHTMLAttributes } from "react";
import { RequiredNote } from "./field";
import { focusFirstInvalid } from "./focus-invalid";

export interface BookFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "noValidate"> {
  /** The form's own save: validates, sets its fields' messages, saves. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** "Fields marked * are required." at the top (default true; false for a form without a * field). */
  requiredNote?: boolean;
}

/**
 * Every form of the app (docs/first-day.md): the browser's own bubbles are off (noValidate) so each message
 * is the app's, in plain words, under its field (Field links it with aria-describedby and marks the
 * control aria-invalid); the * of required fields is explained once at the top; and after a save that
 * left a field with a message, the focus moves to the first such field, so a screen reader reads its
 * label and message and a phone scrolls to it.
 */
export function BookForm({ onSubmit, requiredNote = true, className, children, ...rest }: BookFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    onSubmit(event);
    focusFirstInvalid(form);
  };
  return (
    <form
      {...rest}
      className={className ? `book-form ${className}` : "book-form"}
      noValidate
      onSubmit={submit}
    >
      {requiredNote ? <RequiredNote /> : null}
      {children}
    </form>
  );
}
