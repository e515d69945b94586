import type { MarketSnapshot } from "../../market/snapshot";
import { parseInput } from "../validate";
import { lrpQuoteInputSchema } from "./input";
import { type LrpQuote, quoteLrpRequest } from "./quote-request";

// The LRP quote: the input parsed with its schema, then priced by ./quote-request.ts (kept apart so
// that the pricing worker can price without the schema's module and zod, docs/first-visit.md).

export {
  type LrpCoverageRow,
  type LrpQuote,
  lrpFuturesExpectedValue,
} from "./quote-request";

/**
 * Prices one LRP endorsement against a snapshot and, with `all`, the whole offer table of the type for
 * the sales date. Throws DomainError with the spec's messages for unknown codes and head limits.
 */
export function quoteLrp(
  input: unknown,
  snapshot: MarketSnapshot,
  options: { all?: boolean } = {},
): LrpQuote {
  return quoteLrpRequest(parseInput(lrpQuoteInputSchema, input), snapshot, options);
}
