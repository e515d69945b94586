import {
  RECONCILIATION_GROUPS,
  type Reconciliation,
  type ReconciliationEntry,
  reconciliationCsv,
} from "../../../shared/commissions/reconcile";
import { downloadText } from "../../components/records/csv";
import { exportFileName } from "../../components/records/record-table";
import { Button } from "../../components/ui/button";
import { formatDollars, formatMonth } from "../../lib/format";
import { commodityName, companyName } from "./labels";

// The statements against the expected lines (docs/commissions.md "Reconciliation"), one table per
// group: matched, paid less, paid more (with the difference), expected but missing from the
// statements, on a statement but unknown here, and chargebacks matched to cancellations. The CSV
// export is shared/commissions' (the one CSV writer: formula-safe).

const GROUP_TITLES: Record<keyof Reconciliation, string> = {
  matched: "Matched",
  underpaid: "Paid less than expected",
  overpaid: "Paid more than expected",
  missing: "Expected, missing from the statements",
  unknown: "On a statement, unknown here",
  chargebacks: "Chargebacks",
};

const money = (amount: string) => formatDollars(amount, { cents: true });

function GroupTable({ group, entries }: { group: keyof Reconciliation; entries: ReconciliationEntry[] }) {
  return (
    <section className="commissions__group" data-testid={`reconciliation-${group}`}>
      <h3>
        {GROUP_TITLES[group]} ({entries.length})
      </h3>
      {entries.length === 0 ? null : (
        <div className="commissions__scroll">
          <table className="commissions__table">
            <caption className="visually-hidden">{GROUP_TITLES[group]}</caption>
            <thead>
              <tr>
                <th scope="col">Policy number</th>
                <th scope="col">Company</th>
                <th scope="col">Commodity · sold</th>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  Expected
                </th>
                <th scope="col" className="num">
                  Paid
                </th>
                <th scope="col" className="num">
                  Difference
                </th>
                <th scope="col">Statement lines</th>
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, 500).map((e) => (
                <tr key={`${e.coverageId ?? e.policyNumber}-${e.kind}-${e.statementLines.join(".")}`}>
                  <td>{e.policyNumber || "—"}</td>
                  <td>{companyName(e.providerId)}</td>
                  <td>
                    {e.commodity ? commodityName(planOf(e.commodity), e.commodity) : "—"}
                    {e.salesDate ? ` · ${e.salesDate}` : ""}
                  </td>
                  <td>{e.month ? formatMonth(e.month) : "—"}</td>
                  <td className="num">{money(e.expected)}</td>
                  <td className="num">{money(e.paid)}</td>
                  <td className="num">{money(e.difference)}</td>
                  <td>{e.statementLines.join(", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {entries.length > 500 ? (
            <p className="note">The first 500 of {entries.length}; the CSV export holds them all.</p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The plan whose commodity table names a code: LGM's cattle and dairy cattle, else LRP's (swine is both). */
const planOf = (commodity: string): string => (["0803", "0847"].includes(commodity) ? "lgm" : "lrp");

export function ReconciliationPanel({
  reconciliation,
  today,
  hasStatements,
}: {
  reconciliation: Reconciliation;
  today: string;
  hasStatements: boolean;
}) {
  if (!hasStatements)
    return <p className="note">No statement yet: import a company's statement above to reconcile it.</p>;
  return (
    <div data-testid="reconciliation">
      <div className="commissions__actions">
        <Button
          variant="secondary"
          onClick={() =>
            downloadText(
              exportFileName("commission-reconciliation", today),
              reconciliationCsv(reconciliation),
            )
          }
        >
          Export the reconciliation (CSV)
        </Button>
      </div>
      {RECONCILIATION_GROUPS.map((g) => (
        <GroupTable key={g} group={g} entries={reconciliation[g]} />
      ))}
    </div>
  );
}
