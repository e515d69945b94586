import { useCallback, useEffect, useState } from "react";
import { INSURANCE_PROVIDERS } from "../../../shared/catalogue/providers";
import { ORGANISATION_SECRET_FIELDS, PROVIDER_API_KEY_PREFIX } from "../../../shared/schemas/organisation";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { adminFetch } from "./admin-api";

const LABELS: Record<string, string> = {
  hubspotAccessToken: "HubSpot access token",
  fmhApiKey: "Farmers Mutual Hail API key",
  fmhSigningKey: "Farmers Mutual Hail signing key",
  agWorksPassword: "AgWorks password",
};
// Two groups, so one provider never shows twice: the organisation's own integration secrets (the spec's
// fields — Farmers Mutual Hail's key and signing key among them) and the other providers' API keys.
const GROUPS = [
  {
    title: "Integrations",
    names: ORGANISATION_SECRET_FIELDS.map((name) => ({ name, label: LABELS[name] ?? name })),
  },
  {
    title: "Insurance providers' API keys",
    names: INSURANCE_PROVIDERS.filter((p) => p.id !== "fmh").map((p) => ({
      name: `${PROVIDER_API_KEY_PREFIX}${p.id}`,
      label: `${p.name} API key`,
    })),
  },
];

type Status = Record<string, string>;

/**
 * The organisation's secrets, write-only: the server keeps them (encrypted) and never sends one back,
 * so the screen shows only whether each is set, and lets an admin replace or clear it.
 */
export function SecretsPanel({
  orgId,
  getAccessToken,
}: {
  orgId: string;
  getAccessToken: () => Promise<string>;
}) {
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const base = `/api/orgs/${encodeURIComponent(orgId)}/secrets`;

  const load = useCallback(async () => {
    try {
      const data = await adminFetch<{ secrets: { name: string; updatedAt: string }[] }>(getAccessToken, base);
      setStatus(Object.fromEntries(data.secrets.map((s) => [s.name, s.updatedAt])));
      setError(null);
    } catch (e) {
      setError(`The secrets' status could not be read: ${(e as Error).message}`);
    }
  }, [base, getAccessToken]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (name: string) => {
    try {
      await adminFetch(getAccessToken, `${base}/${name}`, { method: "PUT", json: { value } });
      setEditing(null);
      setValue("");
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const clear = async (name: string) => {
    try {
      await adminFetch(getAccessToken, `${base}/${name}`, { method: "DELETE" });
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section className="settings__secrets" aria-labelledby="secrets-title" data-testid="secrets-panel">
      <h2 id="secrets-title">Keys and passwords</h2>
      <p className="book-form__help">
        Kept on the server only, encrypted. Nobody can read one back here — not even an admin; you can replace
        or clear it.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {status === null && !error ? <p>Checking which are set…</p> : null}
      {status
        ? GROUPS.map((group) => (
            <div key={group.title} className="settings__secret-group">
              <h3>{group.title}</h3>
              <ul className="settings__secret-list">
                {group.names.map(({ name, label }) => (
                  <li key={name} className="settings__secret" data-secret={name}>
                    <span className="settings__secret-label">{label}</span>
                    <span className="settings__secret-state" data-set={name in status}>
                      {name in status
                        ? `set (${new Date(status[name] as string).toLocaleDateString()})`
                        : "not set"}
                    </span>
                    {editing === name ? (
                      <form
                        className="settings__secret-form"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void save(name);
                        }}
                      >
                        <input
                          className="book-input"
                          type="password"
                          autoComplete="new-password"
                          aria-label={`New ${label}`}
                          value={value}
                          onChange={(e) => setValue(e.target.value)}
                        />
                        <Button type="submit" disabled={value === ""}>
                          Save
                        </Button>
                        <Button variant="ghost" onClick={() => setEditing(null)}>
                          Cancel
                        </Button>
                      </form>
                    ) : (
                      <span className="settings__secret-actions">
                        <Button
                          variant="secondary"
                          onClick={() => {
                            setEditing(name);
                            setValue("");
                          }}
                        >
                          {name in status ? "Replace" : "Set"}
                        </Button>
                        {name in status ? (
                          <Button variant="ghost" onClick={() => void clear(name)}>
                            Clear
                          </Button>
                        ) : null}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))
        : null}
    </section>
  );
}
