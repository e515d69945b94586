import type { ReactNode } from "react";
import { RecordHistory } from "../../components/book/record-history";
import { RecordNotFound } from "../../components/records";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatNumber } from "../../lib/format";
import type { CoverageLookup } from "./use-coverage-record";

// Parts the LRP coverage and LGM endorsement pages share: the loading and not-found states, a list of
// figures, the record's links and its history.

/** Loading text or the not-found page for a lookup that found nothing; null when found. */
export function LookupState({
  lookup,
  what,
}: {
  lookup: CoverageLookup<"lrp" | "lgm">;
  what: string;
}): ReactNode {
  if (lookup.state === "loading")
    return (
      <p className="note" role="status">
        Loading the coverage…
      </p>
    );
  if (lookup.state === "missing")
    return <RecordNotFound what={what} backTo="/agent/coverages" backLabel="All coverages" />;
  return null;
}

export interface Figure {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Labelled figures (a definition list styled like the quote screens' results). */
export function Figures({ items }: { items: readonly Figure[] }) {
  return (
    <dl className="figures">
      {items.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "in 12 days", "today", "ended 3 days ago". */
export function daysText(days: number): string {
  if (days === 0) return "today";
  if (days > 0) return `in ${formatNumber(days)} ${days === 1 ? "day" : "days"}`;
  return `${formatNumber(-days)} ${days === -1 ? "day" : "days"} ago`;
}

export const dateWithDays = (date: string, days: number): string => `${formatDate(date)} (${daysText(days)})`;

/** Links of a record page: back to the list, the customer, and extra actions. */
export function RecordLinks({ customerId, children }: { customerId: string; children?: ReactNode }) {
  return (
    <div className="coverage__actions no-print">
      <ButtonLink to="/agent/coverages" variant="ghost">
        ← All coverages
      </ButtonLink>
      <ButtonLink to={`/agent/customers?customer=${encodeURIComponent(customerId)}`} variant="secondary">
        Customer record
      </ButtonLink>
      {children}
    </div>
  );
}

/** The record's history from the server. */
export function HistoryCard({
  customerId,
  recordId,
  changedAt,
  labels,
}: {
  customerId: string;
  recordId: string;
  changedAt: string;
  labels: Readonly<Record<string, string>>;
}) {
  return (
    <Card>
      <RecordHistory
        customerId={customerId}
        recordId={recordId}
        changedAt={changedAt}
        fieldLabel={(field) => labels[field] ?? field}
      />
    </Card>
  );
}
