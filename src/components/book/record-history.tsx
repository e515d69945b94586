import { useCallback, useEffect, useMemo, useState } from "react";
import type { ImportLogEntry } from "../../../shared/documents/import-log";
import { documentName } from "../../../shared/documents/names";
import { authorizedJson, ServerRefusal } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";
import { useDocument, useSyncStatus } from "../../lib/sync";
import { importOfRow, importWords } from "../document-history/import-labels";
import { useOrgZone } from "../org-time/use-org-time";
import { Button } from "../ui/button";
import {
  describeEntry,
  formatHistoryTime,
  groupHistory,
  type HistoryEntry,
  meaningfulFields,
  parseHistory,
} from "./history-entries";
import "./record-history.css";

// "History" of one record on a record page: who changed which field when, as the sync server saw it
// (its update log; names from its member table, not from any client). It needs a connection: offline
// it says so and keeps whatever it showed last.
//
//   <RecordHistory customerId={customerId} recordId={entity.id} changedAt={entity.updatedAt}
//                  fieldLabel={(field) => ENTITY_LABELS[field] ?? field} />
//
// `recordId` is the record's id (the profile's id is the customer id); without it, the history of the
// whole customer (every record, tax ids by field name only), where `describeRecord` names each record.
// `changedAt` (the record's `updatedAt`) makes the list reload after an edit; `fieldLabel` names a
// field path ("address.city") for people.

export interface RecordHistoryProps {
  customerId: string;
  /** One record's id; absent: every record of the customer. */
  recordId?: string;
  /** The record's `updatedAt`: the history is fetched again (after a short pause) when it changes. */
  changedAt?: string;
  /** A field's label for people (`section` tells records apart); default: the field's key. */
  fieldLabel?: (field: string, section: string) => string;
  /** The whole customer's history: names the record of an entry ("entity Casey Ranch LLC"). */
  describeRecord?: (section: string, recordId: string) => string;
  /** Heading text; default "History". */
  title?: string;
  /** Another history of the server's (e.g. a claim's: /api/orgs/{o}/claims/{c}/history); default the customer's. */
  url?: string;
  /**
   * One line per event in the record's own words (a claim's: CLAIMLOG1), from the grouped entries
   * (newest first); default: one line per group, described by `describeEntry`.
   */
  eventLines?: (groups: HistoryEntry[]) => { at: string; userId: string; user: string; words: string }[];
}

type Load =
  | { status: "idle" | "loading" }
  | { status: "loaded"; entries: HistoryEntry[] }
  | { status: "error"; message: string };

const historyUrl = (orgId: string, customerId: string, recordId: string | undefined) =>
  `/api/orgs/${encodeURIComponent(orgId)}/customers/${encodeURIComponent(customerId)}/history${
    recordId === undefined ? "" : `?record=${encodeURIComponent(recordId)}`
  }`;

async function fetchHistory(url: string, token: string, signal: AbortSignal): Promise<HistoryEntry[]> {
  try {
    return parseHistory(await authorizedJson<unknown>(url, token, { signal }));
  } catch (e) {
    const status = e instanceof ServerRefusal ? e.status : 0;
    if (status === 404) throw new Error("The server keeps no history for this record yet.");
    if (status === 401 || status === 403) throw new Error("You may not see this record's history.");
    throw e;
  }
}

