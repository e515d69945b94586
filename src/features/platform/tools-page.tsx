import { useCallback, useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/auth/session";
import { MarketUpload } from "./market-upload";
import { platformFetch } from "./platform-api";
import { type Violation, ViolationItem } from "./violation-item";
import "./platform.css";
import { platformDateTime } from "./platform-time";

interface Status {
  version: string;
  node: string;
  storage: string;
  documents: number;
  organisations: number;
  uptimeSeconds: number;
  memoryMb: number;
}
interface Message {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  text: string;
}
interface JobRun {
  job: string;
  runKey: string;
  status: "running" | "done" | "failed";
  owner: string;
  startedAt: string;
  finishedAt: string | null;
}
interface TextMessage {
  id: string;
  createdAt: string;
  to: string;
  from: string;
  body: string;
}
const JOB_NAMES: Record<string, string> = { "market-fetch": "Market data fetch" };
const RUN_STATUS: Record<JobRun["status"], string> = { running: "running", done: "done", failed: "failed" };

/**
 * /settings/tools (superAdmin): the platform's health — server, market data (with the upload of RMA
 * files), job runs, refused document writes, the e-mail and text-message outboxes.
 */
export default function ToolsPage() {
  const { getAccessToken } = useSession();
  const [status, setStatus] = useState<Status | null>(null);
  const [market, setMarket] = useState<{ asOf: string; label: string; source: string } | null>(null);
  const [failures, setFailures] = useState<
    { job: string; runKey: string; attempt: number; at: number; message: string }[]
  >([]);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [outbox, setOutbox] = useState<Message[]>([]);
  const [jobs, setJobs] = useState<{ configured: boolean; runs: JobRun[] } | null>(null);
  const [texts, setTexts] = useState<TextMessage[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  const load = useCallback(async () => {
    const problems: string[] = [];
    const attempt = async <T,>(what: string, run: () => Promise<T>, use: (v: T) => void) => {
      try {
        use(await run());
      } catch (e) {
        problems.push(`${what}: ${(e as Error).message}`);
      }
    };
    await Promise.all([
      attempt("Server", () => platformFetch<Status>(getAccessToken, "/api/platform/status"), setStatus),
      attempt(
        "Market snapshot",
        async () => {
          const r = await fetch("/api/market/current");
          if (!r.ok)
            throw new Error(
              ((await r.json().catch(() => ({}))) as { message?: string }).message ?? String(r.status),
            );
          return (await r.json()) as { asOf: string; label: string; source: string };
        },
        (m) => setMarket({ asOf: m.asOf, label: m.label, source: m.source }),
      ),
      attempt(
        "Market fetch failures",
        () =>
          platformFetch<{ failures: typeof failures }>(getAccessToken, "/api/market/fetch-failures?limit=20"),
        (v) => setFailures(v.failures),
      ),
      attempt(
        "Refused writes",
        () =>
          platformFetch<{ violations: Violation[] }>(
            getAccessToken,
            "/api/platform/sync-violations?limit=50",
          ),
        (v) => setViolations(v.violations),
      ),
      attempt(
        "Outbox",
        () => platformFetch<{ messages: Message[] }>(getAccessToken, "/api/platform/outbox?limit=20"),
        (v) => setOutbox(v.messages),
      ),
      attempt(
        "Job runs",
        () =>
          platformFetch<{ configured: boolean; runs: JobRun[] }>(
            getAccessToken,
            "/api/platform/jobs?limit=30",
          ),
        setJobs,
      ),
      attempt(
        "Text messages",
        () => platformFetch<{ messages: TextMessage[] }>(getAccessToken, "/api/platform/sms-outbox?limit=20"),
        (v) => setTexts(v.messages),
      ),
    ]);
    setErrors(problems);
  }, [getAccessToken]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="platform" data-testid="tools-page">
      <p className="platform__intro">
        The platform's health, across every agency: the server, the market data every quote uses (and the
        upload of RMA files when a fetch was missed), scheduled jobs, writes the server refused, and the
        messages kept while no e-mail or SMS provider is configured.
      </p>
      <div className="book-form__actions">
        <Button variant="secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {errors.map((e) => (
        <Alert key={e} tone="error">
          {e}
        </Alert>
      ))}
      <section className="platform__section" aria-labelledby="server-title">
        <h2 id="server-title">Server</h2>
        {status ? (
          <dl className="platform__facts" data-testid="server-status">
            <dt>Version</dt>
            <dd>{status.version}</dd>
            <dt>Node</dt>
            <dd>{status.node}</dd>
            <dt>Storage</dt>
            <dd>{status.storage === "postgres" ? "PostgreSQL" : "SQLite"}</dd>
            <dt>Documents</dt>
            <dd>{status.documents}</dd>
            <dt>Organisations</dt>
            <dd>{status.organisations}</dd>
            <dt>Up for</dt>
            <dd>{Math.round(status.uptimeSeconds / 60)} min</dd>
            <dt>Memory</dt>
            <dd>{status.memoryMb} MB</dd>
          </dl>
        ) : null}
      </section>
      <section className="platform__section" aria-labelledby="market-title">
        <h2 id="market-title">Market data</h2>
        {market ? (
          <p data-testid="market-status">
            Snapshot of <strong>{market.asOf}</strong> — {market.label} (source: {market.source}).
          </p>
        ) : null}
        <h3>Failed fetches</h3>
        {failures.length === 0 ? (
          <p className="book-form__help">None recorded.</p>
        ) : (
          <ul>
            {failures.map((f) => (
              <li key={`${f.runKey}-${f.attempt}-${f.at}`}>
                {platformDateTime(f.at)} — {f.job} {f.runKey}, attempt {f.attempt}: {f.message}
              </li>
            ))}
          </ul>
        )}
        <MarketUpload getAccessToken={getAccessToken} onPublished={() => void load()} />
      </section>
      <section className="platform__section" aria-labelledby="jobs-title">
        <h2 id="jobs-title">Job runs</h2>
        {jobs && !jobs.configured ? (
          <p className="book-form__help">
            No scheduled job runs on this server: no market feed is configured (MARKET_* settings).
          </p>
        ) : null}
        {jobs?.configured && jobs.runs.length === 0 ? <p className="book-form__help">No run yet.</p> : null}
        {jobs && jobs.runs.length > 0 ? (
          <div className="platform__table-wrap">
            <table className="platform__table" data-testid="job-runs">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">For</th>
                  <th scope="col">Status</th>
                  <th scope="col">Started</th>
                  <th scope="col">Finished</th>
                </tr>
              </thead>
              <tbody>
                {jobs.runs.map((r) => (
                  <tr key={`${r.job}-${r.runKey}`} data-status={r.status}>
                    <td>{JOB_NAMES[r.job] ?? r.job}</td>
                    <td>{r.runKey}</td>
                    <td>{RUN_STATUS[r.status]}</td>
                    <td>{platformDateTime(r.startedAt)}</td>
                    <td>{r.finishedAt ? platformDateTime(r.finishedAt) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section className="platform__section" aria-labelledby="violations-title">
        <h2 id="violations-title">Refused document writes</h2>
        {violations.length === 0 ? (
          <p className="book-form__help">None recorded.</p>
        ) : (
          <ul data-testid="violations">
            {violations.map((v) => (
              <ViolationItem key={v.id} violation={v} />
            ))}
          </ul>
        )}
      </section>
      <section className="platform__section" aria-labelledby="outbox-title">
        <h2 id="outbox-title">Outbox</h2>
        <h3>E-mail</h3>
        <p className="book-form__help">
          Messages kept here instead of sent, while no SMTP server is configured (SMTP_URL): invitations,
          campaign e-mails, alerts.
        </p>
        {outbox.length === 0 ? (
          <p className="book-form__help">Empty.</p>
        ) : (
          <ul data-testid="outbox">
            {outbox.map((m) => (
              <li key={m.id}>
                {platformDateTime(m.createdAt)} — to {m.to}: <strong>{m.subject}</strong>
                <details>
                  <summary>Text</summary>
                  <pre className="platform__pre">{m.text}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
        <h3>Text messages</h3>
        <p className="book-form__help">Campaign texts kept here while no SMS provider is configured.</p>
        {texts.length === 0 ? (
          <p className="book-form__help">Empty.</p>
        ) : (
          <ul data-testid="sms-outbox">
            {texts.map((m) => (
              <li key={m.id}>
                {platformDateTime(m.createdAt)} — to {m.to}: {m.body}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
