import { type FormEvent, useState } from "react";
import { ApiKeysList, useApiKeys } from "../../components/api-keys/api-keys-list";
import {
  BookForm,
  Field,
  type FieldIssues,
  NO_ISSUES,
  RequiredLegend,
  RequiredNote,
} from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { sessionJson } from "../../lib/auth/authorized-json";

const SCOPES = [
  ["quotes:read", "Price LRP and LGM quotes"],
  ["market:read", "Read the market data's date and label"],
  ["book:read", "Read the organisation's customers and coverages (no tax ids)"],
  ["commissions:read", "Read the organisation's expected commission lines of a crop year"],
] as const;

/** /api-keys (partner) — create a key (the secret is shown once), see and revoke keys. */
export default function ApiKeysPage() {
  const keys = useApiKeys();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(["quotes:read"]);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [copied, setCopied] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // A name and a scope first, at their fields (docs/first-day.md); the server checks again.
    const found: Record<string, string> = {};
    if (name.trim() === "") found.name = "enter a name that says where the key is used";
    if (scopes.length === 0) found.scopes = "choose at least one scope";
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = await sessionJson<{ key?: string }>(
        keys.getAccessToken,
        `/api/orgs/${encodeURIComponent(keys.orgId ?? "")}/api-keys`,
        { method: "POST", json: { name, scopes } },
      );
      if (!body.key) throw new Error("The server answered without the new key.");
      setCreated({ name, key: body.key });
      setCopied(false);
      setName("");
      await keys.reload();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="book-form" data-testid="api-keys-page">
      <p>
        API keys let your systems use the Rangeline partner API: price quotes, read the market date and, with
        permission, your organisation's book. Read the <a href="/api/v1/reference">API reference</a> (and the{" "}
        <a href="/api/v1/openapi.json">OpenAPI document</a>).
      </p>
      {created ? (
        <Alert tone="success" title={`Key "${created.name}" created`}>
          Copy it now: it is shown only this once (we keep only a fingerprint of it).
          <code className="api-keys__secret" data-testid="api-key-secret">
            {created.key}
          </code>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(created.key).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy"}
          </Button>{" "}
          <Button variant="ghost" onClick={() => setCreated(null)}>
            I have stored it
          </Button>
        </Alert>
      ) : null}
      <Card>
        <BookForm onSubmit={(e) => void create(e)} requiredNote={false} aria-labelledby="api-key-new">
          <h2 id="api-key-new">New key</h2>
          <RequiredNote />
          <Field
            label="Name"
            path="name"
            issues={issues}
            required
            hint={'Where the key is used, e.g. "Quote widget on our website".'}
          >
            <input
              className="book-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
            />
          </Field>
          <fieldset className="book-fieldset">
            <legend>
              <RequiredLegend>Scopes</RequiredLegend>
            </legend>
            {SCOPES.map(([scope, text]) => (
              <label key={scope} className="api-keys__scope">
                <input
                  type="checkbox"
                  aria-invalid={issues.scopes ? true : undefined}
                  aria-describedby={issues.scopes ? "api-key-scopes-error" : undefined}
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
                  }
                />{" "}
                <code>{scope}</code> — {text}
              </label>
            ))}
            {issues.scopes ? (
              <span className="book-field__error" id="api-key-scopes-error">
                {issues.scopes}
              </span>
            ) : null}
          </fieldset>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="book-form__actions">
            <Button type="submit">Create key</Button>
          </div>
        </BookForm>
      </Card>
      <h2>Your keys</h2>
      {keys.error ? <Alert tone="error">{keys.error}</Alert> : null}
      {keys.keys ? (
        <ApiKeysList keys={keys.keys} admin={keys.admin ?? false} onRevoke={(id) => void keys.revoke(id)} />
      ) : (
        <p>Loading…</p>
      )}
    </div>
  );
}
