import type { CommissionTotal } from "../../../shared/commissions/totals";
import { formatDollars } from "../../lib/format";

// One view's totals (by month, company or agent) with the grand total in the table's foot.

const money = (amount: string) => formatDollars(amount, { cents: true });

export function TotalsTable({
  caption,
  keyLabel,
  totals,
  grand,
  name,
}: {
  caption: string;
  keyLabel: string;
  totals: readonly CommissionTotal[];
  grand: { earned: string; chargebacks: string; net: string };
  name: (key: string) => string;
}) {
  if (totals.length === 0) return <p className="note">No commission line matches these filters.</p>;
  return (
    <div className="commissions__scroll">
      <table className="commissions__table" data-testid="commission-totals">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col" className="num">
              Earned
            </th>
            <th scope="col" className="num">
              Chargebacks
            </th>
            <th scope="col" className="num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.key}>
              <th scope="row">{name(t.key)}</th>
              <td className="num">{money(t.earned)}</td>
              <td className="num">{money(t.chargebacks)}</td>
              <td className="num">{money(t.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{money(grand.earned)}</td>
            <td className="num">{money(grand.chargebacks)}</td>
            <td className="num" data-testid="commission-total-net">
              {money(grand.net)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
