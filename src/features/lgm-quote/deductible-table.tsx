import type { LgmCommodityCode } from "../../../shared/catalogue/livestock";
import type { LgmQuote } from "../../../shared/pricing/lgm/quote";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { formatDollars } from "../../lib/format";
import { formatDeductible } from "./lgm-text";

export function DeductibleTable({
  quote,
  chosen,
  commodity,
  onChoose,
}: {
  quote: LgmQuote;
  chosen: string;
  commodity: LgmCommodityCode;
  onChoose(deductible: string): void;
}) {
  return (
    <ScrollRegion label="Premium by deductible (scrolls sideways)">
      <table className="data-table" aria-label="Premium by deductible">
        <thead>
          <tr>
            <th scope="col" className="pinned">
              Deductible
            </th>
            <th scope="col" className="num">
              Total premium
            </th>
            <th scope="col" className="num">
              Subsidy
            </th>
            <th scope="col" className="num">
              Producer Premium
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.deductibleCurve.map((c) => {
            const selected = Number(chosen) === c.deductible;
            const label = formatDeductible(String(c.deductible), commodity);
            return (
              <tr
                key={c.deductible}
                aria-current={selected || undefined}
                onClick={() => onChoose(String(c.deductible))}
              >
                <th scope="row" className="pinned">
                  <button
                    type="button"
                    className="row-button"
                    aria-pressed={selected}
                    aria-label={`Choose deductible ${label}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onChoose(String(c.deductible));
                    }}
                  >
                    {label}
                  </button>
                </th>
                <td className="num">{formatDollars(c.totalPremium)}</td>
                <td className="num">{formatDollars(c.subsidy)}</td>
                <td className="num">{formatDollars(c.producerPremium)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
