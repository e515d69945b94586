import { useSearchParams } from "react-router";
import { useBookIndex, useCustomerBook } from "../../components/book";
import { useToday } from "../../components/book/use-today";
import { MyClaims } from "../../components/claims";
import { Alert } from "../../components/ui/alert";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatDollars, formatNumber } from "../../lib/format";
import { useDeviceMarket, useDocument } from "../../lib/sync";
import { endsIn, type MyCoverageRow, myCoverageRows } from "./my-coverage-rows";
import { problemMessage } from "./sync-problem";
import "./customers.css";

const SOURCE_WORDS = {
  "rma-actual": "RMA's actual ending value",
  "rma-expected": "RMA's expected ending value",
  futures: "futures prices",
} as const;

function Estimate({ row }: { row: MyCoverageRow }) {
  const estimate = row.estimate;
  if (!estimate)
    return <p className="customers__note">No estimate: there is no market data on this device yet.</p>;
  if (!estimate.ok) return <p className="customers__note">{estimate.reason}.</p>;
  return (
    <p className="my-coverage__estimate" data-testid="estimated-indemnity">
      Estimated indemnity today: <strong>{formatDollars(estimate.indemnity, { cents: true })}</strong>{" "}
      <span className="customer-status">{estimate.label}</span>
      <span className="customers__note">
        {" "}
        From market data of {formatDate(estimate.asOf)} ({SOURCE_WORDS[estimate.source]}); the final amount is
        settled after the end date.
      </span>
    </p>
  );
}

function CoverageCard({ row }: { row: MyCoverageRow }) {
  return (
    <Card className="customer-section my-coverage" data-testid="my-coverage">
      <div className="customer-section__head">
        <h3>{row.title}</h3>
        <span className={`customer-status customer-status--${row.status}`}>{row.statusLabel}</span>
      </div>
      <dl className="customers__facts">
        {row.insured ? (
          <div>
            <dt>Insured</dt>
            <dd>{row.insured}</dd>
          </div>
        ) : null}
        {row.provider ? (
          <div>
            <dt>Insurance provider</dt>
            <dd>{row.provider}</dd>
          </div>
        ) : null}
        <div>
          <dt>End date</dt>
          <dd data-testid="days-to-end">
            {formatDate(row.endDate)} · {endsIn(row.daysToEnd)}
          </dd>
        </div>
        <div>
          <dt>Covered</dt>
          <dd>
            {formatNumber(row.head)} {row.headLabel}
          </dd>
        </div>
        <div>
          <dt>Your premium</dt>
          <dd data-testid="premium-due">
            {formatDollars(row.producerPremium, { cents: true })}
            {row.premiumDue
              ? `, due ${formatDate(row.premiumDue)}`
              : row.status === "cancelled"
                ? " (not owed: cancelled)"
                : " (owed once the coverage is accepted)"}
          </dd>
        </div>
      </dl>
      <Estimate row={row} />
    </Card>
  );
}

function MyCoverages({ customerId }: { customerId: string }) {
  const book = useCustomerBook(customerId);
  const { state } = useDocument<"customer">(book.documentName);
  const market = useDeviceMarket();
  const today = useToday();
  if (!book.loaded) return <p data-testid="customer-loading">Loading your coverages…</p>;
  if (book.removed)
    return (
      <Alert tone="warning" title="Not available">
        You no longer have access to these coverages; they were removed from this device.
      </Alert>
    );
  const rows = myCoverageRows(book.coverages, book.policies, book.entities, today, market.current);
  return (
    <section className="customer-record" data-testid="my-coverages" data-document={book.documentName}>
      <h2 className="customer-record__name" data-testid="my-coverages-name">
        {book.profile?.name ?? "Your coverages"}
      </h2>
      {state?.problem && state.problem.reason !== "unauthorized" ? (
        <Alert tone="warning">{problemMessage(state.problem)}</Alert>
      ) : null}
      <p className="customers__note" data-testid="read-only-note">
        Read only: your agent keeps these records. Ask your agent about any change.
      </p>
      {market.current ? (
        <p className="customers__note" data-testid="market-as-of">
          Estimates use the market data of {formatDate(market.current.asOf)} ({market.current.label})
          {market.stale ? ", which is older than the last trading day" : ""}.
        </p>
      ) : (
        <p className="customers__note">Estimates appear once market data has loaded on this device.</p>
      )}
      {/* The producer's claims first: money they are owed, and what is still needed from them. */}
      <MyClaims claims={book.claims} />
      {rows.length === 0 ? (
        <p data-testid="my-coverages-empty">
          No coverages yet. Your agent adds them here when you buy LRP or LGM coverage.
        </p>
      ) : (
        <div className="my-coverages__list">
          {rows.map((row) => (
            <CoverageCard key={row.id} row={row} />
          ))}
        </div>
      )}
    </section>
  );
}

/** An agent on My coverages: says it is the producer's view, and previews it for a chosen customer. */
function AgentPreview() {
  const [params, setParams] = useSearchParams();
  const index = useBookIndex();
  const chosen = params.get("customer") ?? "";
  const customers = [...index.customers].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <Alert tone="info" title="This is the producer's view">
        <p>
          Producers see their own coverages here, read only, with the premium due and today's estimated
          indemnity. Choose a customer to see this page as they do; you keep their records under Customers.
        </p>
        <label className="my-coverages__pick">
          <span>Customer</span>
          <select
            className="book-input"
            value={chosen}
            onChange={(e) => setParams(e.target.value ? { customer: e.target.value } : {})}
          >
            <option value="">Choose a customer</option>
            {customers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </Alert>
      {chosen ? <MyCoverages key={chosen} customerId={chosen} /> : null}
    </>
  );
}

/** /insurance/my-coverages: the signed-in producer's coverages (read only); agents see a preview. */
export default function MyCoveragesPage() {
  const session = useSession();
  if (session.orgId && session.customerId) return <MyCoverages customerId={session.customerId} />;
  if (session.roles.includes("agent")) return <AgentPreview />;
  return (
    <Alert tone="info" title="No customer record linked">
      Your account is not linked to a customer record yet. Ask your agent to link it; your coverages appear
      here once it is.
    </Alert>
  );
}
