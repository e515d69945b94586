import { useCallback, useEffect, useState } from "react";
import { sessionJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import "./api-keys.css";
import { useOrgDateTime } from "../org-time/use-org-time";

// The organisation's API keys (docs/applications.md), as the server lets the caller see them: a partner their own,
// an admin every partner's (with the owner). Revoke is offered on what the caller may revoke. Shared by
// the partner's /api-keys screen and the admins' settings (an admin's view of the same list).

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  owner?: string;
  mine: boolean;
}

export function useApiKeys() {
  const { orgId, getAccessToken } = useSession();
  const [state, setState] = useState<{ keys?: ApiKeyRow[]; admin?: boolean; error?: string }>({});
  const reload = useCallback(async () => {
    if (!orgId) return;
    try {
      const body = await sessionJson<{ keys?: ApiKeyRow[]; admin?: boolean }>(
        getAccessToken,
        `/api/orgs/${encodeURIComponent(orgId)}/api-keys`,
      );
      setState({ keys: body.keys, admin: body.admin });
    } catch (e) {
      setState({ error: e instanceof Error ? e.message : String(e) });
    }
  }, [orgId, getAccessToken]);
  useEffect(() => void reload(), [reload]);
  const revoke = async (id: string) => {
    try {
      await sessionJson(
        getAccessToken,
        `/api/orgs/${encodeURIComponent(orgId ?? "")}/api-keys/${encodeURIComponent(id)}/revoke`,
        { method: "POST" },
      );
    } catch (e) {
      setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
      return;
    }
    await reload();
  };
  return { ...state, reload, revoke, orgId, getAccessToken };
}

export function ApiKeysList({
  keys,
  admin,
  onRevoke,
}: {
  keys: ApiKeyRow[];
  admin: boolean;
  onRevoke(id: string): void;
}) {
  // Revoking cannot be undone: the first click asks, the second revokes (docs/first-day.md).
  const [asking, setAsking] = useState<string | null>(null);
  const when = useOrgDateTime();
  if (keys.length === 0) return <p>No API keys yet.</p>;
  return (
    <ul className="api-keys__list" data-testid="api-keys-list">
      {keys.map((k) => (
        <li key={k.id} className="api-keys__item" data-key-id={k.id}>
          <div>
            <strong>{k.name}</strong> <code>rl_live_{k.id}_…</code>
            {k.revokedAt ? <span className="api-keys__revoked"> revoked {when(k.revokedAt)}</span> : null}
          </div>
          <div>Scopes: {k.scopes.join(", ")}</div>
          <div>
            Created {when(k.createdAt)} · last used {when(k.lastUsedAt)}
            {admin && k.owner ? ` · owner ${k.owner}` : ""}
          </div>
          {!k.revokedAt && (k.mine || admin) ? (
            asking === k.id ? (
              <Alert
                tone="warning"
                title={`Revoke “${k.name}”?`}
                actions={
                  <>
                    <Button
                      onClick={() => {
                        setAsking(null);
                        onRevoke(k.id);
                      }}
                    >
                      Revoke the key
                    </Button>
                    <Button variant="secondary" onClick={() => setAsking(null)}>
                      Keep it
                    </Button>
                  </>
                }
              >
                Every program using it stops working at once. This cannot be undone.
              </Alert>
            ) : (
              <div>
                <Button variant="secondary" onClick={() => setAsking(k.id)}>
                  Revoke
                </Button>
              </div>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The admins' view: every partner's keys of the organisation, with revoke. */
export function OrganisationApiKeys() {
  const k = useApiKeys();
  if (k.error) return <Alert tone="error">{k.error}</Alert>;
  if (!k.keys) return <p>Loading API keys…</p>;
  return <ApiKeysList keys={k.keys} admin={k.admin ?? false} onRevoke={(id) => void k.revoke(id)} />;
}
