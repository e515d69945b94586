import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { newRecordId, useBookIndex, useCustomerBook } from "../../components/book";
import { PROFILE_LABELS } from "../../components/book/profile-labels";
import { customerHref } from "../../components/book/record-labels";
import {
  type FieldIssues,
  focusFirstInvalid,
  mergeIssues,
  RequiredNote,
  unplacedIssues,
} from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useAfterStored } from "../../lib/sync";
import {
  emptyProfileForm,
  type ProfileFields,
  type ProfileForm,
  type ProfileFormKey,
  profileFieldsFromForm,
  profileIssues,
} from "./profile-fields";
import { ProfileFormFields } from "./profile-form-fields";

/**
 * Saves the new customer once its document and the organisation's list are on the device, and opens
 * its record once the write is stored there (docs/local-first.md, "Created records are on the device
 * before the screen says so"): a reload or a closed tab right after cannot lose the profile.
 */
function CreateCustomer({
  id,
  fields,
  onError,
}: {
  id: string;
  fields: ProfileFields;
  onError(message: string): void;
}) {
  const book = useCustomerBook(id);
  const index = useBookIndex();
  const navigate = useNavigate();
  const stored = useAfterStored("customer");
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !book.loaded || !index.loaded) return;
    done.current = true;
    try {
      const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      book.saveProfile({ ...given, status: "active" });
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
      return;
    }
    stored.then(() => navigate(customerHref(id), { replace: true }));
  }, [book, index.loaded, fields, id, navigate, onError, stored.then]);
  if (stored.problem) return <Alert tone="error">{stored.problem}</Alert>;
  return <p>Saving the customer…</p>;
}

/**
 * /agent/customers?new=1: the producer profile of a new customer, checked by the shared schema. With
 * `&id=ID` the record gets that id: for a producer whose account the organisation already links to a
 * customer id that has no record yet.
 */
export function NewCustomerForm({ presetId }: { presetId?: string }) {
  const [openedAt] = useState(() => new Date().toISOString());
  // One id per form: pressing Save customer again after a refused write saves the same record.
  const [recordId] = useState(() => presetId ?? newRecordId());
  const [form, setForm] = useState<ProfileForm>(() => emptyProfileForm(openedAt));
  const [issues, setIssues] = useState<FieldIssues | null>(null);
  const [saving, setSaving] = useState<{ id: string; fields: ProfileFields } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = (next: ProfileForm): FieldIssues => {
    const { fields, issues: own } = profileFieldsFromForm(next);
    return mergeIssues(own, profileIssues(undefined, fields));
  };
  const onChange = <K extends ProfileFormKey>(key: K, value: ProfileForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    // Once the form was submitted, its messages follow what is typed.
    if (issues) setIssues(check(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    setError(null);
    setSaving({ id: recordId, fields: profileFieldsFromForm(form).fields });
  };

  const shown = issues ?? {};
  const count = Object.keys(shown).length;
  const elsewhere = unplacedIssues(shown, Object.keys(PROFILE_LABELS));
  return (
    <Card className="customer-section customers__new" data-testid="new-customer-form">
      <h2 className="customer-record__name">New customer</h2>
      {presetId ? (
        <p className="customers__note" data-testid="preset-id">
          This record gets the customer id <strong>{presetId}</strong>, the id a producer's account is linked
          to.
        </p>
      ) : null}
      <form className="book-form" onSubmit={submit} noValidate aria-label="New customer">
        {count > 0 ? (
          <Alert tone="error" title="The customer was not saved">
            {count === 1 ? "One field needs attention" : `${count} fields need attention`}: see the messages
            below.
            {elsewhere.length > 0 ? (
              <ul>
                {elsewhere.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <RequiredNote />
        <ProfileFormFields value={form} onChange={onChange} issues={shown} />
        <div className="book-form__actions">
          <Button type="submit" disabled={saving !== null}>
            Save customer
          </Button>
          <ButtonLink to="/agent/customers" variant="ghost">
            Cancel
          </ButtonLink>
        </div>
      </form>
      {saving ? (
        <CreateCustomer
          id={saving.id}
          fields={saving.fields}
          onError={(message) => {
            setError(message);
            setSaving(null);
          }}
        />
      ) : null}
    </Card>
  );
}
