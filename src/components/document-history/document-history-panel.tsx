import { useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  type DocumentHistory,
  type HistoryChange,
  type HistoryDocument,
  justBefore,
  listDocuments,
  type PastState,
  readHistory,
  readState,
  recordLabel,
  restore,
} from "./history-api";
import "./document-history.css";
import { useOrgDateTime } from "../../components/org-time/use-org-time";
import { importWords } from "./import-labels";

// docs/hardening.md: an administrator picks one of the organisation's documents, sees its changes of the
// last 30 days by time and author, looks at it as it was just before a change, and restores one
// record or the whole document to that point. A restore is a new change: everyone connected sees it
// at once, and nothing written later is lost (it stays in the history).

const who = (c: { userName: string | null; userEmail: string | null; userId: string | null }) =>
  c.userName ?? c.userEmail ?? (c.userId ? c.userId : "The server");

/** The author, or "Imported from FILE by NAME" for a change a book import wrote (import-labels.ts). */
const byline = (c: HistoryChange) => {
  if (!c.import) return who(c);
  const words = importWords({ kind: "imported", fileName: c.import.fileName });
  return `${words.before}${who(c)}${words.after}`;
};

export interface DocumentHistoryPanelProps {
  orgId: string;
  getAccessToken: () => Promise<string>;
}

type Message = { tone: "success" | "error"; text: string } | null;

function DocumentHistoryPanel({ orgId, getAccessToken }: DocumentHistoryPanelProps) {
  const [documents, setDocuments] = useState<HistoryDocument[] | null>(null);
  const [document, setDocument] = useState("");
  const [history, setHistory] = useState<DocumentHistory | null>(null);
  const [point, setPoint] = useState<{ at: number; state: PastState } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const when = useOrgDateTime();

  useEffect(() => {
    listDocuments(getAccessToken, orgId).then(
      (r) => setDocuments(r.documents),
      (e: Error) => setMessage({ tone: "error", text: e.message }),
    );
  }, [orgId, getAccessToken]);

  const load = async (name: string) => {
    setDocument(name);
    setHistory(null);
    setPoint(null);
    setConfirming(false);
    setMessage(null);
    if (!name) return;
    try {
      setHistory(await readHistory(getAccessToken, orgId, name));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };

  const show = async (at: number) => {
    setConfirming(false);
    setMessage(null);
    try {
      setPoint({ at, state: await readState(getAccessToken, orgId, document, at) });
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  };

  const restoreTo = async (target: { section?: string; key?: string }) => {
    if (!point) return;
    setBusy(true);
    try {
      const result = await restore(getAccessToken, orgId, { document, at: point.at, ...target });
      const what = target.section
        ? recordLabel({ section: target.section, key: target.key ?? null })
        : "The document";
      setMessage({
        tone: "success",
        text: result.changed
          ? `${what} is restored to ${when(new Date(point.at).toISOString())}. Everyone connected sees it now.`
          : `${what} already reads as it did then: nothing to restore.`,
      });
      setConfirming(false);
      setHistory(await readHistory(getAccessToken, orgId, document));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="doc-history" aria-labelledby="doc-history-title" data-testid="document-history">
      <h2 id="doc-history-title">Document history</h2>
      <p className="doc-history__intro">
        Every change of the last 30 days, by time and author. Restore a record or a whole document to how it
        was just before a change: the restore is a new change, so nothing written since is lost.
      </p>
      <label className="doc-history__pick">
        <span>Document</span>
        <select
          className="book-input"
          value={document}
          onChange={(e) => void load(e.target.value)}
          disabled={documents === null}
        >
          <option value="">{documents === null ? "Loading…" : "Choose a document"}</option>
          {(documents ?? []).map((d) => (
            <option key={d.name} value={d.name}>
              {d.kind}
              {d.id ? ` ${d.id}` : ""}
            </option>
          ))}
        </select>
      </label>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {history ? (
        <div className="doc-history__changes">
          <p className="doc-history__since">
            {history.total} change(s)
            {Date.parse(history.since) > 0
              ? ` since ${when(history.since)}`
              : " since the document was created"}
            {history.changes.length < history.total ? `; the latest ${history.changes.length} shown` : ""}.
          </p>
          <ol className="doc-history__list" aria-label="Changes, newest first">
            {history.changes.map((c) => (
              <li key={c.seq} className="doc-history__change">
                <span className="doc-history__when">{when(c.at)}</span>
                <span className="doc-history__who">{byline(c)}</span>
                <span className="doc-history__records">
                  {c.records.length > 0 ? c.records.map(recordLabel).join(", ") : "—"}
                </span>
                <Button variant="secondary" onClick={() => void show(justBefore(c.at))}>
                  Before this change
                </Button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {point ? (
        <div className="doc-history__point" data-testid="document-history-point">
          <h3>As it was at {when(new Date(point.at).toISOString())}</h3>
          {Object.entries(point.state.sections).map(([section, records]) => {
            const keys = Object.keys(records);
            if (!point.state.recordSections.includes(section)) {
              return (
                <div key={section} className="doc-history__section">
                  <h4>{section}</h4>
                  <div className="doc-history__record">
                    <details>
                      <summary>{keys.length > 0 ? `${keys.length} field(s)` : "empty"}</summary>
                      <pre>{JSON.stringify(records, null, 2)}</pre>
                    </details>
                    <Button variant="ghost" disabled={busy} onClick={() => void restoreTo({ section })}>
                      Restore {section}
                    </Button>
                  </div>
                </div>
              );
            }
            return (
              <div key={section} className="doc-history__section">
                <h4>
                  {section} <span className="doc-history__count">({keys.length})</span>
                </h4>
                <ul>
                  {keys.map((key) => (
                    <li key={key} className="doc-history__record">
                      <details>
                        <summary>{key}</summary>
                        <pre>{JSON.stringify(records[key], null, 2)}</pre>
                      </details>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        onClick={() => void restoreTo({ section, key })}
                      >
                        Restore {key}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
          {confirming ? (
            <Alert
              tone="warning"
              title="Restore the whole document?"
              actions={
                <>
                  <Button disabled={busy} onClick={() => void restoreTo({})}>
                    Restore document
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </>
              }
            >
              Every record reads as it did then; records made since are removed, and all of it stays in the
              history.
            </Alert>
          ) : (
            <Button onClick={() => setConfirming(true)}>Restore the whole document to this point</Button>
          )}
        </div>
      ) : null}
    </section>
  );
}

export default DocumentHistoryPanel;
