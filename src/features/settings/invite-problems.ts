import { z } from "zod";
import type { Role } from "../../../shared/access/roles";
import { EMAIL_MESSAGE } from "../../../shared/schemas/messages";
import type { FieldIssues } from "../../components/book-forms";

export interface InviteDraft {
  email: string;
  roles: readonly Role[];
  customerId: string;
}

const emailSchema = z.email(EMAIL_MESSAGE);

/**
 * What the invite form can tell before asking the server (docs/first-day.md), by field: an e-mail address,
 * at least one role, and the customer record of a customer portal account. The server checks again.
 */
export function inviteProblems(draft: InviteDraft): FieldIssues {
  const issues: Record<string, string> = {};
  if (!emailSchema.safeParse(draft.email.trim()).success) issues.email = EMAIL_MESSAGE;
  if (draft.roles.length === 0) issues.roles = "choose at least one role";
  else if (draft.roles.includes("customer") && !draft.customerId)
    issues.customerId = "choose the customer record this portal account sees";
  return issues;
}
