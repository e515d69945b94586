import type { CampaignItem } from "../../components/campaigns/campaigns-client";

// The campaigns list as the server last gave it, kept on the device (localStorage, per organisation),
// so the list opens offline after one visit; campaigns created on this device since are added to it.
// Only ids, names and the server's figures of that moment (last run, next send): the campaigns
// themselves are their synced documents.

export interface CachedList {
  /** When the server gave it (epoch ms); null when only this device's additions are known. */
  at: number | null;
  items: CampaignItem[];
}

const key = (orgId: string) => `rangeline.campaigns.${orgId}`;

export function readCachedList(orgId: string): CachedList | null {
  try {
    const raw = localStorage.getItem(key(orgId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedList;
    return Array.isArray(parsed.items) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeCachedList(orgId: string, list: CachedList): void {
  try {
    localStorage.setItem(key(orgId), JSON.stringify(list));
  } catch {
    // Storage full or refused: the list simply needs the server next time.
  }
}

/** Adds (or renames) a campaign saved on this device, so the offline list shows it. */
export function rememberCampaign(orgId: string, item: Pick<CampaignItem, "id" | "name" | "plan" | "status">) {
  const list = readCachedList(orgId) ?? { at: null, items: [] };
  const known = list.items.find((i) => i.id === item.id);
  if (known) Object.assign(known, { name: item.name, plan: item.plan, status: item.status });
  else list.items.push({ ...item, nextSend: null, recipients: 0, lastRun: null });
  writeCachedList(orgId, list);
}
