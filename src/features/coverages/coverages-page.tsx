import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { COVERAGE_STATUSES } from "../../../shared/book/statuses";
import { documentName } from "../../../shared/documents/names";
import { useCoverageListCopy } from "../../components/book/coverage-list-copy";
import type { BookIndex } from "../../components/book/use-book-index";
import { planFilterChoices } from "../../components/records/plan-filter-choices";
import { type Column, RecordTable } from "../../components/records/record-table";
import { PlanFilters, useUrlFilters } from "../../components/records/url-filters";
import { Alert } from "../../components/ui/alert";
import { ButtonLink } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatNumber } from "../../lib/format";
import { databaseName } from "../../lib/sync/database-names";
import { afterNextPaint } from "../../lib/sync/frames";
import { useSyncClient } from "../../lib/sync/react/sync-context";
import {
  type CoverageFilter,
  type CoverageRow,
  coverageRows,
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
  // Status early: on a laptop beside the menu, the last columns may need a sideways scroll.
  { key: "status", label: "Status", value: (r) => r.statusLabel },
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
];

const FILTER_KEYS = ["plan", "status", "year", "provider", "ending"] as const;

// The book document's part of the screen: its own chunk, loaded once the copy's rows are painted. Not
// React.lazy: React holds back what a Suspense boundary reveals for up to 300 ms after its fallback
// showed, which an in-app visit to the list (no copy) would wait for every time.
type LiveModule = typeof import("./coverage-list-live");
let liveModule: LiveModule | undefined;

/** The book document's part once `open` and its chunk has loaded (at once when it has loaded before). */
function useLiveModule(open: boolean): LiveModule | undefined {
  const [module, setModule] = useState(liveModule);
  useEffect(() => {
    if (!open || module) return;
    let current = true;
    void import("./coverage-list-live").then((loaded) => {
      liveModule = loaded;
      if (current) setModule(loaded);
    });
    return () => {
      current = false;
    };
  }, [open, module]);
  return open ? module : undefined;
}

/** Becomes true after the frame that painted what was rendered once `ready` became true. */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let current = true;
    void afterNextPaint().then(() => {
      if (current) setPainted(true);
    });
    return () => {
      current = false;
    };
  }, [ready, painted]);
  return painted;
}

const NO_COVERAGES: never[] = [];
const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** /agent/coverages — every LRP coverage and LGM endorsement of the organisation's book. */
export default function CoveragesPage() {
  // On a page load the rows come first from the device's compact copy of the list, then from the book
  // document, whose code (Yjs, the sync layer) loads only after the copy's rows are painted
  // (docs/agent-book-bench.md). A book document already open (an earlier screen of this page) is
  // current: then there is no copy to read.
  const { orgId, user } = useSession();
  const client = useSyncClient();
  const name = orgId ? documentName.book(orgId) : null;
  const [fromCopy] = useState(() => !(name !== null && client?.opened(name)));
  const copy = useCoverageListCopy(fromCopy && name && user ? databaseName(user.sub, name) : null);
  const painted = usePaintedOnce(copy !== undefined && copy !== null);
  // While the copy is read (undefined) and until its rows are painted, the book document waits.
  const opensBook = !fromCopy || copy === null || painted;
  const CoverageListLive = useLiveModule(opensBook)?.default;
  const [book, setBook] = useState<BookIndex | null>(null);
  // The copy until the document has content (its snapshot or its own).
  const source = book && (book.loaded || book.hasCoverages) ? book : (copy ?? book);
  const coverages = source?.coverages ?? NO_COVERAGES;
  const customerNames = source?.customerNames ?? NO_NAMES;
  const loaded = book?.loaded ?? false;
  const today = useToday();
  const [filters, setFilter] = useUrlFilters(FILTER_KEYS);
  const filter: CoverageFilter = {
    plan: filters.plan,
    status: filters.status,
    cropYear: filters.year,
    provider: filters.provider,
    endingSoon: filters.ending === "30",
  };

  const rows = useMemo(
    () => coverageRows(coverages, customerNames, today),
    [coverages, customerNames, today],
  );
  const choices = useMemo(() => planFilterChoices(rows), [rows]);
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

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <div className="coverages" data-testid="coverages-page">
      {CoverageListLive ? <CoverageListLive onBook={setBook} /> : null}
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
      {!loaded && coverages.length === 0 ? (
        <p className="note" role="status">
          Loading the book…
        </p>
      ) : null}
      <RecordTable
        label="coverages"
        rows={shown}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        exportName="coverages"
        initialSort={{ key: "endDate", direction: "asc" }}
        pageSize={50}
        empty={
          rows.length === 0
            ? "No coverages yet. Create one from a customer's LRP or LGM policy."
            : "No coverage matches these filters."
        }
        filters={
          <>
            <PlanFilters values={filters} set={setFilter} statuses={COVERAGE_STATUSES} choices={choices} />
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
