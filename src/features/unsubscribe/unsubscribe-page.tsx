import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

// The public unsubscribe page (docs/campaigns.md): opened from a campaign e-mail without signing in. One click
// stops the campaign's e-mails and texts to this person; it says what they will no longer receive and
// offers to opt back in. The link's signature is the proof (the server checks it; a bad one changes
// nothing and the page says the link is not valid).

interface PageState {
  campaignName: string | null;
  plan: string | null;
  organisationName: string | null;
  optedOut: { email: boolean; sms: boolean };
}

type Status =
  | { kind: "loading" }
  | { kind: "invalid"; message: string }
  | { kind: "ready"; state: PageState }
  | { kind: "error"; message: string };

export default function UnsubscribePage() {
  const { campaignId = "", userId = "" } = useParams();
  const [search] = useSearchParams();
  const orgId = search.get("o") ?? "";
  const sig = search.get("sig") ?? "";
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const api = `/api/unsubscribe/${encodeURIComponent(orgId)}/${encodeURIComponent(campaignId)}/${encodeURIComponent(userId)}`;

  useEffect(() => {
    if (!orgId || !sig) {
      setStatus({ kind: "invalid", message: "This unsubscribe link is not valid." });
      return;
    }
    let live = true;
    fetch(`${api}?sig=${encodeURIComponent(sig)}`)
      .then(async (r) => {
        const body = await r.json();
        if (!live) return;
        if (r.status === 403) setStatus({ kind: "invalid", message: body.message });
        else if (!r.ok) setStatus({ kind: "error", message: body.message ?? "Something went wrong." });
        else setStatus({ kind: "ready", state: body });
      })
      .catch(
        () => live && setStatus({ kind: "error", message: "The server could not be reached. Try again." }),
      );
    return () => {
      live = false;
    };
  }, [api, orgId, sig]);

  const choose = async (optedOut: boolean) => {
    setBusy(true);
    try {
      const r = await fetch(api, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sig, channel: "all", optedOut }),
      });
      const body = await r.json();
      if (r.status === 403) setStatus({ kind: "invalid", message: body.message });
      else if (!r.ok) setStatus({ kind: "error", message: body.message ?? "Something went wrong." });
      else setStatus({ kind: "ready", state: body });
    } catch {
      setStatus({ kind: "error", message: "The server could not be reached. Try again." });
    } finally {
      setBusy(false);
    }
  };

  if (status.kind === "loading") return <p>Checking your link…</p>;
  if (status.kind === "invalid")
    return (
      <Alert tone="error" title="Link not valid">
        {status.message} Nothing was changed. Use the link from the latest e-mail, or contact your agent.
      </Alert>
    );
  if (status.kind === "error") return <Alert tone="error">{status.message}</Alert>;

  const { state } = status;
  const what = state.campaignName ? `“${state.campaignName}”` : "this quote campaign";
  const from = state.organisationName ?? "your insurance agency";
  const plan = state.plan === "lgm" ? "LGM " : state.plan === "lrp" ? "LRP " : "";
  const From = from.charAt(0).toUpperCase() + from.slice(1);
  const out = state.optedOut.email || state.optedOut.sms;
  return (
    <Card>
      {out ? (
        <>
          <Alert tone="success" title="You are unsubscribed">
            You will no longer receive the {plan}quote e-mails and text messages of {what} from {from}.
          </Alert>
          <p>Changed your mind? You can start receiving them again.</p>
          <Button variant="secondary" disabled={busy} onClick={() => choose(false)}>
            Opt back in
          </Button>
        </>
      ) : (
        <>
          <p>
            {From} sends you {plan}quotes by e-mail or text message in {what}. Unsubscribe to stop them; other
            messages from {from} are not affected.
          </p>
          <Button disabled={busy} onClick={() => choose(true)}>
            Unsubscribe
          </Button>
        </>
      )}
    </Card>
  );
}
