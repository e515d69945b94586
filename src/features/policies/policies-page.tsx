import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { STATUS_LABELS } from "../../../shared/book/status";
import { POLICY_STATUSES } from "../../../shared/documents/book";
import { useBookIndex } from "../../components/book";
import { type Column, RecordTable } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { filterPolicyRows, type PolicyRow, policyFilterChoices, policyRows } from "./policy-rows";
import "./policies.css";

const COLUMNS: readonly Column<PolicyRow>[] = [
  {
    key: "policyNumber",
    label: "Policy number",
    value: (r) => r.policyNumber,
    render: (r) => <Link to={r.href}>{r.policyNumber || "Pending number"}</Link>,
  },
  {
    key: "customer",
    label: "Customer",
    value: (r) => r.customer,
    render: (r) => (
      <Link to={`/agent/customers?customer=${encodeURIComponent(r.customerId)}`}>{r.customer}</Link>
    ),
  },
  {
    key: "entity",
    label: "Entity",
    value: (r) => r.entity,
    render: (r) => <Link to={`/agent/entities/${encodeURIComponent(r.entityId)}`}>{r.entity}</Link>,
  },
  { key: "plan", label: "Plan", value: (r) => r.planLabel },
  { key: "provider", label: "Provider", value: (r) => r.provider },
  { key: "cropYear", label: "Crop year", value: (r) => r.cropYear },
  { key: "state", label: "State", value: (r) => r.state },
  {
    key: "status",
    label: "Status",
    value: (r) => r.statusLabel,
    render: (r) => <span className={`record-status record-status--${r.status}`}>{r.statusLabel}</span>,
  },
];

const FILTER_KEYS = ["plan", "status", "year", "provider"] as const;

/** /agent/policies — every policy of the organisation's customers. */
export default function PoliciesPage() {
  const book = useBookIndex();
  const [params, setParams] = useSearchParams();
  const plan = params.get("plan") ?? "";
  const status = params.get("status") ?? "";
  const cropYear = params.get("year") ?? "";
  const provider = params.get("provider") ?? "";
  const setFilter = useCallback(
    (key: (typeof FILTER_KEYS)[number], value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const entityNames = useMemo(() => new Map(book.entities.map((e) => [e.id, e.legalName])), [book.entities]);
  const rows = useMemo(
    () => policyRows(book.policies, book.customerNames, entityNames),
    [book.policies, book.customerNames, entityNames],
  );
  const choices = useMemo(() => policyFilterChoices(rows), [rows]);
  const shown = useMemo(
    () => filterPolicyRows(rows, { plan, status, cropYear, provider }),
    [rows, plan, status, cropYear, provider],
  );

  if (!book.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="policies" data-testid="policies-page">
      <p className="policies__intro">
        Every LRP and LGM policy of your customers. Open one to see its coverages, edit it or change its
        status.
      </p>
      <div className="policies__actions">
        <ButtonLink to="/agent/policies/create">New policy</ButtonLink>
      </div>
      {!book.loaded && book.policies.length === 0 ? (
        <p className="note" role="status">
          Loading the book…
        </p>
      ) : null}
      <RecordTable
        label="policies"
        rows={shown}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        exportName="policies"
        initialSort={{ key: "cropYear", direction: "desc" }}
        empty={
          rows.length === 0
            ? "No policies yet. Create one for a customer's entity with “New policy”."
            : "No policy matches these filters."
        }
        filters={
          <>
            <label>
              <span>Plan</span>
              <select value={plan} onChange={(e) => setFilter("plan", e.target.value)}>
                <option value="">All plans</option>
                <option value="lrp">LRP</option>
                <option value="lgm">LGM</option>
              </select>
            </label>
            <label>
              <span>Status</span>
              <select value={status} onChange={(e) => setFilter("status", e.target.value)}>
                <option value="">All statuses</option>
                {POLICY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Crop year</span>
              <select value={cropYear} onChange={(e) => setFilter("year", e.target.value)}>
                <option value="">All years</option>
                {choices.cropYears.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Provider</span>
              <select value={provider} onChange={(e) => setFilter("provider", e.target.value)}>
                <option value="">All providers</option>
                {choices.providers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
      />
    </div>
  );
}
