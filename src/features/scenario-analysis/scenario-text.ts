import type { LgmScenarioResult } from "../../../shared/pricing/lgm/scenarios";
import { formatDate, formatDollars, formatMonth } from "../../lib/format";

export function scenarioText(
  s: LgmScenarioResult,
  h: { title: string; asOf: string; label: string; moves: string[]; url: string },
): string {
  return [
    h.title,
    `Prices as of ${formatDate(h.asOf)} (${h.label})`,
    `Moves: ${h.moves.join("; ")}`,
    "",
    `Actual gross margin: ${formatDollars(s.actualGrossMargin)}`,
    `Gross Margin Guarantee: ${formatDollars(s.grossMarginGuarantee)}`,
    `Indemnity: ${formatDollars(s.indemnity)}`,
    `Producer Premium: ${formatDollars(s.producerPremium)}`,
    `Net result: ${formatDollars(s.netResult)}`,
    "",
    ...s.months.map(
      (m) =>
        `${formatMonth(m.marketingMonth)} | ${formatDollars(m.actualGrossMarginPerUnit, { cents: true })}`,
    ),
    "",
    h.url,
  ].join("\n");
}