export function RecordHistory({
  customerId,
  recordId,
  changedAt,
  fieldLabel = (field) => field,
  describeRecord,
  title = "History",
  url,
  eventLines,
}: RecordHistoryProps) {
  const session = useSession();
  const { socket } = useSyncStatus();
  const online = socket === "connected";
  // DATE1: times in the organisation's zone, named (not the device's).
  const zone = useOrgZone();
  const [load, setLoad] = useState<Load>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const { orgId, getAccessToken } = session;
  // The book's log of imports names the file of a change an import made (import-labels.ts); agents only.
  const book = useDocument<"book">(
    orgId && session.roles.includes("agent") ? documentName.book(orgId) : null,
  );
  const importLog = book.state?.data.imports;
  const imports = useMemo<ImportLogEntry[]>(() => Object.values(importLog ?? {}), [importLog]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: changedAt and attempt are reload triggers
  useEffect(() => {
    if (!online || !orgId) return;
    const controller = new AbortController();
    // A pause, so that typing (one change per key) reloads the list once, not per key.
    const timer = setTimeout(
      async () => {
        setLoad((l) => (l.status === "loaded" ? l : { status: "loading" }));
        try {
          const token = await getAccessToken();
          const entries = await fetchHistory(
            url ?? historyUrl(orgId, customerId, recordId),
            token,
            controller.signal,
          );
          setLoad({ status: "loaded", entries });
        } catch (e) {
          if (controller.signal.aborted) return;
          setLoad({ status: "error", message: e instanceof Error ? e.message : String(e) });
        }
      },
      // The server writes its history rows about once a second after a change.
      changedAt === undefined ? 0 : 1500,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [online, orgId, customerId, recordId, changedAt, attempt, getAccessToken, url]);

  const groups = load.status === "loaded" ? groupHistory(load.entries) : [];
  return (
    <section className="record-history" data-testid="record-history" aria-label={title}>
      <h3 className="record-history__title">{title}</h3>
      {!online ? (
        <p className="record-history__note" data-testid="history-offline">
          The history of changes needs a connection to the server; it shows once you are back online.
        </p>
      ) : null}
      {load.status === "loading" || (load.status === "idle" && online) ? (
        <p className="record-history__note">Loading the history…</p>
      ) : null}
      {load.status === "error" ? (
        <p className="record-history__note" role="status">
          {load.message}{" "}
          <Button variant="ghost" onClick={retry}>
            Try again
          </Button>
        </p>
      ) : null}
      {load.status === "loaded" && groups.length === 0 ? (
        <p className="record-history__note">No changes recorded yet.</p>
      ) : null}
      {groups.length > 0 && eventLines ? (
        <ol className="record-history__list">
          {eventLines(groups).map((line) => (
            <li key={`${line.at}-${line.userId}`} data-testid="history-entry">
              <time dateTime={line.at}>{formatHistoryTime(line.at, zone)}</time> <strong>{line.user}</strong>{" "}
              {line.words}
            </li>
          ))}
        </ol>
      ) : groups.length > 0 ? (
        <ol className="record-history__list">
          {groups.map((entry) => (
            <li
              key={`${entry.at}-${entry.userId}-${entry.recordId}-${entry.fields.join(",")}`}
              data-testid="history-entry"
            >
              <time dateTime={entry.at}>{formatHistoryTime(entry.at, zone)}</time>{" "}
              <EntryWords
                entry={entry}
                imported={importOfRow(entry, customerId, imports)}
                fieldLabel={fieldLabel}
                describeRecord={describeRecord}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** Who did what: "NAME changed City", or an import's "Imported from FILE by NAME" (import-labels.ts). */
function EntryWords({
  entry,
  imported,
  fieldLabel,
  describeRecord,
}: {
  entry: HistoryEntry;
  imported: ReturnType<typeof importOfRow>;
  fieldLabel: (field: string, section: string) => string;
  describeRecord?: (section: string, recordId: string) => string;
}) {
  if (!imported)
    return (
      <>
        <strong>{entry.user}</strong> {describeEntry(entry, fieldLabel, describeRecord)}
      </>
    );
  const words = importWords(imported);
  const changed =
    entry.action === "changed"
      ? meaningfulFields(entry.fields)
          .filter((f) => f !== "importId")
          .map((f) => fieldLabel(f, entry.section))
      : [];
  const what = describeRecord ? ` (${describeRecord(entry.section, entry.recordId)})` : "";
  return (
    <>
      {words.before}
      <strong>{entry.user}</strong>
      {words.after}
      {what}
      {changed.length > 0 ? `: ${[...new Set(changed)].join(", ")}` : ""}
    </>
  );
}
