import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { type BuiltLgm, fieldOfPath, type LgmErrors } from "../../lib/pricing/lgm/lgm-form";
import { shownResult, usePricing, useWorkerResult } from "../../lib/pricing/use-pricing";
import { type PricedErrors, pricedErrors } from "./priced-errors";

// An LGM quote priced in the worker from a built form (the LGM quote screen's, or the book's with the
// customer's subsidy), with the errors to show by field: one path for the quote and create screens.
// Not in src/components/quote: that folder is bundled with the first LRP screen, which must not load
// the LGM form (vite.config.ts, group "lrp-quote").

export function useLgmQuote(
  channel: string,
  built: BuiltLgm | null,
): PricedErrors<LgmErrors> & { quote: LgmQuote | null } {
  const pricing = usePricing();
  const key = built?.ok ? JSON.stringify(built.input) : null;
  const result = useWorkerResult<LgmQuote>(channel, key, (api) =>
    api.quoteLgm(built?.ok ? built.input : null, { channel }),
  );
  const errors = pricedErrors<LgmErrors>(built && !built.ok ? built.errors : null, result, fieldOfPath);
  const quote = errors.invalid || pricing.status !== "ready" ? null : (shownResult(result)?.value ?? null);
  return { ...errors, quote };
}
