import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

// The public unsubscribe page (docs/campaigns.md): opened from a campaign e-mail without signing in. One click
// stops the campaign's messages on the link's channel (e-mail; texts stop with "Reply STOP"); it says
// what they will no longer receive. The link's signature is the proof (the server checks it; a bad or
// expired one changes nothing and the page says so). A link cannot opt back in (UNSUB1): right after
// the click the page can undo it with the token the server gave this click, for 15 minutes; later, the
// re-subscribe page (resubscribe-page.tsx) asks for a confirmation e-mail (UNSUB2). A link sent before
// UNSUB1 (no `ch`, no `e`) still unsubscribes from e-mail, with no undo.

interface PageState {
  campaignName: string | null;
  plan: string | null;
  organisationName: string | null;
  channel: "email" | "sms";
  optedOut: { email: boolean; sms: boolean };
  /** Present right after this page's own unsubscribe: what undoes it. */
  undo?: string;
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
  const channel = search.get("ch") === "sms" ? "sms" : "email";
  const expires = search.get("e") ?? "";
  /** A link sent before UNSUB1: neither channel nor expiry (the server treats it as e-mail). */
  const legacy = !search.has("ch") && !search.has("e");
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const api = `/api/unsubscribe/${encodeURIComponent(orgId)}/${encodeURIComponent(campaignId)}/${encodeURIComponent(userId)}`;

  useEffect(() => {
    if (!orgId || !sig || (!legacy && !expires)) {
      setStatus({ kind: "invalid", message: "This unsubscribe link is not valid." });
      return;
    }
    let live = true;
    fetch(`${api}?${new URLSearchParams(legacy ? { sig } : { ch: channel, e: expires, sig })}`)
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
  }, [api, orgId, sig, channel, expires, legacy]);

  const choose = async (optedOut: boolean, undo?: string) => {
    setBusy(true);
    try {
      const r = await fetch(api, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          sig,
          ...(legacy ? {} : { channel, expires: Number(expires) }),
          optedOut,
          ...(undo ? { undo } : {}),
        }),
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
  const messages = state.channel === "sms" ? "text messages" : "e-mails";
  const { undo } = state;
  return (
    <Card>
      {state.optedOut[state.channel] ? (
        <>
          <Alert tone="success" title="You are unsubscribed">
            You will no longer receive the {plan}quote {messages} of {what} from {from}.
          </Alert>
          {undo ? (
            <>
              <p>Clicked by mistake? You can undo it for the next 15 minutes.</p>
              <Button variant="secondary" disabled={busy} onClick={() => choose(false, undo)}>
                Opt back in
              </Button>
            </>
          ) : (
            <p>
              This link cannot opt you back in: only an unsubscribe made on this page in the last 15 minutes
              can be undone here. To receive {from}'s quote e-mails again,{" "}
              <Link to={`/unsubscribe/resubscribe?${new URLSearchParams({ o: orgId })}`}>
                ask for a confirmation e-mail
              </Link>
              .
            </p>
          )}
        </>
      ) : (
        <>
          <p>
            {From} sends you {plan}quotes by {state.channel === "sms" ? "text message" : "e-mail"} in {what}.
            Unsubscribe to stop them; other messages from {from} are not affected
            {state.channel === "email" ? " (to stop its texts, reply STOP to one)" : ""}.
          </p>
          <Button disabled={busy} onClick={() => choose(true)}>
            Unsubscribe
          </Button>
        </>
      )}
    </Card>
  );
}
