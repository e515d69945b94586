import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { formatDollars } from "../../lib/format";

// An LGM quote's headline figures, in the spec's result labels: the LGM quote screen and the agent's
// LGM endorsement create screen show the same list. Not in src/components/quote: that folder is
// bundled with the first LRP screen (vite.config.ts, group "lrp-quote").

const [, DEDUCTIBLE, GUARANTEE, PRODUCER_PREMIUM] = LGM_RESULT_LABELS;

export interface LgmFiguresProps {
  quote: Pick<
    LgmQuote,
    "expectedGrossMargin" | "grossMarginGuarantee" | "totalPremium" | "subsidy" | "producerPremium"
  >;
  /** The deductible as shown, with its unit ("$20/head"). */
  deductible: string;
}

export function LgmFigures({ quote, deductible }: LgmFiguresProps) {
  return (
    <dl className="figures">
      <div>
        <dt>Expected gross margin</dt>
        <dd>{formatDollars(quote.expectedGrossMargin)}</dd>
      </div>
      <div>
        <dt>{DEDUCTIBLE}</dt>
        <dd>{deductible}</dd>
      </div>
      <div>
        <dt>{GUARANTEE}</dt>
        <dd data-testid="gmg">{formatDollars(quote.grossMarginGuarantee)}</dd>
      </div>
      <div>
        <dt>Total premium</dt>
        <dd>{formatDollars(quote.totalPremium)}</dd>
      </div>
      <div>
        <dt>Subsidy</dt>
        <dd>{formatDollars(quote.subsidy)}</dd>
      </div>
      <div>
        <dt>{PRODUCER_PREMIUM}</dt>
        <dd data-testid="producer-premium">{formatDollars(quote.producerPremium)}</dd>
      </div>
    </dl>
  );
}
