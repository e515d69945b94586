import { useState } from "react";
import type { Role } from "../../../shared/access/roles";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ServerRefusal, sessionJson } from "../../lib/auth/authorized-json";
import { type InvitationOutcome, invitationOutcome, refusalAdvice } from "./invitation-outcome";

const ROLE_NAMES: Record<Role, string> = {
  admin: "admin",
  superAdmin: "platform admin",
  agent: "agent",
  customer: "customer",
  partner: "partner",
};

interface Props {
  /** The link's token (the `invitation` query parameter). */
  token: string;
  signedInAs: string | null;
  getAccessToken: () => Promise<string>;
  signIn: (returnTo?: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** After joining (the profile's organisations change) or a final refusal (the link is spent). */
  onSettled: (outcome: InvitationOutcome) => void;
}

/**
 * The invitation part of /profile (production: the link sent the invitee to sign in and back here).
 * The signed-in user accepts explicitly; the outcome says what happened and what to do next.
 */
export function InvitationPanel({ token, signedInAs, getAccessToken, signIn, signOut, onSettled }: Props) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<InvitationOutcome | null>(null);

  const accept = async () => {
    setBusy(true);
    let result: InvitationOutcome;
    try {
      const body = await sessionJson<Record<string, unknown>>(getAccessToken, "/api/invitations/accept", {
        method: "POST",
        json: { token },
      });
      result = invitationOutcome(200, body);
    } catch (e) {
      result =
        e instanceof ServerRefusal
          ? invitationOutcome(e.status, e.body)
          : { kind: "failed", message: (e as Error).message };
    }
    setBusy(false);
    setOutcome(result);
    if (result.kind !== "failed") onSettled(result);
  };

  if (outcome?.kind === "joined") {
    return (
      <div data-testid="invitation-panel" data-state="joined">
        <Alert
          tone="success"
          title={`You joined ${outcome.orgId}`}
          actions={<Button onClick={() => void signIn("/")}>Sign in again</Button>}
        >
          <p>
            You are now {outcome.roles.map((r) => ROLE_NAMES[r]).join(" and ")} of {outcome.orgId}. Its
            screens appear once you sign in again.
          </p>
        </Alert>
      </div>
    );
  }
  if (outcome?.kind === "refused") {
    const advice = refusalAdvice(outcome.reason, outcome.invitedEmail);
    return (
      <div data-testid="invitation-panel" data-state={outcome.reason}>
        <Alert
          tone="error"
          title={advice.title}
          actions={
            outcome.reason === "wrong-email" ? (
              <Button variant="secondary" onClick={() => void signOut()}>
                Sign out
              </Button>
            ) : null
          }
        >
          <p>{outcome.message}</p>
          <p>{advice.next}</p>
        </Alert>
      </div>
    );
  }
  return (
    <section className="profile__invitation" data-testid="invitation-panel" data-state="open">
      <h2>Invitation</h2>
      <p>
        You opened an invitation to join an organisation on Rangeline
        {signedInAs ? (
          <>
            {" "}
            as <strong>{signedInAs}</strong>
          </>
        ) : null}
        . Accepting gives you the roles the admin chose for you.
      </p>
      {outcome?.kind === "failed" ? (
        <Alert tone="error" title="The invitation could not be accepted">
          <p>{outcome.message} Nothing changed; try again when you are online.</p>
        </Alert>
      ) : null}
      <div>
        <Button onClick={() => void accept()} disabled={busy} data-testid="invitation-accept">
          {busy ? "Accepting…" : "Accept invitation"}
        </Button>
      </div>
    </section>
  );
}
