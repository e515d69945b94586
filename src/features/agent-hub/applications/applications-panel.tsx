import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDayIn, orgZoneOf } from "../../../components/org-time/org-time";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../../lib/auth/session";
import { useOrgBranding } from "../../../lib/org/use-org-branding";
import { type ApplicationItem, listApplications } from "./applications-api";

/** The organisation's applications waiting for a decision (read from the server: they are not synced). */
export function ApplicationsPanel() {
  const session = useSession();
  const { orgId, getAccessToken } = session;
  const [state, setState] = useState<{ items?: ApplicationItem[]; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const branding = useOrgBranding();
  const zone = orgZoneOf(branding);
  // The link says whose it is: the agency's name (its settings), never its id in a path.
  const agencyName =
    typeof branding?.name === "string" && branding.name.trim() ? branding.name.trim() : "your agency";
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads
  useEffect(() => {
    if (!orgId) return;
    let live = true;
    const load = async () => {
      try {
        const items = await listApplications(orgId, await getAccessToken());
        if (live) setState({ items });
      } catch (e) {
        if (live) setState({ error: e instanceof Error ? e.message : String(e) });
      }
    };
    void load();
    const timer = setInterval(load, 60_000);
    window.addEventListener("online", load);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("online", load);
    };
  }, [orgId, getAccessToken, attempt]);

  if (state.error)
    return (
      <Alert
        tone="warning"
        actions={
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        }
      >
        Applications could not be loaded ({state.error}). They are read from the server: connect and retry.
      </Alert>
    );
  if (!state.items) return <p className="agent-hub__note">Loading applications…</p>;
  const waiting = state.items.filter((i) => i.status === "received");
  if (waiting.length === 0)
    return (
      <p className="agent-hub__note">
        No application is waiting. Producers apply through{" "}
        <Link to={`/insurance/apply?org=${encodeURIComponent(orgId ?? "")}`}>
          {agencyName === "your agency"
            ? "your agency's application link"
            : `${agencyName}'s application link`}
        </Link>
        : share that link.
      </p>
    );
  return (
    <ul className="agent-hub__items" data-testid="hub-applications">
      {waiting.map((i) => (
        <li key={i.id}>
          <Link to={`/agent?application=${encodeURIComponent(i.id)}`} className="agent-hub__title">
            {i.applicantName}
          </Link>
          <span>
            {i.plans.map((p) => p.toUpperCase()).join(" and ")} · {i.applicantType} · {i.state}
          </span>
          <span>received {formatDayIn(i.receivedAt, zone)}</span>
        </li>
      ))}
    </ul>
  );
}
