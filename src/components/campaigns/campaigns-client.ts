import type { Campaign } from "../../../shared/documents/campaign";
import { authorizedJson as call } from "../../lib/auth/authorized-json";

// The agent's calls to the campaign API (sync-server/campaigns/campaigns-api.ts).

export interface CampaignItem {
  id: string;
  name: string;
  plan: "lrp" | "lgm";
  status: "ACTIVE" | "PAUSED" | "SCHEDULED" | "EXPIRED";
  nextSend: string | null;
  recipients: number;
  lastRun: { runDate: string; sent: number; failed: number; skipped: number; pending: number } | null;
}

export interface SendEntry {
  runDate: string;
  recipientId: string;
  channel: "email" | "sms";
  status: "claimed" | "sent" | "failed" | "skipped";
  reason: string | null;
  at: number;
}

const base = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}/campaigns`;

export const listCampaigns = (orgId: string, token: string) =>
  call<{ campaigns: CampaignItem[] }>(base(orgId), token).then((b) => b.campaigns);

export const saveCampaign = (orgId: string, id: string, campaign: Campaign, token: string) =>
  call<{ id: string; status: string }>(`${base(orgId)}/${encodeURIComponent(id)}`, token, {
    method: "PUT",
    json: campaign,
  });

export const campaignAction = (
  orgId: string,
  id: string,
  action: "pause" | "resume" | "test",
  token: string,
) =>
  call<{ status?: string; sentTo?: string }>(`${base(orgId)}/${encodeURIComponent(id)}/${action}`, token, {
    method: "POST",
  });

export const campaignRuns = (orgId: string, id: string, token: string) =>
  call<{ runs: NonNullable<CampaignItem["lastRun"]>[]; sends: SendEntry[] }>(
    `${base(orgId)}/${encodeURIComponent(id)}/runs`,
    token,
  );
