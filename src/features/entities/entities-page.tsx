import { useMemo } from "react";
import { Link } from "react-router";
import { STATUS_LABELS } from "../../../shared/book/status";
import { ENTITY_STATUSES } from "../../../shared/book/statuses";
import { useBookIndex } from "../../components/book";
import { type Column, FilterSelect, RecordTable, useUrlFilters } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import {
  customerHref,
  type EntityRow,
  entityRows,
  entityTypeLabel,
  filterEntityRows,
  typesInBook,
} from "./entity-rows";
import "./entities.css";

// No tax id in any column (nor in the CSV export, which has exactly these columns).
const COLUMNS: readonly Column<EntityRow>[] = [
  {
    key: "legalName",
    label: "Legal name",
    value: (r) => r.legalName,
    render: (r) => <Link to={r.href}>{r.legalName}</Link>,
  },
  { key: "type", label: "Type", value: (r) => r.typeLabel },
  {
    key: "customer",
    label: "Customer",
    value: (r) => r.customer,
    render: (r) => <Link to={customerHref(r.customerId)}>{r.customer}</Link>,
  },
  {
    key: "status",
    label: "Status",
    value: (r) => r.statusLabel,
    render: (r) => <span className={`record-status record-status--${r.status}`}>{r.statusLabel}</span>,
  },
];

const FILTER_KEYS = ["status", "type"] as const;

/** /agent/entities — every entity (insured person or business) of the organisation's customers. */
export default function EntitiesPage() {
  const book = useBookIndex();
  const [filters, setFilter] = useUrlFilters(FILTER_KEYS);
  const { status, type } = filters;
  const rows = useMemo(
    () => entityRows(book.entities, book.customerNames),
    [book.entities, book.customerNames],
  );
  const types = useMemo(() => typesInBook(rows), [rows]);
  const shown = useMemo(() => filterEntityRows(rows, { status, type }), [rows, status, type]);

  if (!book.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="entities" data-testid="entities-page">
      <p className="entities__intro">
        The people and businesses your customers insure under. Tax ids are never listed: open an entity to see
        its details.
      </p>
      <div className="entities__actions">
        <ButtonLink to="/agent/entities/create">New entity</ButtonLink>
      </div>
      {!book.loaded && book.entities.length === 0 ? (
        <p className="note" role="status">
          Loading the book…
        </p>
      ) : null}
      <RecordTable
        label="entities"
        rows={shown}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        exportName="entities"
        initialSort={{ key: "legalName", direction: "asc" }}
        empty={
          rows.length === 0
            ? "No entities yet. Create one for a customer with “New entity”."
            : "No entity matches these filters."
        }
        filters={
          <>
            <FilterSelect
              label="Status"
              value={status}
              onChange={(v) => setFilter("status", v)}
              allLabel="All statuses"
              options={ENTITY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
            <FilterSelect
              label="Type"
              value={type}
              onChange={(v) => setFilter("type", v)}
              allLabel="All types"
              options={types.map((t) => ({ value: t, label: `${t} · ${entityTypeLabel(t)}` }))}
            />
          </>
        }
      />
    </div>
  );
}
