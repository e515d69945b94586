import type { Role } from "../../../shared/access/roles";
import { refusalMessage } from "../../lib/auth/authorized-json";

// What the profile screen says about an invitation it accepted or that was refused (docs/administration.md,
// production: POST /api/invitations/accept after the Auth0 sign-in). The server answers a `reason`
// code with its sentence; this turns both into a title, the sentence and what to do next.

export type InvitationRefusal = "expired" | "used" | "forged" | "malformed" | "unknown" | "wrong-email";

export type InvitationOutcome =
  | { kind: "joined"; orgId: string; roles: Role[] }
  | { kind: "refused"; reason: InvitationRefusal; message: string; invitedEmail?: string }
  | { kind: "failed"; message: string };

const REFUSALS = new Set<string>(["expired", "used", "forged", "malformed", "unknown", "wrong-email"]);

/** The outcome of the accept call from its status and body (a network failure is `failed`). */
export function invitationOutcome(status: number, body: Record<string, unknown>): InvitationOutcome {
  if (status === 200 && typeof body.orgId === "string" && Array.isArray(body.roles))
    return { kind: "joined", orgId: body.orgId, roles: body.roles as Role[] };
  const message = refusalMessage(status, body);
  if (typeof body.reason === "string" && REFUSALS.has(body.reason))
    return {
      kind: "refused",
      reason: body.reason as InvitationRefusal,
      message,
      ...(typeof body.invitedEmail === "string" ? { invitedEmail: body.invitedEmail } : {}),
    };
  return { kind: "failed", message };
}

/** The title of a refusal, and what the user can do about it. */
export function refusalAdvice(
  reason: InvitationRefusal,
  invitedEmail?: string,
): { title: string; next: string } {
  switch (reason) {
    case "expired":
      return {
        title: "This invitation has expired",
        next: "Invitations work for a limited time. Ask the admin who invited you to send a new one.",
      };
    case "used":
      return {
        title: "This invitation was already used",
        next: "If you accepted it earlier, your organisation is listed below. Otherwise ask for a new invitation.",
      };
    case "wrong-email":
      return {
        title: "This invitation is for another e-mail address",
        next: `Sign out, open the link in the e-mail again and sign in as ${invitedEmail ?? "the invited address"}.`,
      };
    default:
      return {
        title: "This invitation link is not valid",
        next: "Open the whole link from the e-mail, or ask the admin who invited you for a new one.",
      };
  }
}
