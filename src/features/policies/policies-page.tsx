import { useMemo } from "react";
import { Link } from "react-router";
import { POLICY_STATUSES } from "../../../shared/book/statuses";
import { useBookIndex } from "../../components/book";
import {
  type Column,
  PlanFilters,
  planFilterChoices,
  RecordTable,
  useUrlFilters,
} from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { filterPolicyRows, type PolicyRow, policyRows } from "./policy-rows";
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
  const [filters, setFilter] = useUrlFilters(FILTER_KEYS);
  const { plan, status, year: cropYear, provider } = filters;
  const entityNames = useMemo(() => new Map(book.entities.map((e) => [e.id, e.legalName])), [book.entities]);
  const rows = useMemo(
    () => policyRows(book.policies, book.customerNames, entityNames),
    [book.policies, book.customerNames, entityNames],
  );
  const choices = useMemo(() => planFilterChoices(rows), [rows]);
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
          <PlanFilters values={filters} set={setFilter} statuses={POLICY_STATUSES} choices={choices} />
        }
      />
    </div>
  );
}
