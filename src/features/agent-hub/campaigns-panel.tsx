import { useEffect, useState } from "react";
import { Link } from "react-router";
import { type CampaignItem, listCampaigns } from "../../components/campaigns/campaigns-client";
import { dayIn, formatTimeIn, orgZoneOf } from "../../components/org-time/org-time";
import { Alert } from "../../components/ui/alert";
import { useSession } from "../../lib/auth/session";
import { useOrgBranding } from "../../lib/org/use-org-branding";

/** Campaigns whose next send falls on the organisation's day of `now` (in `zone`), soonest first. */
export function sendingToday(items: readonly CampaignItem[], now: Date, zone: string): CampaignItem[] {
  const today = dayIn(now, zone);
  return items
    .filter((c) => c.nextSend !== null && c.status === "ACTIVE" && dayIn(c.nextSend, zone) === today)
    .sort((a, b) => String(a.nextSend).localeCompare(String(b.nextSend)));
}

/** The organisation's campaigns sending today (read from the server: the send schedule is the server's). */
export function CampaignsPanel() {
  const { orgId, getAccessToken } = useSession();
  const [state, setState] = useState<{ items?: CampaignItem[]; error?: string }>({});
  const zone = orgZoneOf(useOrgBranding());
  useEffect(() => {
    if (!orgId) return;
    let live = true;
    const load = async () => {
      try {
        const items = await listCampaigns(orgId, await getAccessToken());
        if (live) setState({ items });
      } catch (e) {
        if (live) setState({ error: e instanceof Error ? e.message : String(e) });
      }
    };
    void load();
    window.addEventListener("online", load);
    return () => {
      live = false;
      window.removeEventListener("online", load);
    };
  }, [orgId, getAccessToken]);

  if (state.error)
    return (
      <Alert tone="warning">
        Campaigns could not be loaded ({state.error}). They are read from the server: connect to see them.
      </Alert>
    );
  if (!state.items) return <p className="agent-hub__note">Loading campaigns…</p>;
  const today = sendingToday(state.items, new Date(), zone);
  if (today.length === 0)
    return (
      <p className="agent-hub__note">
        No campaign sends today. <Link to="/agent/quote-campaigns">Quote campaigns</Link>
      </p>
    );
  return (
    <ul className="agent-hub__items" data-testid="hub-campaigns">
      {today.map((c) => (
        <li key={c.id}>
          <Link to={`/agent/quote-campaigns/${encodeURIComponent(c.id)}/edit`}>{c.name}</Link> —{" "}
          {c.plan.toUpperCase()}, {c.recipients} {c.recipients === 1 ? "recipient" : "recipients"}, at{" "}
          {formatTimeIn(c.nextSend as string, zone)}
        </li>
      ))}
    </ul>
  );
}
