import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ENTITY_TYPE_LABEL_BY_CODE,
  getInsuranceProvider,
  INSURANCE_PLAN_LABELS,
  regionForCode,
} from "../../../../shared/catalogue";
import { maskTaxId } from "../../../../shared/documents/tax-id";
import { newRecordId, useBookIndex } from "../../../components/book";
import { customerHref } from "../../../components/book/record-labels";
import { formatDateTimeIn, orgZoneOf } from "../../../components/org-time/org-time";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useSession } from "../../../lib/auth/session";
import { formatDate } from "../../../lib/format";
import { useOrgBranding } from "../../../lib/org/use-org-branding";
import { AcceptIntoBook } from "./accept-into-book";
import "../../../components/book-forms/book-forms.css";
import { type ApplicationItem, decideApplication, getApplication } from "./applications-api";

type Loaded = Awaited<ReturnType<typeof getApplication>>;

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </>
);

const mask = (type: 1 | 2 | 3 | 5, digits: string | undefined) => maskTaxId(type, digits?.slice(-4));

/** /agent?application=ID — one application: what the producer gave, and accept or decline. */
export function ApplicationReview({ id }: { id: string }) {
  const session = useSession();
  const zone = orgZoneOf(useOrgBranding());
  const index = useBookIndex();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState("new");
  const [accepting, setAccepting] = useState<{ customerId: string; isNew: boolean } | null>(null);
  const [reason, setReason] = useState("");
  const [declineIssue, setDeclineIssue] = useState<string | null>(null);
  const [decided, setDecided] = useState<ApplicationItem | null>(null);

  useEffect(() => {
    if (!session.orgId) return;
    let live = true;
    void (async () => {
      try {
        const found = await getApplication(session.orgId as string, id, await session.getAccessToken());
        if (live) setLoaded(found);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [id, session.orgId, session.getAccessToken]);

  const customers = useMemo(
    () => [...index.customers].sort((a, b) => a.name.localeCompare(b.name)),
    [index.customers],
  );

  if (error)
    return (
      <Alert
        tone="error"
        title="This application could not be opened"
        actions={<ButtonLink to="/agent">Back to the hub</ButtonLink>}
      >
        {error}
      </Alert>
    );
  if (!loaded) return <p className="agent-hub__note">Loading the application…</p>;
  const a = loaded.application;
  const status = decided?.status ?? loaded.status;
  const county = a.address.county ? regionForCode(a.address.county) : undefined;

  const decline = async () => {
    if (!reason.trim()) {
      setDeclineIssue("give the reason the applicant will be told");
      return;
    }
    setDeclineIssue(null);
    try {
      setDecided(
        await decideApplication(session.orgId as string, id, await session.getAccessToken(), {
          status: "declined",
          reason: reason.trim(),
        }),
      );
    } catch (e) {
      setDeclineIssue(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card className="agent-hub__panel application-review" data-testid="application-review">
      <h2>
        Application: {loaded.applicantName} <span className="agent-hub__count">({status})</span>
      </h2>
      <dl className="application-review__fields">
        <Row label="Applicant">{a.applicantType === "individual" ? "Individual" : "Business"}</Row>
        <Row label="Plans">
          {a.plans
            .map(
              (p) =>
                `${INSURANCE_PLAN_LABELS[p]} with ${getInsuranceProvider(a.providers[p] ?? "")?.name ?? "?"}`,
            )
            .join("; ")}
        </Row>
        {a.individual ? (
          <>
            <Row label="Date of birth">{formatDate(a.individual.dateOfBirth)}</Row>
            <Row label="Marital status">
              {a.individual.maritalStatus === "married" ? "Married" : "Not married"}
            </Row>
            {a.individual.spouse ? (
              <Row label="Spouse">
                {a.individual.spouse.name}
                {a.individual.spouse.taxIdType
                  ? ` · ${mask(a.individual.spouse.taxIdType, a.individual.spouse.taxId)}`
                  : ""}
              </Row>
            ) : null}
          </>
        ) : null}
        {a.business ? (
          <>
            <Row label="Entity type">
              {a.business.entityType} ·{" "}
              {ENTITY_TYPE_LABEL_BY_CODE[a.business.entityType as keyof typeof ENTITY_TYPE_LABEL_BY_CODE]}
            </Row>
            <Row label="Beneficial interests">
              {a.business.sbis.length === 0
                ? "none given"
                : a.business.sbis
                    .map((s) => `${s.name} (${s.sharePercent} %, ${mask(s.taxIdType, s.taxId)})`)
                    .join("; ")}
            </Row>
          </>
        ) : null}
        <Row label="Tax id">{mask(a.taxIdType, a.taxId)}</Row>
        <Row label="Address">
          {a.address.line1}
          {a.address.line2 ? `, ${a.address.line2}` : ""}, {a.address.city}, {a.address.state} {a.address.zip}
          {county ? ` (${county.area} County)` : ""}
        </Row>
        <Row label="Phone">{a.phone}</Row>
        <Row label="E-mail">{a.email}</Row>
        <Row label="Farmer classification">
          {a.farmerClassification}
          {a.farmingSinceYear ? ` since ${a.farmingSinceYear}` : ""}
        </Row>
        {a.powerOfAttorney ? <Row label="Power of attorney">{a.powerOfAttorney.name}</Row> : null}
        <Row label="Signed">
          “{a.signature.typedName}” on {formatDate(a.date)} ({formatDateTimeIn(a.signature.signedAt, zone)})
        </Row>
      </dl>

      {status === "received" && !accepting ? (
        <div className="application-review__decide">
          <h3>Accept</h3>
          <p className="agent-hub__note">
            Accepting adds the customer, the entity and a pending policy per plan to your book in one step;
            the applicant sees that it was accepted.
          </p>
          <label className="book-field">
            <span className="book-field__label">Customer</span>
            <select
              className="book-input"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              data-testid="accept-customer"
            >
              <option value="new">A new customer: {loaded.applicantName}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  Add to {c.name || c.id}
                </option>
              ))}
            </select>
          </label>
          <Button
            onClick={() =>
              setAccepting(
                target === "new"
                  ? { customerId: newRecordId(), isNew: true }
                  : { customerId: target, isNew: false },
              )
            }
          >
            Accept and add to the book
          </Button>
          <h3>Decline</h3>
          <label className="book-field">
            <span className="book-field__label">Reason (the applicant is told)</span>
            <textarea
              className="book-input"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
            />
            {declineIssue ? <span className="book-field__error">{declineIssue}</span> : null}
          </label>
          <Button variant="secondary" onClick={() => void decline()}>
            Decline
          </Button>
        </div>
      ) : null}
      {accepting ? (
        <AcceptIntoBook
          application={a}
          customerId={accepting.customerId}
          isNew={accepting.isNew}
          onDone={() => navigate(customerHref(accepting.customerId))}
        />
      ) : null}
      {status === "declined" ? (
        <Alert tone="info">Declined: {decided?.declineReason ?? loaded.declineReason}</Alert>
      ) : null}
      {status === "accepted" && loaded.customerId ? (
        <Alert tone="success">
          Accepted: <Link to={customerHref(loaded.customerId)}>open the customer</Link>.
        </Alert>
      ) : null}
      <p>
        <Link to="/agent">Back to the hub</Link>
      </p>
    </Card>
  );
}
