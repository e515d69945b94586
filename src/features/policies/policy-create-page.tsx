import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { orgDefaultProviderId } from "../../../shared/admin/aip-providers";
import type { InsurancePlan } from "../../../shared/catalogue";
import { DomainError } from "../../../shared/errors";
import { useBookIndex, useCustomerBook } from "../../components/book";
import {
  BookForm,
  CustomerSelect,
  type FieldIssues,
  isKnownCustomer,
  NO_ISSUES,
  NotSavedAlert,
} from "../../components/book-forms";
import { NewPolicySplitFields, useNewPolicySplit } from "../../components/commissions/policy-split";
import { useOrgAip } from "../../components/org-providers/use-org-aip";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { useAfterStored } from "../../lib/sync";
import {
  newPolicyDraft,
  POLICY_FORM_PATHS,
  type PolicyDraft,
  policyFromDraft,
  withPlaceFrom,
  withPlan,
} from "./policy-draft";
import { PolicyForm } from "./policy-form";
import { policyHref } from "./policy-rows";
import { localIsoDate } from "./today";
import "./policies.css";

/**
 * /agent/policies/create — a new pending policy for one of a customer's active entities
 * (`?customer=ID`, optionally `&entity=ID`).
 */
export default function PolicyCreatePage() {
  const index = useBookIndex();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = params.get("customer") ?? "";
  const entityParam = params.get("entity") ?? "";
  const book = useCustomerBook(customerId || null);
  const preferred = book.profile?.preferredProviders ?? {};
  // The organisation's AIP settings: its providers, and its primary as the default (docs/administration.md).
  const aip = useOrgAip();
  const [draft, setDraft] = useState<PolicyDraft>(() => ({
    ...newPolicyDraft(localIsoDate(new Date())),
    entityId: entityParam,
  }));
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [error, setError] = useState<string | null>(null);
  const stored = useAfterStored("policy");
  // The policy's commission split (docs/commissions.md), kept in the agents-only book document.
  const split = useNewPolicySplit();
  // Until the book is on the device, a customer from the link is taken on trust (its records load).
  const known = isKnownCustomer(customerId, index.loaded, index.customers);
  const entities = useMemo(
    () =>
      Object.values(book.entities)
        .filter((e) => e.status === "active")
        .sort((a, b) => a.legalName.localeCompare(b.legalName))
        .map((e) => ({ value: e.id, label: e.legalName })),
    [book.entities],
  );

  // Once the customer's records are here: the default provider among the organisation's (until the agent
  // picks one) and the place of the entity or the customer (until the agent picks one).
  const [providerTouched, setProviderTouched] = useState(false);
  const profile = book.profile;
  const entityRecord = draft.entityId ? book.entities[draft.entityId] : undefined;
  useEffect(() => {
    if (!book.loaded) return;
    setDraft((d) => {
      let next = withPlaceFrom(d, entityRecord?.address, profile?.address);
      if (!providerTouched)
        next = {
          ...next,
          providerId: orgDefaultProviderId(aip, next.plan, profile?.preferredProviders?.[next.plan]),
        };
      return next;
    });
  }, [book.loaded, entityRecord, profile, providerTouched, aip]);

  const change = (next: PolicyDraft) => {
    if (next.providerId !== draft.providerId) setProviderTouched(true);
    setDraft(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!customerId || !known) {
      setIssues({ customer: "choose the customer the policy is for" });
      return;
    }
    const now = new Date().toISOString();
    const built = policyFromDraft(draft, {
      id: "new",
      status: "pending",
      createdAt: now,
      updatedAt: now,
      updatedBy: session.user?.sub ?? "unknown",
    });
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    if (!entities.some((e) => e.value === draft.entityId)) {
      setIssues({ entityId: "choose one of the customer's active entities" });
      return;
    }
    if (!split.check()) return;
    setIssues(NO_ISSUES);
    const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, ...record } = built.policy;
    try {
      const id = book.create("policies", record);
      split.write(id, customerId, draft.reinsuranceYear);
      stored.then(() => navigate(policyHref(id)));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  if (!index.orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;

  return (
    <BookForm onSubmit={submit} data-testid="policy-create">
      <p className="policies__intro">
        A new policy starts as pending. Add the provider's policy number when you activate it.
      </p>
      <CustomerSelect
        customers={index.customers}
        loaded={index.loaded}
        issues={issues}
        clears={["entity"]}
        onChange={() => setDraft((d) => ({ ...d, entityId: "", state: "", county: "" }))}
      />
      {customerId && known && book.loaded && entities.length === 0 ? (
        <Alert
          tone="info"
          actions={
            <ButtonLink to={`/agent/entities/create?customer=${encodeURIComponent(customerId)}`}>
              New entity
            </ButtonLink>
          }
        >
          This customer has no active entity yet. A policy insures an entity: create one first.
        </Alert>
      ) : null}
      <PolicyForm
        draft={draft}
        onChange={change}
        onPlan={(plan: InsurancePlan) => setDraft((d) => withPlan(d, plan, preferred, aip))}
        entities={entities}
        issues={issues}
      />
      <NewPolicySplitFields split={split} />
      <NotSavedAlert
        title="The policy was not saved"
        issues={issues}
        placed={["customer", ...POLICY_FORM_PATHS]}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stored.problem ? <Alert tone="error">{stored.problem}</Alert> : null}
      {customerId && known && !book.loaded ? (
        <p className="note" role="status">
          Loading the customer's records…
        </p>
      ) : null}
      <div className="book-form__actions">
        <Button
          type="submit"
          disabled={stored.storing || (!!customerId && known && (!book.loaded || book.readOnly))}
        >
          Create policy
        </Button>
        <ButtonLink to="/agent/policies" variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </BookForm>
  );
}
