import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

// Receiving an agency's quote e-mails again (UNSUB2, docs/campaigns.md), public like the unsubscribe page
// that links here (`?o=` names the organisation). Asking sends a confirmation e-mail to the address,
// if it unsubscribed from one of the agency's lists (the answer is the same either way); the e-mail's
// link comes back here with `r` and `sig`, and only the click on "Receive them again" opts back in —
// opening the link alone changes nothing (mail scanners open links).

type Outcome = { tone: "success" | "error"; message: string } | null;

const UNREACHABLE = "The server could not be reached. Try again.";

async function post(path: string, body: object): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const r = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: r.ok, body: (await r.json().catch(() => ({}))) as Record<string, unknown> };
}

const messageOf = (body: Record<string, unknown>) =>
  typeof body.message === "string" ? body.message : "Something went wrong.";

export default function ResubscribePage() {
  const [search] = useSearchParams();
  const orgId = search.get("o") ?? "";
  const request = search.get("r");
  const sig = search.get("sig");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (work: () => Promise<Outcome>) => {
    setBusy(true);
    try {
      setOutcome(await work());
    } catch {
      setOutcome({ tone: "error", message: UNREACHABLE });
    } finally {
      setBusy(false);
    }
  };

  if (!orgId)
    return (
      <Alert tone="error" title="Link not valid">
        This page is opened from an unsubscribe page or a confirmation e-mail. Use the link in it.
      </Alert>
    );

  if (request && sig) {
    const confirm = () =>
      run(async () => {
        const r = await post("/api/resubscribe/confirm", { orgId, request, sig });
        if (!r.ok) return { tone: "error", message: messageOf(r.body) };
        const from = typeof r.body.organisationName === "string" ? r.body.organisationName : "the agency";
        return {
          tone: "success",
          message: `You will receive the quote e-mails of ${from} again. Each one has a link to unsubscribe.`,
        };
      });
    return (
      <Card>
        {outcome ? (
          <Alert tone={outcome.tone}>{outcome.message}</Alert>
        ) : (
          <>
            <p>
              Confirm that you want to receive this agency's quote e-mails again. Texts are not affected
              (reply START to one to receive them again).
            </p>
            <Button disabled={busy} onClick={confirm}>
              Receive them again
            </Button>
          </>
        )}
      </Card>
    );
  }

  const ask = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const r = await post("/api/resubscribe", { orgId, email });
      return { tone: r.ok ? "success" : "error", message: messageOf(r.body) };
    });
  };
  return (
    <Card>
      <p>
        Unsubscribed from this agency's quote e-mails and want them again? We send a confirmation e-mail to
        your address; only its link opts you back in.
      </p>
      <form onSubmit={ask}>
        <label htmlFor="resubscribe-email">Your e-mail address</label>{" "}
        <input
          id="resubscribe-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />{" "}
        <Button type="submit" disabled={busy}>
          Send me a confirmation e-mail
        </Button>
      </form>
      {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
    </Card>
  );
}
