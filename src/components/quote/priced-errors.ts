import type { Computation } from "../../lib/pricing/use-pricing";
import { messageForField } from "../../lib/pricing/use-pricing";

// The errors a quote form shows: the form's own (text that is not a number, a limit) and the pricing
// worker's refusal, placed at the field it names or, when it names none, shown above the results.
// One definition for the LRP and LGM quote screens and the book's create screens.

type Errors = Partial<Record<string, string>>;

export interface PricedErrors<E extends Errors> {
  errors: E;
  generalError: string | null;
  /** Some field or the whole input is refused: no figures to show. */
  invalid: boolean;
}

export function pricedErrors<E extends Errors>(
  own: E | null,
  result: Computation<unknown>,
  fieldOf: (code: string, path: readonly (string | number)[]) => (keyof E & string) | null | undefined,
): PricedErrors<E> {
  const errors: Errors = { ...own };
  let generalError: string | null = null;
  if (result.status === "failed") {
    const field = fieldOf(result.code, result.path);
    if (field) errors[field] = messageForField(result.message, result.path);
    else generalError = result.message;
  }
  return {
    errors: errors as E,
    generalError,
    invalid: Object.keys(errors).length > 0 || generalError !== null,
  };
}
