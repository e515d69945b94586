import { useCallback, useEffect, useMemo, useState } from "react";
import { nextRuns } from "../../../shared/campaigns/schedule";
import { applyAction, settle } from "../../../shared/campaigns/status";
import { documentName } from "../../../shared/documents/names";
import {
  type CampaignItem,
  campaignRuns,
  listCampaigns,
  type SendEntry,
} from "../../components/campaigns/campaigns-client";
import { formatDateTimeIn, orgZoneOf } from "../../components/org-time/org-time";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import { useOrgBranding } from "../../lib/org/use-org-branding";
import { useOnline } from "../../lib/pwa/use-online";
import { useDocument } from "../../lib/sync";
import { campaignOf, orgToday } from "./campaign-document";
import { type CachedList, readCachedList, writeCachedList } from "./campaign-list-cache";
import "./campaigns.css";
import { sendStatusLabel } from "./send-status-label";

// The agent's quote campaigns (docs/campaigns.md): status, next send, recipients and the last run's result;
// pause or resume; the per-run log (sent, failed, skipped and why). Which campaigns there are and their
// run results come from the server (the send log lives there) and are kept on the device; each campaign
// itself is its synced document, so the list, pause and resume work offline after one visit (a pause
// made offline reaches the server with the document). The run log needs the server and says so offline.

/** An instant in the organisation's zone, the zone named ("Nov 27, 2026, 7:00 AM Central time"). */
const when = (iso: string | null, zone: string) => (iso ? formatDateTimeIn(iso, zone) : "—");

export default function CampaignsPage() {
  const session = useSession();
  const online = useOnline();
  const orgId = session.orgId;
  const settings = useOrgBranding();
  const zone = orgZoneOf(settings);
  const [list, setList] = useState<CachedList | null>(() => (orgId ? readCachedList(orgId) : null));
  const [fresh, setFresh] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!orgId) return;
    try {
      const items = await listCampaigns(orgId, await session.getAccessToken());
      // Campaigns saved on this device and not yet on the server stay listed.
      const local = (readCachedList(orgId)?.items ?? []).filter((i) => !items.some((s) => s.id === i.id));
      const next = { at: Date.now(), items: [...items, ...local.filter((i) => i.lastRun === null)] };
      writeCachedList(orgId, next);
      setList(next);
      setFresh(true);
      setError(null);
    } catch (e) {
      setList(readCachedList(orgId));
      setFresh(false);
      if (navigator.onLine) setError((e as Error).message);
    }
  }, [orgId, session]);
  useEffect(() => {
    if (online) void load();
    else setFresh(false);
  }, [load, online]);

  const items = list?.items ?? null;
  return (
    <div className="campaigns">
      <p>
        <ButtonLink to="/agent/quote-campaigns/create">New campaign</ButtonLink>
      </p>
      {!fresh && list && (
        <Alert tone="info" title="Offline">
          The campaigns on this device{list.at ? ` as of ${when(new Date(list.at).toISOString(), zone)}` : ""}
          . Changes you make are kept here and reach the server when the connection is back; run results need
          the server.
        </Alert>
      )}
      {!online && !list && (
        <Alert tone="warning">
          The campaigns list needs a connection the first time; it is kept on this device after.
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {items === null && online && !error && <p>Loading campaigns…</p>}
      {items?.length === 0 && (
        <p>No campaigns yet. Create one to send your customers today's quotes on a schedule.</p>
      )}
      {items?.map((c) => (
        <CampaignCard key={c.id} item={c} orgId={orgId as string} online={online} zone={zone} />
      ))}
    </div>
  );
}

interface CardProps {
  item: CampaignItem;
  orgId: string;
  online: boolean;
  /** The organisation's time zone (send times and "today"). */
  zone: string;
}

function CampaignCard({ item, orgId, online, zone }: CardProps) {
  const session = useSession();
  // The document keeps the campaign on this device (offline editing) and is what pause/resume write.
  const doc = useDocument<"campaign">(documentName.campaign(orgId, item.id));
  const stored = useMemo(() => campaignOf(doc.state?.data), [doc.state?.data]);
  const [log, setLog] = useState<SendEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const today = orgToday(zone);
  const status = stored ? settle(stored.campaign.status, stored.schedule, today) : item.status;
  const name = stored?.campaign.name ?? item.name;
  const plan = stored?.campaign.quote.plan ?? item.plan;
  const recipients = stored ? Object.keys(stored.recipients).length : item.recipients;
  const [next] =
    stored && (status === "ACTIVE" || status === "SCHEDULED")
      ? nextRuns(stored.schedule, zone, Date.now())
      : [];
  const nextSend = stored ? (next ? new Date(next.at).toISOString() : null) : item.nextSend;

  const act = (action: "pause" | "resume") => {
    if (!stored) return;
    const result = applyAction(stored.campaign.status, action, stored.schedule, today);
    if (!result.ok) return setProblem(result.message);
    try {
      doc.write((t) => t.set("campaign", ["status"], result.status));
      setProblem(null);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const showLog = async () => {
    try {
      setLog((await campaignRuns(orgId, item.id, await session.getAccessToken())).sends);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return (
    <Card>
      <h2>{name}</h2>
      <p>
        {plan.toUpperCase()} · <strong>{status}</strong> · next send {when(nextSend, zone)} · {recipients}{" "}
        {recipients === 1 ? "recipient" : "recipients"}
      </p>
      <p>
        Last run:{" "}
        {item.lastRun
          ? `${item.lastRun.runDate}: ${item.lastRun.sent} sent, ${item.lastRun.failed} failed, ${item.lastRun.skipped} skipped`
          : "none yet"}
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <p>
        <ButtonLink variant="secondary" to={`/agent/quote-campaigns/${encodeURIComponent(item.id)}/edit`}>
          Edit
        </ButtonLink>{" "}
        {(status === "ACTIVE" || status === "SCHEDULED") && (
          <Button variant="secondary" onClick={() => act("pause")} disabled={!stored}>
            Pause
          </Button>
        )}
        {status === "PAUSED" && (
          <Button variant="secondary" onClick={() => act("resume")} disabled={!stored}>
            Resume
          </Button>
        )}{" "}
        <Button variant="ghost" onClick={showLog} disabled={!online}>
          Run log
        </Button>
      </p>
      {!online && <p className="campaign-note">The run log is kept on the server: it needs a connection.</p>}
      {log && (
        <table>
          <thead>
            <tr>
              <th>Run</th>
              <th>Recipient</th>
              <th>Channel</th>
              <th>Result</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {log.length === 0 && (
              <tr>
                <td colSpan={5}>Nothing sent yet.</td>
              </tr>
            )}
            {log.map((s) => (
              <tr key={`${s.runDate}-${s.recipientId}-${s.channel}`}>
                <td>{s.runDate}</td>
                <td>{s.recipientId}</td>
                <td>{s.channel === "sms" ? "SMS" : "E-mail"}</td>
                <td>{sendStatusLabel(s.status)}</td>
                <td>{s.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
