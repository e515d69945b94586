import { type FilingUrgency, filingUrgency } from "../../../shared/book/claims";
import { formatDate } from "../../lib/format";
import { urgencyText, urgencyTone } from "./claim-labels";
import "./claims.css";

/** "file by 12 Jan 2027 · due in 14 days", coloured by urgency (overdue and 2 days red). */
export function ClaimDue({
  filingDueDate,
  today,
  filed = false,
}: {
  filingDueDate: string | null;
  today: string;
  /** Submitted, paid or denied: the deadline no longer counts. */
  filed?: boolean;
}) {
  if (filingDueDate === null)
    return <span className="claim-due claim-due--ok">no filing deadline (LGM)</span>;
  if (filed) return <span className="claim-due claim-due--ok">filed (due {formatDate(filingDueDate)})</span>;
  const urgency: FilingUrgency = filingUrgency(filingDueDate, today);
  const tone = urgencyTone(urgency);
  return (
    <span className={`claim-due claim-due--${tone}`} data-testid="claim-due" data-urgency={tone}>
      file by {formatDate(filingDueDate)} · {urgencyText(urgency)}
    </span>
  );
}
