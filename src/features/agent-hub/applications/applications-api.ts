import type { Application } from "../../../../shared/documents/application";

// The agent's side of applications (issue 14 §1; sync-server/applications/api.ts): the list of the
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

async function call<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}.`);
  return body as T;
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
    body: JSON.stringify(decision),
  });
