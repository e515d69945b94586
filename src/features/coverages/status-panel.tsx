import { useState } from "react";
import type { CoverageStatus } from "../../../shared/book/status";
import type { Coverage } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { CustomerBook } from "../../components/book";
import { TextField } from "../../components/quote/field";
import { StatusReasonField } from "../../components/shared-text";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import {
  COVERAGE_ACTION_LABELS,
  COVERAGE_STATUS_HELP,
  coverageNextStatuses,
  statusChangeFields,
  statusLabel,
} from "./status-change";

/**
 * A coverage's status, what it means, and the moves the transition rule allows from it. Choosing a
 * move asks for a reason (required to cancel) before anything is written.
 */
export function StatusPanel({
  record,
  book,
  headingId,
}: {
  record: Coverage;
  book: CustomerBook;
  headingId: string;
}) {
  const session = useSession();
  const [to, setTo] = useState<CoverageStatus | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const next = coverageNextStatuses(record.status);
  const status = record.status as CoverageStatus;

  const confirm = () => {
    if (!to) return;
    if (to === "cancelled" && reason.trim() === "") {
      setError(
        "Give the reason for cancelling (e.g. the producer sold the animals before the 60-day window).",
      );
      return;
    }
    try {
      const fields = statusChangeFields(record, to, reason, {
        now: new Date().toISOString(),
        userId: session.user?.sub ?? "unknown",
      });
      book.patch("coverages", record.id, fields);
      setDone(`Status changed to ${statusLabel(to)}.`);
      setTo(null);
      setReason("");
      setError(null);
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>Status</h2>
      <p className="coverage__status">
        <span className={`status-badge status-badge--${record.status}`} data-testid="coverage-status">
          {statusLabel(record.status)}
        </span>{" "}
        {COVERAGE_STATUS_HELP[status] ?? ""}
      </p>
      {typeof record.statusReason === "string" ? (
        <StatusReasonField
          value={record.statusReason}
          recordKey={`${book.documentName}|${book.loaded}|${book.readOnly}|coverages|${record.id}`}
          resolve={() => book.text("coverages", [record.id, "statusReason"])}
          readOnly={book.readOnly}
        />
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {book.readOnly ? (
        <p className="note">You can read this coverage but not change it.</p>
      ) : next.length === 0 ? (
        <p className="note">This status is final: nothing more can change.</p>
      ) : (
        <div className="coverage__actions">
          {next.map((s) => (
            <Button
              key={s}
              variant={s === "cancelled" ? "ghost" : to === s ? "primary" : "secondary"}
              aria-pressed={to === s}
              onClick={() => {
                setTo(s);
                setDone(null);
                setError(null);
              }}
            >
              {COVERAGE_ACTION_LABELS[s]}
            </Button>
          ))}
        </div>
      )}
      {to ? (
        <div className="coverage__confirm">
          <TextField
            label={`Reason ${to === "cancelled" ? "(required)" : "(optional)"}`}
            name="statusReason"
            inputMode="text"
            value={reason}
            error={error}
            onChange={setReason}
          />
          <div className="coverage__actions">
            <Button onClick={confirm}>
              {statusLabel(record.status)} → {statusLabel(to)}
            </Button>
            <Button variant="ghost" onClick={() => setTo(null)}>
              Keep {statusLabel(record.status).toLowerCase()}
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
