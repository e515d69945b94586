import { Link } from "react-router";
import { canTransition } from "../../../shared/book/status";
import { RecordHistory, useBookIndex, useCustomerBook } from "../../components/book";
import { profileFieldLabel } from "../../components/book/profile-labels";
import { statusLabel } from "../../components/book/record-labels";
import { describePresenceField } from "../../components/book-forms";
import { RecordNotFound } from "../../components/records";
import { historyFieldLabel, historyRecordLabel } from "../../components/records/history-labels";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PresenceList, useDocument } from "../../lib/sync";
import { CustomerOverlap } from "./customer-overlap";
import { CustomerRecords } from "./customer-records";
import { LegacyRecords } from "./legacy-records";
import { ProfileEditor } from "./profile-editor";
import { ProfileView } from "./profile-view";
import { problemMessage } from "./sync-problem";
import "./customers.css";

/** Where another person is on this customer, in words ("Name", "another entity"). */
const presenceLabel = (field: string): string => describePresenceField(field, "profile", profileFieldLabel);

/**
 * /agent/customers?customer=ID: one customer's record — the producer profile (edited live, with who
 * else is in which field), the customer's entities, policies and coverages with links to add more,
 * records kept from an older version, and the profile's history from the server.
 */
export function CustomerRecord({ customerId }: { customerId: string }) {
  const book = useCustomerBook(customerId);
  const { state } = useDocument<"customer">(book.documentName);
  const index = useBookIndex();

  if (!book.loaded) return <p data-testid="customer-loading">Loading the customer record…</p>;
  if (book.removed)
    return (
      <Alert tone="warning" title="Not available">
        You no longer have access to this customer; it was removed from this device.
      </Alert>
    );
  const profile = book.profile;
  const known = index.customers.some((c) => c.id === customerId) || Object.keys(book.legacy).length > 0;
  if (!profile && !known) {
    const connection = state?.connection;
    if (
      book.problem === "unknown-document" ||
      connection === "synced" ||
      (connection === "offline" && index.loaded)
    )
      return (
        <RecordNotFound
          what={
            connection === "offline" ? (
              "This customer is not on this device. Connect to the internet to look for it on the server."
            ) : (
              <>
                There is no customer with this id in your organisation.
                {book.readOnly ? null : (
                  <span className="customers__start">
                    If a producer's account is linked to this id and the record was never started,{" "}
                    <Link to={`/agent/customers?new=1&id=${encodeURIComponent(customerId)}`}>
                      start the customer record for this id
                    </Link>
                    .
                  </span>
                )}
              </>
            )
          }
          backTo="/agent/customers"
          backLabel="All customers"
        />
      );
    return <p data-testid="customer-loading">Looking for this customer…</p>;
  }

  const status = profile?.status ?? "active";
  // The newest change of any record: the history is fetched again after it.
  const latestChange = [
    profile,
    ...Object.values(book.entities),
    ...Object.values(book.policies),
    ...Object.values(book.coverages),
  ]
    .map((r) => r?.updatedAt ?? "")
    .sort()
    .at(-1);
  const nextStatus = status === "active" ? "inactive" : "active";
  return (
    <section className="customer-record" data-testid="customer-record" data-document={book.documentName}>
      <div className="customer-record__head">
        <div>
          <p className="customers__back">
            <ButtonLink to="/agent/customers" variant="ghost">
              ← All customers
            </ButtonLink>
          </p>
          <h2 className="customer-record__name" data-testid="customer-name">
            {profile?.name || "Customer"}{" "}
            <span className={`customer-status customer-status--${status}`}>{statusLabel(status)}</span>
          </h2>
        </div>
        {!book.readOnly && profile && canTransition("customer", status, nextStatus) ? (
          <Button variant="secondary" onClick={() => book.saveProfile({ status: nextStatus })}>
            {nextStatus === "inactive" ? "Mark inactive" : "Make active again"}
          </Button>
        ) : null}
      </div>
      <PresenceList people={book.presence} fieldLabel={presenceLabel} />
      {state?.problem && state.problem.reason !== "unauthorized" ? (
        <Alert tone="warning">{problemMessage(state.problem)}</Alert>
      ) : null}
      <CustomerOverlap coverages={Object.values(book.coverages)} policies={book.policies} />
      <div className="customer-record__grid">
        <Card className="customer-section customer-record__profile">
          <h3>Producer profile</h3>
          {book.readOnly ? (
            profile ? (
              <>
                <p className="customers__note" data-testid="read-only-note">
                  Read only on this device: you may not change this customer.
                </p>
                <ProfileView profile={profile} />
              </>
            ) : (
              <p className="customers__note">No profile yet.</p>
            )
          ) : (
            <ProfileEditor book={book} />
          )}
        </Card>
        <div className="customer-record__side">
          <CustomerRecords
            customerId={customerId}
            entities={book.entities}
            policies={book.policies}
            coverages={book.coverages}
            readOnly={book.readOnly}
          />
          <LegacyRecords legacy={book.legacy} />
        </div>
        <Card className="customer-section customer-record__history">
          <RecordHistory
            customerId={customerId}
            changedAt={latestChange}
            fieldLabel={historyFieldLabel}
            describeRecord={historyRecordLabel(book)}
            title="History of this customer"
          />
        </Card>
      </div>
    </section>
  );
}
