import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { STATUS_LABELS } from "../../../shared/book/status";
import { COVERAGE_STATUSES } from "../../../shared/documents/book";
import { useBookIndex } from "../../components/book";
import { type Column, FilterSelect, PLAN_FILTER_OPTIONS, RecordTable } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { formatDate, formatNumber } from "../../lib/format";
import {
  type CoverageFilter,
  type CoverageRow,
  coverageRows,
  filterChoices,
  filterCoverageRows,
  formatPremium,
} from "./coverage-rows";
import { endingSoonIds } from "./ending-soon";
import { useToday } from "./use-today";
import "./coverages.css";

// The columns are module constants so the table's search and sort memos hold across renders.
const COLUMNS: readonly Column<CoverageRow>[] = [
  {
    key: "customer",
    label: "Customer",
    value: (r) => r.customer,
    render: (r) => <Link to={r.href}>{r.customer}</Link>,
  },
  { key: "plan", label: "Plan", value: (r) => r.planLabel },
  { key: "commodity", label: "Commodity", value: (r) => r.commodity },
  { key: "type", label: "Type", value: (r) => r.type },
  {
    key: "salesDate",
    label: "Sales date",
    value: (r) => r.salesDate,
    render: (r) => formatDate(r.salesDate),
  },
  { key: "endDate", label: "End date", value: (r) => r.endDate, render: (r) => formatDate(r.endDate) },
  {
    key: "daysLeft",
    label: "Days left",
    value: (r) => r.daysLeft,
    render: (r) => (r.daysLeft < 0 ? "ended" : formatNumber(r.daysLeft)),
    align: "end",
  },
  { key: "head", label: "Head", value: (r) => r.head, render: (r) => formatNumber(r.head), align: "end" },
  {
    key: "producerPremium",
    label: "Producer premium",
    value: (r) => r.producerPremium,
    render: (r) => formatPremium(r.producerPremium),
    align: "end",
  },
  { key: "provider", label: "Provider", value: (r) => r.provider },
  { key: "cropYear", label: "Crop year", value: (r) => r.cropYear },
  { key: "status", label: "Status", value: (r) => r.statusLabel },
];

const FILTER_KEYS = ["plan", "status", "year", "provider", "ending"] as const;

/** /agent/coverages — every LRP coverage and LGM endorsement of the organisation's book. */
export default function CoveragesPage() {
  const book = useBookIndex();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const filter: CoverageFilter = {
    plan: params.get("plan") ?? "",
    status: params.get("status") ?? "",
    cropYear: params.get("year") ?? "",
    provider: params.get("provider") ?? "",
    endingSoon: params.get("ending") === "30",
  };
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

  const rows = useMemo(
    () => coverageRows(book.coverages, book.customerNames, today),
    [book.coverages, book.customerNames, today],
  );
  const choices = useMemo(() => filterChoices(rows), [rows]);
  const { endingSoon } = filter;
  const soonIds = useMemo(() => (endingSoon ? endingSoonIds(rows, today) : null), [endingSoon, rows, today]);
  const { plan, status, cropYear, provider } = filter;
  const shown = useMemo(
    () =>
      filterCoverageRows(
        rows,
        { plan, status, cropYear, provider, endingSoon },
        (r) => soonIds?.has(r.id) ?? true,
      ),
    [rows, plan, status, cropYear, provider, endingSoon, soonIds],
  );

  if (!book.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="coverages" data-testid="coverages-page">
      <p className="coverages__intro">
        Every LRP endorsement and LGM endorsement of your customers. Open one to see its figures and change
        its status.
      </p>
      <div className="coverages__actions">
        <ButtonLink to="/agent/coverages/lrp/create">New LRP coverage</ButtonLink>
        <ButtonLink to="/agent/coverages/lgm/create" variant="secondary">
          New LGM endorsement
        </ButtonLink>
      </div>
      {!book.loaded && book.coverages.length === 0 ? (
        <p className="note" role="status">
          Loading the book…
        </p>
      ) : null}
      <RecordTable
        label="coverages"
        rows={shown}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        exportName={`coverages-${today}`}
        initialSort={{ key: "endDate", direction: "asc" }}
        pageSize={50}
        empty={
          rows.length === 0
            ? "No coverages yet. Create one from a customer's LRP or LGM policy."
            : "No coverage matches these filters."
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
              options={COVERAGE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
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
            <label className="coverages__check">
              <input
                type="checkbox"
                checked={endingSoon}
                onChange={(e) => setFilter("ending", e.target.checked ? "30" : "")}
              />
              <span>Ending in the next 30 days</span>
            </label>
          </>
        }
      />
    </div>
  );
}
