import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { CLAIM_STATUSES } from "../../../shared/documents/claim";
import { useBookIndex } from "../../components/book";
import { useToday } from "../../components/book/use-today";
import { ClaimDue, claimHref, claimStatusLabel, urgencyText } from "../../components/claims";
import { type Column, RecordTable } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { formatDate, formatDollars } from "../../lib/format";
import { type ClaimRow, claimRows, filterClaimRows } from "./claim-rows";
import { OpenClaimPanel } from "./open-claim-panel";
import "./claims.css";

const columns = (today: string): Column<ClaimRow>[] => [
  {
    key: "customer",
    label: "Customer",
    value: (r) => r.customer,
    render: (r) => <Link to={claimHref(r.id)}>{r.customer}</Link>,
  },
  { key: "what", label: "Plan and type", value: (r) => r.what },
  { key: "endDate", label: "End date", value: (r) => r.endDate, render: (r) => formatDate(r.endDate) },
  {
    key: "filingDue",
    label: "Filing due",
    value: (r) => (r.filingDueDate ? `${r.filingDueDate} ${urgencyText(r.urgency)}`.trim() : ""),
    render: (r) => (
      <ClaimDue filingDueDate={r.filingDueDate} today={today} filed={r.urgency.level === "none"} />
    ),
  },
  {
    key: "indemnity",
    label: "Indemnity",
    value: (r) => r.indemnity,
    render: (r) => `${formatDollars(r.indemnity)}${r.estimate ? " (estimate)" : ""}`,
    align: "end",
  },
  { key: "status", label: "Status", value: (r) => claimStatusLabel(r.status) },
];

/** /agent/claims — every claim of the organisation, and "Open a claim" for ?coverage=ID. */
export default function ClaimsPage() {
  const index = useBookIndex();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const coverageId = params.get("coverage");
  const status = params.get("status") ?? "";
  const plan = params.get("plan") ?? "";
  const dueSoon = params.get("due") === "soon";
  const filters = { status, plan, dueSoon };
  const setFilter = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const rows = useMemo(() => claimRows(index.claims, index.customerNames, today), [index, today]);
  const shown = useMemo(
    () => filterClaimRows(rows, { status, plan, dueSoon }),
    [rows, status, plan, dueSoon],
  );
  const overdue = rows.filter((r) => r.overdue).length;
  const cols = useMemo(() => columns(today), [today]);
  if (!index.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  return (
    <div className="claims" data-testid="claims-page">
      {coverageId ? <OpenClaimPanel coverageId={coverageId} today={today} /> : null}
      <p className="claim-note">
        Claims on your customers' endorsements (beta). Open one from an ended endorsement's page or from the
        hub's "Claims that pay". An LRP claim is filed within 60 days after the end date.
      </p>
      {overdue > 0 ? (
        <Alert
          tone="error"
          title={`${overdue} claim${overdue === 1 ? " is" : "s are"} past the filing due date`}
        >
          File {overdue === 1 ? "it" : "them"} with the insurance provider today, and record the submission.
        </Alert>
      ) : null}
      {!index.loaded ? <p role="status">Loading the book…</p> : null}
      {coverageId ? <h2 className="claims__list-title">All claims</h2> : null}
      <RecordTable
        label="claims"
        rows={shown}
        columns={cols}
        rowKey={(r) => r.id}
        exportName="claims"
        initialSort={{ key: "filingDue", direction: "asc" }}
        empty={rows.length === 0 ? "No claims yet." : "No claim matches these filters."}
        filters={
          <>
            <label>
              <span>Status</span>
              <select value={filters.status} onChange={(e) => setFilter("status", e.target.value)}>
                <option value="">All statuses</option>
                {CLAIM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {claimStatusLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Plan</span>
              <select value={filters.plan} onChange={(e) => setFilter("plan", e.target.value)}>
                <option value="">All plans</option>
                <option value="lrp">LRP</option>
                <option value="lgm">LGM</option>
              </select>
            </label>
            <label className="claims__check">
              <input
                type="checkbox"
                checked={filters.dueSoon}
                onChange={(e) => setFilter("due", e.target.checked ? "soon" : "")}
              />
              <span>Overdue or due within 14 days</span>
            </label>
          </>
        }
      />
    </div>
  );
}
