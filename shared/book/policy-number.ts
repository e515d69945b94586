import type { PolicyStatus } from "./statuses";

// The policy number is assigned by the insurance provider once it accepts the application: it may be
// empty while a policy is pending (or was cancelled before it was issued), and is required for a
// policy that is active or was terminated (docs/agent-book.md "Statuses").

/** The statuses in which a policy must carry its provider's policy number. */
export const POLICY_NUMBER_REQUIRED: ReadonlySet<PolicyStatus> = new Set(["active", "terminated"]);

/**
 * What is wrong with a policy number for a policy in `status` (the status it has, or the one an action
 * moves it to), or undefined when it is fine.
 * @example policyNumberProblem("active", " ") // "give the policy number the insurance provider assigned …"
 */
export function policyNumberProblem(status: string, policyNumber: string | undefined): string | undefined {
  if ((policyNumber ?? "").trim() !== "") return undefined;
  return POLICY_NUMBER_REQUIRED.has(status as PolicyStatus)
    ? "enter the policy number the insurance provider assigned (needed once the policy is active)"
    : undefined;
}
