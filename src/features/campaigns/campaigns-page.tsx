import { useCallback, useEffect, useState } from "react";
import {
  type CampaignItem,
  campaignAction,
  campaignRuns,
  listCampaigns,
  type SendEntry,
} from "../../components/campaigns/campaigns-client";
import { Alert } from "../../components/ui/alert";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { useSession } from "../../lib/auth/session";
import "./campaigns.css";

// The agent's quote campaigns (issue 12): status, next send, recipients and the last run's result;
// pause or resume; the per-run log (sent, failed, skipped and why). Read from the server (the send log
// lives there).

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—";

export default function CampaignsPage() {
  const session = useSession();
  const [items, setItems] = useState<CampaignItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<{ id: string; sends: SendEntry[] } | null>(null);

  const load = useCallback(async () => {
    if (!session.orgId) return;
    try {
      setItems(await listCampaigns(session.orgId, await session.getAccessToken()));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [session]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (id: string, action: "pause" | "resume") => {
    try {
      await campaignAction(session.orgId as string, id, action, await session.getAccessToken());
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const showLog = async (id: string) => {
    try {
      const r = await campaignRuns(session.orgId as string, id, await session.getAccessToken());
      setLog({ id, sends: r.sends });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="campaigns">
      <p>
        <ButtonLink to="/agent/quote-campaigns/create">New campaign</ButtonLink>
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {items === null && !error && <p>Loading campaigns…</p>}
      {items?.length === 0 && (
        <p>No campaigns yet. Create one to send your customers today's quotes on a schedule.</p>
      )}
      {items?.map((c) => (
        <Card key={c.id}>
          <h2>{c.name}</h2>
          <p>
            {c.plan.toUpperCase()} · <strong>{c.status}</strong> · next send {when(c.nextSend)} ·{" "}
            {c.recipients} {c.recipients === 1 ? "recipient" : "recipients"}
          </p>
          <p>
            Last run:{" "}
            {c.lastRun
              ? `${c.lastRun.runDate}: ${c.lastRun.sent} sent, ${c.lastRun.failed} failed, ${c.lastRun.skipped} skipped`
              : "none yet"}
          </p>
          <p>
            <ButtonLink variant="secondary" to={`/agent/quote-campaigns/${encodeURIComponent(c.id)}/edit`}>
              Edit
            </ButtonLink>{" "}
            {(c.status === "ACTIVE" || c.status === "SCHEDULED") && (
              <Button variant="secondary" onClick={() => act(c.id, "pause")}>
                Pause
              </Button>
            )}
            {c.status === "PAUSED" && (
              <Button variant="secondary" onClick={() => act(c.id, "resume")}>
                Resume
              </Button>
            )}{" "}
            <Button variant="ghost" onClick={() => showLog(c.id)}>
              Run log
            </Button>
          </p>
          {log?.id === c.id && (
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
                {log.sends.length === 0 && (
                  <tr>
                    <td colSpan={5}>Nothing sent yet.</td>
                  </tr>
                )}
                {log.sends.map((s) => (
                  <tr key={`${s.runDate}-${s.recipientId}-${s.channel}`}>
                    <td>{s.runDate}</td>
                    <td>{s.recipientId}</td>
                    <td>{s.channel === "sms" ? "SMS" : "E-mail"}</td>
                    <td>{s.status === "claimed" ? "sending" : s.status}</td>
                    <td>{s.reason ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      ))}
    </div>
  );
}
