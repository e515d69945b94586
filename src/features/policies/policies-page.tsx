import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { STATUS_LABELS } from "../../../shared/book/status";
import { POLICY_STATUSES } from "../../../shared/documents/book";
import { useBookIndex } from "../../components/book";
import { type Column, FilterSelect, PLAN_FILTER_OPTIONS, RecordTable } from "../../components/records";
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
            <FilterSelect
              label="Plan"
              value={plan}
              onChange={(v) => setFilter("plan", v)}
              allLabel="All plans"
              options={PLAN_FILTER_OPTIONS}
            />
            <FilterSelect
              label="Status"
              value={status}
              onChange={(v) => setFilter("status", v)}
              allLabel="All statuses"
              options={POLICY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
            <FilterSelect
              label="Crop year"
              value={cropYear}
              onChange={(v) => setFilter("year", v)}
              allLabel="All years"
              options={choices.cropYears.map((y) => ({ value: String(y), label: String(y) }))}
            />
            <FilterSelect
              label="Provider"
              value={provider}
              onChange={(v) => setFilter("provider", v)}
              allLabel="All providers"
              options={choices.providers.map((p) => ({ value: p.id, label: p.name }))}
            />
          </>
        }
      />
    </div>
  );
}
