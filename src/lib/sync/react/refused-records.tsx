import { exportFileName, exportText, type RefusedRecord, refusalMessage } from "../refused-copy";
import { useSyncClient } from "./sync-context";

/** Downloads `text` as a JSON file named `fileName` (a link to a blob, clicked). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The records whose copy on this device the server refused (docs/hardening.md): each says so plainly, and offers
 * to send it again, to export it as JSON, or to take the server's copy instead (the only way the
 * device's copy is given up).
 */
export function RefusedRecords({ records }: { records: readonly RefusedRecord[] }) {
  const client = useSyncClient();
  if (records.length === 0 || !client) return null;
  return (
    <div className="sync-refused" data-testid="refused-records">
      {records.map(({ name, label, refusal }) => {
        const document = () => client.opened(name);
        return (
          <div
            key={name}
            className="sync-status__notice"
            role="alert"
            data-testid="refused-record"
            data-document={name}
          >
            <p className="sync-refused__text">
              <strong>{label}</strong> — {refusalMessage(refusal)}
            </p>
            <div className="sync-refused__actions">
              <button type="button" onClick={() => document()?.sendAgain()}>
                Send again
              </button>
              <button
                type="button"
                onClick={() => {
                  const state = document()?.getState();
                  if (state) download(exportFileName(name), exportText(name, state.refusal, state.data));
                }}
              >
                Export
              </button>
              <button type="button" onClick={() => void document()?.useServerCopy()}>
                Use the server's copy
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
