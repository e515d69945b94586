import { type ChangeEvent, useState } from "react";
import { DomainError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { PresenceList, useDocument, usePresence } from "../../lib/sync";
import { PROFILE_FIELDS, type ProfileFieldKey, profileFieldLabel } from "./profile-fields";
import { problemMessage } from "./sync-problem";
import "./customers.css";

/**
 * One customer document: the producer profile as a form for those who may write it (agents of the
 * organisation), as plain text for those who may only read it (the linked customer) — the read-only
 * scope comes from the server and is remembered on the device. Shows who else is here and in which
 * field. `onNameChange` lets the agent's list follow a renamed customer.
 */
export function CustomerRecord({
  name,
  onNameChange,
}: {
  name: string;
  onNameChange?: (customerName: string) => void;
}) {
  const { state, readOnly, write, setField } = useDocument<"customer">(name);
  const others = usePresence(name);
  const [error, setError] = useState<string | null>(null);

  if (!state?.loaded) return <p data-testid="customer-loading">Loading the customer record…</p>;
  if (state.removed)
    return (
      <Alert tone="warning" title="Not available">
        You no longer have access to this customer; it was removed from this device.
      </Alert>
    );

  const profile = (state.data.profile ?? {}) as Record<string, unknown>;
  const text = (key: ProfileFieldKey) => (typeof profile[key] === "string" ? (profile[key] as string) : "");
  const change = (key: ProfileFieldKey) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    try {
      write((t) => t.set("profile", [key], value));
      setError(null);
      if (key === "name") onNameChange?.(value);
    } catch (e) {
      setError(e instanceof DomainError ? e.message : String(e));
    }
  };
  const coverages = Object.values(state.data.coverages ?? {}) as Record<string, unknown>[];

  return (
    <section className="customer-record" data-testid="customer-record" data-document={name}>
      <PresenceList people={others} fieldLabel={profileFieldLabel} />
      {state.problem && state.problem.reason !== "unauthorized" ? (
        <Alert tone="warning">{problemMessage(state.problem)}</Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <h2 className="customer-record__heading">Producer profile</h2>
      {readOnly ? (
        <>
          <p className="customer-record__note" data-testid="read-only-note">
            Read only: your agent keeps this record.
          </p>
          <dl className="customer-record__fields">
            {PROFILE_FIELDS.map((field) => (
              <div key={field.key} className="customer-record__row">
                <dt>{field.label}</dt>
                <dd data-testid={`profile-${field.key}`}>{text(field.key) || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <form className="customer-record__form" onSubmit={(e) => e.preventDefault()}>
          {PROFILE_FIELDS.map((field) => (
            <label key={field.key} className="customer-record__field">
              <span>{field.label}</span>
              <input
                type={field.type}
                value={text(field.key)}
                onChange={change(field.key)}
                onFocus={() => setField(`profile.${field.key}`)}
                onBlur={() => setField(null)}
                autoComplete="off"
              />
            </label>
          ))}
        </form>
      )}
      <h2 className="customer-record__heading">Coverages</h2>
      {coverages.length === 0 ? (
        <p>No coverages recorded yet.</p>
      ) : (
        <ul>
          {coverages.map((coverage, index) => (
            <li key={String(coverage.id ?? index)}>{String(coverage.label ?? coverage.id ?? "Coverage")}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
