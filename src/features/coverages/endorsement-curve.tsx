import { LGM_RESULT_LABELS } from "../../../shared/catalogue/labels";
import type { CustomerProfile, LgmEndorsement } from "../../../shared/documents/book";
import { Alert } from "../../components/ui/alert";
import { formatDate, formatDollars } from "../../lib/format";
import { formatPremium } from "./coverage-rows";
import { deductibleUnit } from "./deductible-position";
import { useEndorsementCurve } from "./use-endorsement-curve";

const [, DEDUCTIBLE, GUARANTEE, PRODUCER_PREMIUM] = LGM_RESULT_LABELS;

const STORED_RULE = "The figures above are the endorsement's stored ones, frozen when it was priced.";

/**
 * The endorsement's whole deductible curve (premiums and guarantee at every deductible RMA offers for
 * its type), priced on this device on the market data of its sales date, its own deductible marked.
 * The stored figures stay the record; the curve says whether it agrees with them.
 */
export function EndorsementCurve({
  endorsement: e,
  profile,
}: {
  endorsement: LgmEndorsement;
  profile: Pick<CustomerProfile, "farmerClassification" | "farmingSinceYear"> | undefined;
}) {
  const curve = useEndorsementCurve(e, profile);
  const unit = deductibleUnit(e.commodity);
  if (curve.status === "loading")
    return (
      <p className="note" role="status">
        Pricing the deductible curve on the market data of {formatDate(e.salesDate)}…
      </p>
    );
  if (curve.status === "unavailable")
    return (
      <div className="note" role="status" data-testid="lgm-curve-unavailable">
        <p>{curve.reason}</p>
        <p>{STORED_RULE}</p>
      </div>
    );
  if (curve.status === "failed")
    return (
      <Alert tone="warning" title="The deductible curve cannot be priced">
        <p>{curve.message}</p>
        <p>{STORED_RULE}</p>
      </Alert>
    );
  const { rows, agreement } = curve;
  return (
    <div className="lgm-curve" data-testid="lgm-curve">
      <p className="note">
        Priced on this device by the LGM quote screen's engine on the market data of {formatDate(e.salesDate)}
        {curve.snapshotLabel ? ` (${curve.snapshotLabel})` : ""}
        {curve.source === "server" ? ", fetched from the server's market history" : ""}.
      </p>
      {agreement.agrees ? (
        <p className="note" data-testid="lgm-curve-agrees">
          At the endorsement's deductible the curve gives the stored figures.
        </p>
      ) : (
        <Alert tone="warning" title="The curve differs from the stored figures">
          <p data-testid="lgm-curve-differs">
            At the endorsement's deductible the curve gives another {agreement.differing.join(", ")} than the
            endorsement. The stored figures stay the endorsement's: they were frozen when it was priced (the
            market data{e.snapshotLabel ? ` "${e.snapshotLabel}"` : ""} or the customer's farmer
            classification differ now).
          </p>
        </Alert>
      )}
      <div className="curve-table-box">
        <table className="curve-table" aria-label="Premium and guarantee by deductible">
          <thead>
            <tr>
              <th scope="col">
                {DEDUCTIBLE} ($/{unit})
              </th>
              <th scope="col" className="num">
                {GUARANTEE}
              </th>
              <th scope="col" className="num">
                {PRODUCER_PREMIUM}
              </th>
              <th scope="col" className="num">
                per {unit}
              </th>
              <th scope="col" className="num curve-table__wide">
                Total premium
              </th>
              <th scope="col" className="num curve-table__wide">
                Subsidy
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.deductible}
                aria-current={r.stored || undefined}
                data-testid={r.stored ? "lgm-curve-stored" : undefined}
              >
                <th scope="row">
                  {formatDollars(r.deductible, e.commodity === "0847" ? { cents: true } : {})}
                  {r.stored ? <span className="curve-table__mark">this endorsement</span> : null}
                </th>
                <td className="num">{formatPremium(r.guarantee)}</td>
                <td className="num" data-testid={r.stored ? "lgm-curve-producer-premium" : undefined}>
                  {formatPremium(r.producerPremium)}
                </td>
                <td className="num">{formatDollars(r.producerPremiumPerUnit, { cents: true })}</td>
                <td className="num curve-table__wide">{formatPremium(r.totalPremium)}</td>
                <td className="num curve-table__wide">{formatPremium(r.subsidy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="note curve-table__phone-note">
        On a wider screen the table also shows each deductible's total premium and subsidy.
      </p>
    </div>
  );
}
