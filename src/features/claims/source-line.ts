import type { ComputedClaim } from "../../../shared/book/claims";
import { formatDate } from "../../lib/format";

// Where a claim's actual value came from, as the claim screens say it. SAMPLE1 (issue 47 §5): on the
// generated sample market data a value "from the market data" is sample data, said so as the quote
// screens do — never "published by RMA … (A00620)".

const SOURCE_WORDS: Record<ComputedClaim["actual"]["source"], string> = {
  "rma-actual": "published by RMA, in the market data",
  estimate: "an estimate from the latest market data",
  "rma-actual-margins": "typed by the agent",
  entered: "typed by the agent",
  "futures-actual": "worked out by the server from the futures settlements it kept",
};

/** Sources read from the device's market data (the others were typed by the agent). */
const FROM_MARKET = new Set<ComputedClaim["actual"]["source"]>(["rma-actual", "estimate", "futures-actual"]);

/** The source's words with its ISO dates as the screens show dates ("for 2026-11-16" → "for Nov 16, 2026"). */
const readable = (text: string) => text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (date) => formatDate(date));

/** "RMA actual ending value (A00620) for Nov 13, 2026 (published by RMA, …, as of Nov 18, 2026)", or on sample data its word. */
export function claimSourceLine(actual: ComputedClaim["actual"], sample: boolean): string {
  const asOf = formatDate(actual.date);
  if (sample && FROM_MARKET.has(actual.source))
    return `sample data: the generated sample market data, not RMA's figures (${actual.kind === "estimate" ? "an estimate, " : ""}as of ${asOf})`;
  return `${readable(actual.sourceText)} (${SOURCE_WORDS[actual.source]}, as of ${asOf})`;
}
