import type { Application } from "../../../../shared/documents/application";
import { authorizedJson as call } from "../../../lib/auth/authorized-json";

// The agent's side of applications (docs/applications.md; sync-server/applications/api.ts): the list of the
// organisation's applications, one application (with its tax ids: they go straight into the agents-only
// internal document on acceptance, never into a list or a URL), and the decision.

export interface ApplicationItem {
  id: string;
  status: "received" | "accepted" | "declined";
  applicantType: "individual" | "business";
  applicantName: string;
  plans: ("lrp" | "lgm")[];
  state: string;
  receivedAt: string;
  decidedAt: string | null;
  declineReason: string | null;
  customerId: string | null;
}

const base = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}/applications`;

export const listApplications = (orgId: string, token: string) =>
  call<{ applications: ApplicationItem[] }>(base(orgId), token).then((b) => b.applications);

export const getApplication = (orgId: string, id: string, token: string) =>
  call<ApplicationItem & { application: Application }>(`${base(orgId)}/${encodeURIComponent(id)}`, token);

export const decideApplication = (
  orgId: string,
  id: string,
  token: string,
  decision: { status: "accepted"; customerId: string } | { status: "declined"; reason: string },
) =>
  call<ApplicationItem>(`${base(orgId)}/${encodeURIComponent(id)}/decision`, token, {
    method: "POST",
    json: decision,
  });
