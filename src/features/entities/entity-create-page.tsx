import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { DomainError } from "../../../shared/errors";
import { useBookIndex, useCustomerBook } from "../../components/book";
import {
  addressDraftFrom,
  BookForm,
  CustomerSelect,
  type FieldIssues,
  isBlankAddress,
  isKnownCustomer,
  NO_ISSUES,
  NotSavedAlert,
} from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { useAfterStored } from "../../lib/sync";
import { type EntityDraft, entityDraftFrom, entityFromDraft } from "./entity-draft";
import { EntityForm, entityFormPaths } from "./entity-form";
import { entityHref } from "./entity-rows";
import "./entities.css";

/** /agent/entities/create — a new entity for a customer (`?customer=ID` picks the customer). */
export default function EntityCreatePage() {
  const index = useBookIndex();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = params.get("customer") ?? "";
  const book = useCustomerBook(customerId || null);
  const [draft, setDraft] = useState<EntityDraft>(() => entityDraftFrom());
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [error, setError] = useState<string | null>(null);
  const stored = useAfterStored("entity");
  // Until the book is on the device, a customer from the link is taken on trust (its records load).
  const known = isKnownCustomer(customerId, index.loaded, index.customers);
  // The entity starts at the customer's address and county (docs/first-day.md) while its own is still blank.
  const customerAddress = book.profile?.address;
  useEffect(() => {
    if (!customerAddress) return;
    setDraft((d) => (isBlankAddress(d.address) ? { ...d, address: addressDraftFrom(customerAddress) } : d));
  }, [customerAddress]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!customerId) {
      setIssues({ customer: "choose the customer this entity belongs to" });
      return;
    }
    const now = new Date().toISOString();
    const by = session.user?.sub ?? "unknown";
    const built = entityFromDraft(draft, {
      id: "new",
      status: "active",
      createdAt: now,
      updatedAt: now,
      updatedBy: by,
    });
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    setIssues(NO_ISSUES);
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = built.entity;
    try {
      const id = book.create("entities", record);
      for (const t of built.taxIds) book.setTaxId(t.key(id), t.type, t.value);
      stored.then(() => navigate(entityHref(id)));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  if (!index.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <BookForm className="entity-create" onSubmit={submit} data-testid="entity-create">
      <p className="entities__intro">
        An entity is the person or business named on a policy. Its tax id is kept only where agents can read
        it; the customer sees the last four digits.
      </p>
      <CustomerSelect customers={index.customers} loaded={index.loaded} issues={issues} />
      {index.customers.length === 0 && index.loaded ? (
        <Alert tone="info" actions={<ButtonLink to="/agent/customers">Customers</ButtonLink>}>
          Your book has no customers yet: create the customer first.
        </Alert>
      ) : null}
      <EntityForm
        draft={draft}
        onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
        issues={issues}
      />
      <NotSavedAlert
        title="The entity was not saved"
        issues={issues}
        placed={["customer", ...entityFormPaths(draft)]}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stored.problem ? <Alert tone="error">{stored.problem}</Alert> : null}
      {customerId && known && !book.loaded ? (
        <p className="note" role="status">
          Loading the customer's records…
        </p>
      ) : null}
      <div className="book-form__actions">
        <Button type="submit" disabled={stored.storing || (!!customerId && (!book.loaded || book.readOnly))}>
          Create entity
        </Button>
        <ButtonLink to="/agent/entities" variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </BookForm>
  );
}
