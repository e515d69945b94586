import { type FormEvent, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { policyNumberProblem } from "../../../shared/book/policy-number";
import { type RecordAction, STATUS_LABELS, withStatus } from "../../../shared/book/status";
import type { InsurancePlan } from "../../../shared/catalogue";
import type { Policy } from "../../../shared/documents/book";
import { DomainError } from "../../../shared/errors";
import { type CustomerBook, useBookIndex } from "../../components/book";
import {
  BookForm,
  describePresenceField,
  Field,
  type FieldIssues,
  formPresence,
  hasIssues,
  NO_ISSUES,
  NotSavedAlert,
  RequiredNote,
  TextInput,
  unplacedIssues,
} from "../../components/book-forms";
import { useOrgAip } from "../../components/org-providers/use-org-aip";
import { RecordActionRoute } from "../../components/records";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { PresenceList, useAfterStored } from "../../lib/sync";
import { policyFieldLabel } from "./field-labels";
import {
  changedPolicyFields,
  POLICY_FORM_PATHS,
  type PolicyDraft,
  policyDraftFrom,
  policyFromDraft,
  withPlan,
} from "./policy-draft";
import { PolicyForm } from "./policy-form";
import { policyHref } from "./policy-rows";
import { usePolicyRecord } from "./use-policy-record";
import "./policies.css";

/** /agent/policies/{policyId}/{action} — edit, activate, cancel or terminate (shared/book/status.ts). */
export default function PolicyActionPage() {
  const { policyId, action = "" } = useParams();
  return (
    <RecordActionRoute
      kind="policy"
      action={action}
      lookup={usePolicyRecord(policyId)}
      noun="policy"
      id={policyId}
      listHref="/agent/policies"
      listLabel="All policies"
      recordHref={(policy) => policyHref(policy.id)}
      backLabel={() => "Back to the policy"}
    >
      {(policy, book, resolved, leave) =>
        resolved.action === "edit" ? (
          <PolicyEdit policy={policy} book={book} />
        ) : (
          <PolicyStatusChange policy={policy} book={book} action={resolved} leave={leave} />
        )
      }
    </RecordActionRoute>
  );
}

/**
 * The edit form. Fields nobody here has touched follow the record live; saving writes only the fields
 * that changed, so another agent's concurrent edit of another field survives.
 */
function PolicyEdit({ policy, book }: { policy: Policy; book: CustomerBook }) {
  const aip = useOrgAip();
  const navigate = useNavigate();
  const stored = useAfterStored("policy's changes");
  const index = useBookIndex();
  const [edits, setEdits] = useState<Partial<PolicyDraft>>({});
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [error, setError] = useState<string | null>(null);
  const draft: PolicyDraft = { ...policyDraftFrom(policy), ...edits };
  const presence = formPresence(`policies.${policy.id}`, book.presence, book.setField);
  const hasCoverages = index.coverages.some((c) => c.policyId === policy.id);
  const entities = useMemo(
    () =>
      Object.values(book.entities)
        .filter((e) => e.status === "active" || e.id === policy.entityId)
        .sort((a, b) => a.legalName.localeCompare(b.legalName))
        .map((e) => ({
          value: e.id,
          label: e.status === "active" ? e.legalName : `${e.legalName} (deactivated)`,
        })),
    [book.entities, policy.entityId],
  );
  const setDraft = (next: PolicyDraft) => {
    const base = policyDraftFrom(policy);
    const changed: Partial<PolicyDraft> = {};
    for (const key of Object.keys(next) as (keyof PolicyDraft)[])
      if (next[key] !== base[key] || key in edits) (changed as Record<string, unknown>)[key] = next[key];
    setEdits(changed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const built = policyFromDraft(draft, policy);
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    setIssues(NO_ISSUES);
    try {
      const fields = changedPolicyFields(policy, built.policy);
      if (Object.keys(fields).length > 0) book.patch("policies", policy.id, fields);
      book.setField(null);
      stored.then(() => navigate(policyHref(policy.id)));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  return (
    <BookForm onSubmit={submit} data-testid="policy-edit">
      <PresenceList
        people={book.presence}
        fieldLabel={(f) => describePresenceField(f, `policies.${policy.id}`, policyFieldLabel)}
      />
      <h2 className="policy__name">Edit policy {policy.policyNumber || "(number pending)"}</h2>
      <PolicyForm
        draft={draft}
        onChange={setDraft}
        onPlan={(plan: InsurancePlan) =>
          setDraft(withPlan(draft, plan, book.profile?.preferredProviders ?? {}, aip))
        }
        entities={entities}
        issues={issues}
        planLocked={hasCoverages ? "The plan cannot change: the policy has coverages." : undefined}
        presence={presence}
      />
      <NotSavedAlert title="Nothing was saved" issues={issues} placed={POLICY_FORM_PATHS} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stored.problem ? <Alert tone="error">{stored.problem}</Alert> : null}
      <div className="book-form__actions">
        <Button type="submit" disabled={stored.storing}>
          Save changes
        </Button>
        <ButtonLink to={policyHref(policy.id)} variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </BookForm>
  );
}

const ACTION_TEXT: Readonly<Record<string, string>> = {
  activate:
    "The insurance provider has accepted the application: the policy becomes active and coverages can be bought under it. Give the policy number the provider assigned.",
  cancel:
    "The policy will not be written (or the producer withdraws it). It stays in the book with its coverages and history; a cancelled policy cannot be reopened.",
  terminate:
    "The policy ends, e.g. for unpaid premium or at the producer's request after it was in force. It stays in the book with its history; a terminated policy cannot be reopened.",
};

/** Activate, cancel or terminate: what it means, what it needs (policy number, reason), one button. */
function PolicyStatusChange({
  policy,
  book,
  action,
  leave,
}: {
  policy: Policy;
  book: CustomerBook;
  action: RecordAction<"policy">;
  leave: (to: string) => void;
}) {
  const session = useSession();
  const [policyNumber, setPolicyNumber] = useState(policy.policyNumber ?? "");
  const [reason, setReason] = useState("");
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [error, setError] = useState<string | null>(null);
  const to = action.to;
  if (!to) return null;
  const needsReason = to === "cancelled" || to === "terminated";
  const asksNumber = to === "active";

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (needsReason && reason.trim() === "")
      problems.statusReason = `give the reason the policy is ${to} (the producer and other agents will see it)`;
    const numberProblem = asksNumber ? policyNumberProblem(to, policyNumber) : undefined;
    if (numberProblem) problems.policyNumber = numberProblem;
    if (Object.keys(problems).length > 0) {
      setIssues(problems);
      return;
    }
    try {
      const next = withStatus(
        "policy",
        policy,
        to,
        { now: new Date().toISOString(), userId: session.user?.sub ?? "unknown" },
        needsReason ? reason.trim() : undefined,
      );
      const fields: Partial<Policy> = { status: next.status };
      if (needsReason) fields.statusReason = next.statusReason;
      if (asksNumber && policyNumber.trim() !== (policy.policyNumber ?? ""))
        fields.policyNumber = policyNumber.trim();
      book.patch("policies", policy.id, fields);
      leave(policyHref(policy.id));
    } catch (e) {
      if (e instanceof DomainError) setError(e.message);
      else throw e;
    }
  };

  return (
    <Card>
      <BookForm onSubmit={confirm} requiredNote={false} data-testid="policy-status-change">
        <h2 className="policy__name">
          {action.label} policy {policy.policyNumber || "(number pending)"}
        </h2>
        <p>{ACTION_TEXT[action.action] ?? ""}</p>
        {needsReason ? <RequiredNote /> : null}
        <p>
          Status: {STATUS_LABELS[policy.status]} → <strong>{STATUS_LABELS[to]}</strong>
        </p>
        {asksNumber ? (
          <TextInput
            label="Policy number"
            path="policyNumber"
            issues={issues}
            value={policyNumber}
            onChange={setPolicyNumber}
          />
        ) : null}
        {needsReason ? (
          <Field label="Reason" path="statusReason" issues={issues} required hint="At most 500 characters.">
            <textarea
              className="book-input"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        ) : null}
        {hasIssues(issues) && unplacedIssues(issues, ["policyNumber", "statusReason"]).length > 0 ? (
          <Alert tone="error">{unplacedIssues(issues, ["policyNumber", "statusReason"]).join("; ")}</Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="book-form__actions">
          <Button type="submit" data-testid="confirm-action">
            {action.label} policy
          </Button>
          <ButtonLink to={policyHref(policy.id)} variant="ghost">
            Keep it {STATUS_LABELS[policy.status]?.toLowerCase()}
          </ButtonLink>
        </div>
      </BookForm>
    </Card>
  );
}
