import { useState } from "react";
import type { ImportLogEntry } from "../../../shared/documents/import-log";
import { formatHistoryTime } from "../../components/book/history-entries";
import { useOrgZone } from "../../components/org-time/use-org-time";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { plural, type UndoReport, undoImport, undoSentence } from "./undo-api";

// The book's imports, newest first (the book document's `imports`): file, who, when, what each did,
// and its Undo. The undo asks the server first what it would do (a dry run), says it, and is done only
// when the agent confirms; it needs a connection (the history it works from is the server's).

export interface ImportListProps {
  orgId: string;
  imports: readonly ImportLogEntry[];
  /** A member's name by user id (the organisation's member directory). */
  nameOf(userId: string): string;
  online: boolean;
  getAccessToken(): Promise<string>;
}

type Pending = { entry: ImportLogEntry; report: UndoReport } | null;

export function ImportList({ orgId, imports, nameOf, online, getAccessToken }: ImportListProps) {
  const [pending, setPending] = useState<Pending>(null);
  // DATE1: times in the organisation's zone, named (not the device's).
  const zone = useOrgZone();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const sorted = [...imports].sort((a, b) => b.at.localeCompare(a.at));

  const ask = async (entry: ImportLogEntry) => {
    setBusy(entry.id);
    setMessage(null);
    try {
      setPending({ entry, report: await undoImport(getAccessToken, orgId, entry.id, true) });
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };
  const undo = async (entry: ImportLogEntry) => {
    setBusy(entry.id);
    try {
      const report = await undoImport(getAccessToken, orgId, entry.id, false);
      setPending(null);
      setMessage({
        tone: "success",
        text: `${report.fileName} is undone: ${plural(report.removed, "record")} removed, ${plural(report.restored, "record")} given back their earlier values.`,
      });
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="book-import__history" aria-labelledby="imports-title" data-testid="imports">
      <h2 id="imports-title">Imports</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {sorted.length === 0 ? (
        <p className="book-import__muted">No file has been imported into this book yet.</p>
      ) : null}
      {!online && sorted.some((e) => !e.undoneAt) ? (
        <p className="book-import__muted">Undoing an import needs a connection to the server.</p>
      ) : null}
      <ul className="book-import__imports">
        {sorted.map((entry) => (
          <li key={entry.id} className="book-import__import" data-testid="import-entry">
            <div>
              <strong>{entry.fileName}</strong>{" "}
              <span className="book-import__muted">
                imported by {nameOf(entry.by)}, {formatHistoryTime(entry.at, zone)}
              </span>
            </div>
            <div className="book-import__muted">
              {entry.created} created, {entry.updated} updated, {entry.unchanged} unchanged,{" "}
              {plural(entry.refused, "row")} refused
              {entry.undoneAt
                ? ` · undone by ${nameOf(entry.undoneBy ?? "")}, ${formatHistoryTime(entry.undoneAt, zone)}`
                : ""}
            </div>
            {entry.undoneAt ? null : pending?.entry.id === entry.id ? (
              <Alert
                tone="warning"
                title={`Undo ${entry.fileName}?`}
                actions={
                  <>
                    <Button disabled={busy !== null} onClick={() => void undo(entry)}>
                      Undo the import
                    </Button>
                    <Button variant="secondary" disabled={busy !== null} onClick={() => setPending(null)}>
                      Keep it
                    </Button>
                  </>
                }
              >
                {undoSentence(pending.report)}
              </Alert>
            ) : (
              <Button
                variant="secondary"
                disabled={!online || busy !== null}
                onClick={() => void ask(entry)}
                aria-label={`Undo ${entry.fileName}`}
              >
                Undo
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
