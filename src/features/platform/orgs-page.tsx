import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Field, FieldGroup } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { platformFetch } from "./platform-api";
import "./platform.css";
import { platformDateTime } from "./platform-time";

interface Org {
  id: string;
  name: string;
  organizationType: string;
  parentOrgId: string | null;
  /** False: known only through its members (seeded, or its first admin invited from the command line). */
  registered: boolean;
  createdAt: string | null;
  disabledAt: string | null;
  members: number;
}

/** The new organisation form, empty. */
const NEW_ORG = { id: "", name: "", organizationType: "agency", parentOrgId: "" };

/**
 * /settings/orgs (superAdmin): every organisation the server knows — also those only their members
 * make known — with create, rename, nest and disable.
 */
export default function OrgsPage() {
  const session = useSession();
  const { getAccessToken } = session;
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState(NEW_ORG);
  /** The new organisation's field `key`: its value and its change. */
  const bind = (key: keyof typeof NEW_ORG) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  const load = useCallback(async () => {
    try {
      setOrgs(
        (await platformFetch<{ organisations: Org[] }>(getAccessToken, "/api/platform/orgs")).organisations,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  }, [getAccessToken]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = async (id: string, json: Record<string, unknown>) => {
    setError(null);
    try {
      setOrgs(
        (
          await platformFetch<{ organisations: Org[] }>(
            getAccessToken,
            `/api/platform/orgs/${encodeURIComponent(id)}`,
            { method: "PATCH", json },
          )
        ).organisations,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const json = { ...draft, parentOrgId: draft.parentOrgId || null };
      setOrgs(
        (
          await platformFetch<{ organisations: Org[] }>(getAccessToken, "/api/platform/orgs", {
            method: "POST",
            json,
          })
        ).organisations,
      );
      setDraft(NEW_ORG);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="platform" data-testid="orgs-page">
      <p>
        Every agency the server knows. Disabling one signs its members out of its records at once and tells
        them the agency was disabled; enabling it gives access back. The first admin of a new agency is
        invited from the server with <code>npx rangeline admin invite --org ID --email … --role admin</code>.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {orgs === null && !error ? <p>Loading…</p> : null}
      {orgs ? (
        <ul className="platform__list" data-testid="orgs">
          {orgs.map((o) => (
            <li key={o.id} className="platform__item" data-org={o.id} data-disabled={o.disabledAt !== null}>
              <div>
                <strong>{o.name}</strong>
                {o.name === o.id ? null : <span className="book-form__help"> ({o.id})</span>}
                <div className="book-form__help">
                  {o.organizationType}
                  {o.parentOrgId ? ` · sub-agency of ${o.parentOrgId}` : ""} · {o.members} member
                  {o.members === 1 ? "" : "s"}
                  {o.disabledAt ? ` · disabled ${platformDateTime(o.disabledAt)}` : ""}
                </div>
                {o.registered ? null : (
                  <div className="book-form__help" data-testid="org-unregistered">
                    Known from its members (seeded, or invited from the command line); a rename or any change
                    registers it.
                  </div>
                )}
              </div>
              <span className="platform__actions">
                <select
                  className="book-input platform__parent"
                  aria-label={`Parent organisation of ${o.name}`}
                  value={o.parentOrgId ?? ""}
                  onChange={(e) => void change(o.id, { parentOrgId: e.target.value || null })}
                >
                  <option value="">No parent</option>
                  {orgs
                    .filter((p) => p.id !== o.id)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        Sub-agency of {p.name}
                      </option>
                    ))}
                </select>
                <Button
                  variant="secondary"
                  onClick={() => {
                    const name = window.prompt(`New name of ${o.id}`, o.name);
                    if (name && name !== o.name) void change(o.id, { name });
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant={o.disabledAt ? "primary" : "ghost"}
                  onClick={() => {
                    if (
                      o.disabledAt ||
                      window.confirm(
                        `Disable ${o.name}? Its ${o.members} member${o.members === 1 ? " is" : "s are"} signed out of its records at once and told why.`,
                      )
                    )
                      void change(o.id, { disabled: !o.disabledAt });
                  }}
                >
                  {o.disabledAt ? "Enable" : "Disable"}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="book-form" onSubmit={create} noValidate>
        <FieldGroup legend="New organisation">
          <div className="book-form__row">
            <Field label="Id" hint="Letters, digits, - and _; it never changes.">
              <input className="book-input" {...bind("id")} />
            </Field>
            <Field label="Name">
              <input className="book-input" {...bind("name")} />
            </Field>
          </div>
          <div className="book-form__row">
            <Field label="Type" hint="e.g. agency, sub-agency">
              <input className="book-input" {...bind("organizationType")} />
            </Field>
            <Field label="Parent organisation" hint="For a sub-agency.">
              <select className="book-input" {...bind("parentOrgId")}>
                <option value="">None</option>
                {(orgs ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} ({o.id})
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="book-form__actions">
            <Button type="submit">Create organisation</Button>
          </div>
        </FieldGroup>
      </form>
    </div>
  );
}
