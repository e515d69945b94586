import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { CustomerSummary } from "../../../shared/documents/book";
import { useBookIndex } from "../../components/book";
import { customerHref, statusLabel } from "../../components/book/record-labels";
import { type Column, FilterSelect, RecordTable } from "../../components/records";
import { ButtonLink } from "../../components/ui/button";
import { formatDate, formatNumber } from "../../lib/format";

const COLUMNS: readonly Column<CustomerSummary>[] = [
  {
    key: "name",
    label: "Name",
    value: (c) => c.name,
    render: (c) => <Link to={customerHref(c.id)}>{c.name || "(no name)"}</Link>,
  },
  { key: "state", label: "State", value: (c) => c.state ?? "" },
  { key: "activePolicies", label: "Active policies", value: (c) => c.activePolicies ?? 0, align: "end" },
  {
    key: "headCovered",
    label: "Head covered",
    value: (c) => c.headCovered ?? 0,
    render: (c) => formatNumber(c.headCovered ?? 0),
    align: "end",
  },
  {
    key: "nextEndDate",
    label: "Next end date",
    value: (c) => c.nextEndDate ?? "",
    render: (c) => (c.nextEndDate ? formatDate(c.nextEndDate) : "—"),
  },
  { key: "status", label: "Status", value: (c) => statusLabel(c.status ?? "active") },
];

/** The organisation's customers from the book's summaries: search, sort, a status filter, CSV export. */
const CUSTOMER_STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

export function CustomerList({ readOnly }: { readOnly: boolean }) {
  const index = useBookIndex();
  const [status, setStatus] = useState("");
  const rows = useMemo(
    () => (status ? index.customers.filter((c) => (c.status ?? "active") === status) : index.customers),
    [index.customers, status],
  );
  return (
    <div className="customers" data-testid="customers-page">
      <div className="customers__bar">
        <p className="customers__note">
          Your organisation's producers. Open one to see and edit the profile, entities, policies and
          coverages.
        </p>
        {readOnly ? null : (
          <ButtonLink to="?new=1" data-testid="new-customer">
            New customer
          </ButtonLink>
        )}
      </div>
      {!index.loaded ? (
        <p>Loading the customer list…</p>
      ) : (
        <RecordTable
          label="customers"
          rows={rows}
          columns={COLUMNS}
          rowKey={(c) => c.id}
          exportName="customers"
          initialSort={{ key: "name", direction: "asc" }}
          filters={
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              allLabel="All statuses"
              options={CUSTOMER_STATUS_OPTIONS}
            />
          }
          empty={
            index.customers.length === 0
              ? "No customers yet. Add the first with “New customer”."
              : "No customers match the search."
          }
        />
      )}
    </div>
  );
}
