import { useEffect, useState } from "react";
import { parseDocumentName } from "../../../shared/documents/names";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { sessionJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { useSyncClient } from "../../lib/sync/react/sync-context";
import type { HeldWrite } from "../../lib/sync/synced-document";

// docs/hardening.md (HIST3): the server held one of this device's writes because it removes most of a
// document's records at once. The agent is asked again: apply it (the confirmation goes to the server,
// then the document sends the change again) or discard it (the server's copy comes back). On every
// screen, since the write may come from any of them; it looks once a second while signed in.

const HOLD_CHECK_MS = 1000;

const what = (name: string) => {
  const ref = parseDocumentName(name);
  if (ref?.kind === "customer") return `customer ${ref.customerId}`;
  // The internal document's records: its notes, quotes and each entity's tax ids (counted as one).
  if (ref?.kind === "customerInternal")
    return `customer ${ref.customerId}'s agents-only file (tax ids, notes)`;
  if (ref?.kind === "claim") return `claim ${ref.claimId}`;
  return name;
};

export function HeldWritePrompt() {
  const client = useSyncClient();
  const session = useSession();
  const [held, setHeld] = useState<{ name: string; held: HeldWrite }[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!client) return;
    const look = () => {
      const now = client.describeDocuments().flatMap((d) => (d.held ? [{ name: d.name, held: d.held }] : []));
      setHeld((before) => (JSON.stringify(before) === JSON.stringify(now) ? before : now));
    };
    look();
    const timer = setInterval(look, HOLD_CHECK_MS);
    return () => clearInterval(timer);
  }, [client]);

  const first = held[0];
  if (!client || !first) return null;
  const ref = parseDocumentName(first.name);
  const orgId = ref && "orgId" in ref ? ref.orgId : null;

  const answer = async (apply: boolean) => {
    setError(null);
    try {
      if (apply && orgId) {
        await sessionJson(
          session.getAccessToken,
          `/api/orgs/${encodeURIComponent(orgId)}/document-history/confirm-removal`,
          { method: "POST", json: { document: first.name } },
        );
      }
      await client.opened(first.name)?.settleHeld(apply);
      setHeld((list) => list.filter((h) => h.name !== first.name));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div data-testid="held-write">
      <Alert
        tone="warning"
        title="Remove these records?"
        actions={
          <>
            <Button onClick={() => void answer(true)}>Remove them</Button>
            <Button variant="secondary" onClick={() => void answer(false)}>
              Keep the records
            </Button>
          </>
        }
      >
        Your last change removes {first.held.removed} of the {first.held.total} records of {what(first.name)}{" "}
        at once. The server kept it back until you confirm; nothing was removed yet.
        {error ? ` ${error}` : null}
      </Alert>
    </div>
  );
}
