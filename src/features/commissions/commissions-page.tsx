import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { filterReconciliation } from "../../../shared/commissions/reconcile";
import { sum } from "../../../shared/commissions/rounding";
import { totalsBy } from "../../../shared/commissions/totals";
import { useBookIndex } from "../../components/book/use-book-index";
import { useToday } from "../../components/book/use-today";
import { useAgentRoster } from "../../components/commissions/agent-roster";
import { monthFigures } from "../../components/commissions/month-figures";
import { useCommissionLines } from "../../components/commissions/use-commission-lines";
import { FilterSelect } from "../../components/records/filter-select";
import { RecordTable } from "../../components/records/record-table";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { formatDollars, formatMonth } from "../../lib/format";
import { lineColumns } from "./commission-columns";
import { companyName } from "./labels";
import { ReconciliationPanel } from "./reconciliation-panel";
import { StatementImport } from "./statement-import";
import { TotalsTable } from "./totals-table";
import { agentViewLines, filterLines, VIEWS, type View } from "./views";
import "./commissions.css";

/**
 * /agent/commissions (agents and admins): expected commission from the book on the device, by month,
 * by company or by agent with totals; the lines themselves; the companies' statements and their
 * reconciliation. An agent sees only their own parts of their own lines; an admin sees everything.
 * Filters (company, month, agent) are in the address.
 */
export default function CommissionsPage() {
  const view = useCommissionLines();
  const index = useBookIndex();
  const { agents, nameOf } = useAgentRoster();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const by = (VIEWS.find((v) => v.id === params.get("by"))?.id ?? "month") as View;
  const company = params.get("company") ?? "";
  const month = params.get("month") ?? "";
  const agent = view.agentId === null ? (params.get("agent") ?? "") : "";
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const counted = useMemo(() => agentViewLines(view.lines, view.agentId), [view.lines, view.agentId]);
  const shown = useMemo(
    () => filterLines(counted, { providerId: company, month, agentId: agent }),
    [counted, company, month, agent],
  );
  const totals = useMemo(() => totalsBy(shown, by === "company" ? "provider" : by), [shown, by]);
  const grand = useMemo(() => {
    const earned = sum(totals.map((t) => t.earned));
    const chargebacks = sum(totals.map((t) => t.chargebacks));
    return { earned, chargebacks, net: sum([earned, chargebacks]) };
  }, [totals]);
  const reconciliation = useMemo(
    () =>
      filterReconciliation(view.reconciliation, {
        ...(company ? { providerId: company } : {}),
        ...(month ? { month } : {}),
        ...(agent ? { agentId: agent } : {}),
      }),
    [view.reconciliation, company, month, agent],
  );
  const thisMonth = today.slice(0, 7);
  const figures = useMemo(
    () => monthFigures(view.lines, view.reconciliation, thisMonth, view.agentId),
    [view.lines, view.reconciliation, thisMonth, view.agentId],
  );
  const columns = useMemo(
    () => lineColumns(view.agentId !== null, (id) => index.customerNames.get(id) ?? id, nameOf),
    [view.agentId, index.customerNames, nameOf],
  );
  const months = useMemo(() => [...new Set(counted.map((l) => l.month))].sort().reverse(), [counted]);
  const companies = useMemo(
    () => [...new Set(counted.map((l) => l.providerId).filter((p): p is string => !!p))],
    [counted],
  );

  if (!view.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  if (!view.loaded && view.lines.length === 0) return <p>Loading your book…</p>;

  const keyName = (key: string) =>
    by === "company"
      ? companyName(key)
      : by === "agent"
        ? key === "agency"
          ? "The agency"
          : nameOf(key)
        : formatMonth(key);

  return (
    <div className="commissions" data-testid="commissions-page">
      <p className="commissions__intro">
        {view.agentId === null
          ? "Every agent's commission, figured on this device from the book and the rates under Settings."
          : "Your part of the commission on the policies you write or service, figured on this device from the book and the agency's rates."}{" "}
        Commission is a percent of the total premium; a cancellation or a lower premium is charged back.
      </p>
      <p className="note" data-testid="commission-data-note">
        This device holds the agency's whole commission data (rates and every policy's split) with the rest of
        the book, so {view.agentId === null ? "each agent's" : "your"} view here is a view, not a secret: the
        server answers each agent with their own lines only.
      </p>
      <dl className="commissions__figures" data-testid="commission-month-figures">
        <div>
          <dt>Expected in {formatMonth(thisMonth)}</dt>
          <dd>{formatDollars(figures.expected, { cents: true })}</dd>
        </div>
        <div>
          <dt>Received in {formatMonth(thisMonth)}</dt>
          <dd>{formatDollars(figures.received, { cents: true })}</dd>
        </div>
      </dl>
      <div className="commissions__filters" data-testid="commission-filters">
        <FilterSelect
          label="Company"
          value={company}
          onChange={(v) => set("company", v)}
          allLabel="All companies"
          options={companies.map((p) => ({ value: p, label: companyName(p) }))}
        />
        <FilterSelect
          label="Month"
          value={month}
          onChange={(v) => set("month", v)}
          allLabel="All months"
          options={(month && !months.includes(month) ? [month, ...months] : months).map((m) => ({
            value: m,
            label: formatMonth(m),
          }))}
        />
        {view.agentId === null ? (
          <FilterSelect
            label="Agent"
            value={agent}
            onChange={(v) => set("agent", v)}
            allLabel="All agents"
            options={agents.map((a) => ({ value: a.id, label: a.name }))}
          />
        ) : null}
      </div>
      <Card>
        <h2 className="commissions__heading">Expected commission</h2>
        <fieldset className="commissions__views">
          <legend className="visually-hidden">Totals by</legend>
          {VIEWS.filter((v) => v.id !== "agent" || view.agentId === null).map((v) => (
            <label key={v.id} className="settings__check">
              <input type="radio" name="by" checked={by === v.id} onChange={() => set("by", v.id)} />
              {v.label}
            </label>
          ))}
        </fieldset>
        <TotalsTable
          caption={`Commission by ${by}`}
          keyLabel={VIEWS.find((v) => v.id === by)?.column ?? "Month"}
          totals={totals}
          grand={grand}
          name={keyName}
        />
      </Card>
      <Card>
        <h2 className="commissions__heading">Lines</h2>
        <RecordTable
          label="commission lines"
          rows={shown}
          columns={columns}
          rowKey={(l) => l.id}
          exportName="commissions"
          initialSort={{ key: "on", direction: "desc" }}
          empty={
            <p className="note">
              No commission line yet: lines appear for coverages whose company has a rate under Settings.
            </p>
          }
        />
      </Card>
      <Card>
        <h2 className="commissions__heading">Statements</h2>
        <p className="note">
          {view.statements.length === 0
            ? "No statement imported yet."
            : `${view.statements.length === 1 ? "1 statement" : `${view.statements.length} statements`} kept: ${view.statements
                .slice(0, 5)
                .map(
                  (s) =>
                    `${companyName(s.providerId)} ${formatMonth(s.month)} (${s.lines.length} ${s.lines.length === 1 ? "line" : "lines"})`,
                )
                .join(", ")}${view.statements.length > 5 ? ", …" : ""}.`}
        </p>
        <StatementImport state={view} month={thisMonth} />
      </Card>
      <Card>
        <h2 className="commissions__heading">Reconciliation</h2>
        <ReconciliationPanel
          reconciliation={reconciliation}
          today={today}
          hasStatements={view.statements.length > 0}
        />
      </Card>
    </div>
  );
}
