import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { formatDollars, formatMonth, formatNumber } from "../../lib/format";
import { monthTotal } from "./lgm-text";

export function MonthTable({ quote, unit }: { quote: LgmQuote; unit: string }) {
  return (
    <ScrollRegion label="Expected gross margin by marketing month (scrolls sideways)">
      <table className="data-table" aria-label="Expected gross margin by marketing month">
        <thead>
          <tr>
            <th scope="col" className="pinned">
              Marketing Month
            </th>
            <th scope="col" className="num">
              Target marketings ({unit})
            </th>
            <th scope="col" className="num">
              Expected gross margin (/{unit})
            </th>
            <th scope="col" className="num">
              Expected gross margin (total)
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.months.map((m, i) => (
            <tr key={m.marketingMonth}>
              <th scope="row" className="pinned">
                {formatMonth(m.marketingMonth)}
                {i === 0 ? <span className="note"> (not insurable)</span> : null}
              </th>
              <td className="num">{formatNumber(m.targetMarketings)}</td>
              <td className="num">{formatDollars(m.expectedGrossMarginPerUnit, { cents: true })}</td>
              <td className="num">
                {formatDollars(monthTotal(m.expectedGrossMarginPerUnit, m.targetMarketings))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
