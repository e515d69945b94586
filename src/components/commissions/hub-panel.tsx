import { useMemo } from "react";
import { Link } from "react-router";
import { formatDollars } from "../../lib/format";
import { monthFigures } from "./month-figures";
import { useCommissionLines } from "./use-commission-lines";
import "./hub-panel.css";

// The agent hub's commission figures (COMMUI3): this month's expected commission (the agent's own
// parts) and what the companies' statements paid in it, with a link to the commissions screen.

export default function CommissionHubFigures({ today }: { today: string }) {
  const view = useCommissionLines();
  const month = today.slice(0, 7);
  const figures = useMemo(
    () => monthFigures(view.lines, view.reconciliation, month, view.agentId),
    [view.lines, view.reconciliation, month, view.agentId],
  );
  return (
    <>
      <dl className="commissions-hub" data-testid="hub-commissions">
        <div>
          <dt>Expected this month</dt>
          <dd>{formatDollars(figures.expected, { cents: true })}</dd>
        </div>
        <div>
          <dt>Received this month</dt>
          <dd>{formatDollars(figures.received, { cents: true })}</dd>
        </div>
      </dl>
      <p className="agent-hub__note">
        <Link to={`/agent/commissions?month=${month}`}>Commissions by month, company and agent</Link>
      </p>
    </>
  );
}
