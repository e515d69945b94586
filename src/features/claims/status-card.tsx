import { useState } from "react";
import { CLAIM_TRANSITIONS, COVERAGE_STATUS_FOR_CLAIM } from "../../../shared/book/claims";
import { todayCentral } from "../../../shared/book/dates";
import { type ClaimRecord, type ClaimStatus, claimRecordSchema } from "../../../shared/documents/claim";
import type { CustomerBook } from "../../components/book";
import { claimStatusLabel } from "../../components/claims";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatDollars } from "../../lib/format";
import type { ClaimView } from "./use-claim";

const MOVE_LABELS: Record<ClaimStatus, string> = {
  open: "Reopen",
  submitted: "Mark submitted",
  paid: "Mark paid",
  denied: "Mark denied",
};

/** The claim's status with its dates and amounts, and the next moves (open → submitted → paid | denied). */
export function StatusCard({
  view,
  claim,
  book,
  today,
}: {
  view: ClaimView;
  claim: ClaimRecord;
  book: CustomerBook;
  today: string;
}) {
  const [move, setMove] = useState<ClaimStatus | null>(null);
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const next = CLAIM_TRANSITIONS[claim.status];

  const start = (status: ClaimStatus) => {
    setMove(status);
    setDate(today);
    setAmount(
      status === "submitted"
        ? claim.indemnity
        : status === "paid"
          ? (claim.submittedAmount ?? claim.indemnity)
          : "",
    );
    setReason("");
    setProblem(null);
  };

  const save = () => {
    if (!move) return;
    const fields: Partial<ClaimRecord> =
      move === "submitted"
        ? { status: move, submittedAt: date, submittedAmount: amount.trim() }
        : move === "paid"
          ? { status: move, paidAt: date, paidAmount: amount.trim() }
          : { status: move, deniedAt: date, deniedReason: reason.trim() };
    // The shared shape decides: its message names the field that is wrong.
    const checked = claimRecordSchema.safeParse({ ...claim, ...fields });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setProblem(`${String(issue?.path.join(".") ?? "")}: ${issue?.message ?? "invalid"}`);
      return;
    }
    view.patch(fields);
    // The endorsements follow: ended → claimed when submitted, → paid when paid (shared/book/status.ts).
    const coverageStatus = COVERAGE_STATUS_FOR_CLAIM[move];
    if (coverageStatus && book.loaded && !book.readOnly)
      for (const id of claim.coverageIds) {
        const coverage = book.coverages[id];
        if (coverage && coverage.status !== coverageStatus && coverage.status !== "cancelled")
          book.patch("coverages", id, { status: coverageStatus });
      }
    setMove(null);
  };

  return (
    <Card aria-labelledby="claim-status-title" data-testid="claim-status">
      <h2 id="claim-status-title">
        Status: <span data-testid="claim-status-value">{claimStatusLabel(claim.status)}</span>
      </h2>
      <ul>
        <li>Opened {formatDate(todayCentral(new Date(claim.createdAt)))}</li>
        {claim.submittedAt ? (
          <li>
            Submitted {formatDate(claim.submittedAt)}
            {claim.submittedAmount ? `, ${formatDollars(claim.submittedAmount)} claimed` : ""}
          </li>
        ) : null}
        {claim.paidAt ? (
          <li data-testid="claim-paid">
            Paid {formatDate(claim.paidAt)}: {formatDollars(claim.paidAmount ?? "0", { cents: true })}
          </li>
        ) : null}
        {claim.deniedAt ? (
          <li>
            Denied {formatDate(claim.deniedAt)}: {claim.deniedReason}
          </li>
        ) : null}
      </ul>
      {!view.readOnly && next.length > 0 && move === null ? (
        <div className="claims__actions">
          {next.map((s) => (
            <Button key={s} variant={s === "denied" ? "secondary" : "primary"} onClick={() => start(s)}>
              {MOVE_LABELS[s]}
            </Button>
          ))}
        </div>
      ) : null}
      {move ? (
        <div className="claim__status-form" data-testid="claim-status-form">
          <label className="claims__field">
            <span>
              {move === "submitted"
                ? "Date submitted to the insurance provider"
                : move === "paid"
                  ? "Date paid"
                  : "Date denied"}
            </span>
            <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          {move === "denied" ? (
            <label className="claims__field">
              <span>Reason for the denial</span>
              <input value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
          ) : (
            <label className="claims__field">
              <span>{move === "submitted" ? "Amount claimed (whole dollars)" : "Amount paid ($)"}</span>
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </label>
          )}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="claims__actions">
            <Button onClick={save} data-testid="claim-status-save">
              Save
            </Button>
            <Button variant="secondary" onClick={() => setMove(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
