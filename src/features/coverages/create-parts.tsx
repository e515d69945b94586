import type { KeyboardEvent, ReactNode } from "react";
import { salesWindow } from "../../../shared/pricing/sales-window";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";

// Parts the LRP coverage and LGM endorsement create screens share: the notice when the sales date's
// window has closed, the save card (what is chosen, why it cannot be saved yet, the button), and the
// Enter key of a pricing field, which reprices rather than saves.

/** The sales date's offers can no longer be bought (8:25 am Central the next morning has passed). */
export function ClosedWindowAlert({ asOf, now, what }: { asOf: string; now: Date; what: string }) {
  const cutoff = salesWindow(asOf, now).cutoff.toLocaleString("en-US", { timeZone: "America/Chicago" });
  return (
    <Alert tone="warning" title="Outside the sales window">
      <p>
        The offers of {formatDate(asOf)} could be bought until 8:25 am Central the next morning ({cutoff} CT).
        That window has closed, so no {what} can be saved from these offers. RMA posts the next offers about
        3:30 pm Central on a trading day; create the {what} then.
      </p>
    </Alert>
  );
}

export interface SaveCardProps {
  headingId: string;
  /** "coverage" or "endorsement". */
  what: string;
  /** What is about to be saved (the chosen row, the figures). */
  children?: ReactNode;
  /** A refusal on saving that belongs to no field. */
  error: string | null;
  /** What must happen before saving, in words ("choose the customer"). */
  blockers: readonly string[];
  /** Nothing to point at a field yet (a row to choose, a window to wait for): the button is off. */
  disabled: boolean;
  saving: boolean;
  testId?: string;
  /** The status the record is saved with: "Quoted" from today's offers, "Accepted" or "Ended" when bought earlier. */
  status?: string;
  /** Said beside the button from the start (a day without sales). */
  notice?: string | null;
}

export function SaveCard({
  headingId,
  what,
  children,
  error,
  blockers,
  disabled,
  saving,
  testId,
  status = "Quoted",
  notice = null,
}: SaveCardProps) {
  return (
    <Card aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>Save the {what}</h2>
      {children}
      {error ? (
        <Alert tone="error" title="Not saved">
          <p>{error}</p>
        </Alert>
      ) : null}
      {notice ? (
        <p className="note" data-testid="no-sales-note">
          <strong>{notice}</strong>
        </p>
      ) : null}
      {blockers.length > 0 ? <p className="note">To save, {blockers.join("; ")}.</p> : null}
      {/* The submit of the screen's BookForm: a missing customer or policy is said at its field. */}
      <Button type="submit" disabled={disabled || saving}>
        {saving ? "Saving…" : `Save ${what} (status ${status})`}
      </Button>
    </Card>
  );
}

/** Enter in a pricing field of a create screen's form keeps the figures on screen instead of saving. */
export function keepEnterFromSaving(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
}
