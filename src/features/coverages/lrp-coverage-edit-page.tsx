import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { CoverageStatus } from "../../../shared/book/status";
import type { LrpCoverage } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import type { CustomerBook } from "../../components/book";
import { focusFirstInvalid } from "../../components/book-forms";
import { SelectField, TextField } from "../../components/quote/field";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { formatDate, formatNumber } from "../../lib/format";
import { useAfterStored } from "../../lib/sync";
import { typeLabel } from "./coverage-rows";
import { LrpFigures } from "./lrp-coverage-page";
import { LookupState, RecordLinks } from "./record-parts";
import { COVERAGE_STATUS_HELP, coverageNextStatuses, statusChangeFields, statusLabel } from "./status-change";
import { useCoverageRecord } from "./use-coverage-record";
import "../../components/quote/quote.css";
import "./coverages.css";

/** The create page's link for a new coverage with this one's customer, policy and herd. */
export function recreateHref(customerId: string, c: LrpCoverage): string {
  const q = new URLSearchParams({
    customer: customerId,
    policy: c.policyId,
    commodity: c.commodity,
    type: c.type,
    head: String(c.head),
    weight: c.targetWeightCwt,
    share: String(Number(c.share) * 100),
  });
  return `/agent/coverages/lrp/create?${q}`;
}

/**
 * /agent/coverages/lrp/{coverageId}/edit — what may change once a coverage is priced: its status
 * (along the transition rule) and the reason. The priced terms are frozen: to insure other head, a
 * weight or a level, cancel this one and create a new one from that day's offers.
 */
export default function LrpCoverageEditPage() {
  const { coverageId = null } = useParams();
  const lookup = useCoverageRecord("lrp", coverageId);
  if (lookup.state !== "found")
    return (
      <LookupState
        lookup={lookup}
        what={`There is no LRP coverage "${coverageId ?? ""}" in your organisation's book.`}
      />
    );
  return (
    <EditForm
      key={lookup.record.id}
      record={lookup.record}
      book={lookup.book}
      customerName={lookup.customerName}
    />
  );
}

function EditForm({
  record: c,
  book,
  customerName,
}: {
  record: LrpCoverage;
  book: CustomerBook;
  customerName: string;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const stored = useAfterStored("coverage's change");
  const [status, setStatus] = useState<string>(c.status);
  const [reason, setReason] = useState(c.statusReason ?? "");
  const [error, setError] = useState<string | null>(null);
  const next = coverageNextStatuses(c.status);
  const viewHref = `/agent/coverages/lrp/${encodeURIComponent(c.id)}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    try {
      if (status === c.status) {
        const trimmed = reason.trim();
        book.patch("coverages", c.id, { statusReason: trimmed ? trimmed.slice(0, 500) : undefined });
      } else {
        if (status === "cancelled" && reason.trim() === "") {
          setError("Give the reason for cancelling.");
          focusFirstInvalid(event.currentTarget as HTMLFormElement);
          return;
        }
        book.patch(
          "coverages",
          c.id,
          statusChangeFields(c, status as CoverageStatus, reason, {
            now: new Date().toISOString(),
            userId: session.user?.sub ?? "unknown",
          }),
        );
      }
      stored.then(() => navigate(viewHref));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  return (
    <div className="coverage" data-testid="lrp-coverage-edit-page">
      <header>
        <h2 className="coverage__title">
          Edit: {customerName}: {typeLabel("lrp", c.commodity, c.type)}, {formatNumber(c.head)} head, ends{" "}
          {formatDate(c.endDate)}
        </h2>
      </header>
      <RecordLinks customerId={book.customerId ?? ""}>
        <ButtonLink to={viewHref} variant="secondary">
          Back to the coverage
        </ButtonLink>
      </RecordLinks>
      <Card aria-labelledby="edit-status">
        <h2 id="edit-status">What can change</h2>
        <p>
          Only the status and its reason. The coverage's terms were priced from the offers of{" "}
          {formatDate(c.salesDate)} and are frozen, as the insurance provider records them.
        </p>
        {book.readOnly ? (
          <Alert tone="info">You can read this coverage but not change it.</Alert>
        ) : (
          <form className="coverage__form" onSubmit={save} noValidate>
            <SelectField
              label="Status"
              name="status"
              value={status}
              options={[c.status, ...next].map((s) => ({
                value: s,
                label: s === c.status ? `${statusLabel(s)} (now)` : statusLabel(s),
              }))}
              hint={COVERAGE_STATUS_HELP[status as CoverageStatus]}
              onChange={(value) => {
                setStatus(value);
                setError(null);
              }}
            />
            <TextField
              label={`Reason ${status === "cancelled" ? "(required to cancel)" : "(optional)"}`}
              name="statusReason"
              inputMode="text"
              value={reason}
              error={error}
              onChange={setReason}
            />
            {stored.problem ? <Alert tone="error">{stored.problem}</Alert> : null}
            <div className="coverage__actions">
              <Button type="submit" disabled={stored.storing}>
                Save
              </Button>
              <ButtonLink to={viewHref} variant="ghost">
                Discard changes
              </ButtonLink>
            </div>
          </form>
        )}
      </Card>
      <Card aria-labelledby="edit-frozen">
        <h2 id="edit-frozen">Frozen terms</h2>
        <p>
          To change the head, target weight, share, coverage level or length: cancel this coverage (status
          Cancelled, with the reason) and create a new one from that day's offers.
        </p>
        {c.status === "quoted" || c.status === "submitted" ? (
          <p>
            <ButtonLink to={recreateHref(book.customerId ?? "", c)} variant="secondary">
              New coverage with these animals
            </ButtonLink>
          </p>
        ) : null}
        <LrpFigures coverage={c} policy={book.policies[c.policyId]} />
      </Card>
    </div>
  );
}
