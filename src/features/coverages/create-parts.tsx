import type { ReactNode } from "react";
import { salesWindow } from "../../../shared/pricing/sales-window";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";

// Parts the LRP coverage and LGM endorsement create screens share: the notice when the sales date's
// window has closed, and the save card (what is chosen, why it cannot be saved yet, the button).

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
  disabled: boolean;
  saving: boolean;
  onSave(): void;
  testId?: string;
}

export function SaveCard({
  headingId,
  what,
  children,
  error,
  blockers,
  disabled,
  saving,
  onSave,
  testId,
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
      {blockers.length > 0 ? <p className="note">To save, {blockers.join("; ")}.</p> : null}
      <Button onClick={onSave} disabled={disabled || blockers.length > 0 || saving}>
        {saving ? "Saving…" : `Save ${what} (status Quoted)`}
      </Button>
    </Card>
  );
}
