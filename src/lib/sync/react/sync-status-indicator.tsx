import { useOnline } from "../../pwa/use-online";
import { useSyncStatus } from "./hooks";
import { RefusedRecords } from "./refused-records";
import { useUnsavedFieldCount } from "./unsaved-fields";
import "./sync-status.css";

export type SyncIndicatorState = "online" | "offline" | "syncing" | "connecting" | "unsaved";

/**
 * What the indicator says, from the sync status (pure, so it is tested on its own): "all changes saved"
 * only when nothing is pending, the server has refused no copy of this device (docs/hardening.md), and no field
 * typed here waits unwritten for its problem to be fixed (docs/sync-rules.md TEXT1).
 */
export function describeSyncStatus(status: {
  socket: string;
  pending: number;
  syncing: boolean;
  refused?: number;
  /** Fields typed on this device that wait, unwritten, for a problem to be fixed. */
  unsaved?: number;
  /** STATUS1: whether the browser has a network connection (false: offline, whatever the socket last said). */
  online?: boolean;
}): {
  state: SyncIndicatorState;
  label: string;
  detail: string;
} {
  const refused = status.refused ?? 0;
  const unsaved = status.unsaved ?? 0;
  const notSaved = `${refused} ${refused === 1 ? "record" : "records"} not saved to the server`;
  // The pending count is of edited fields and records (docs/sync-rules.md TEXT1), not of keystrokes.
  const changes = [
    status.pending > 0
      ? `${status.pending} ${status.pending === 1 ? "edit" : "edits"} not yet on the server`
      : "",
    refused > 0 ? notSaved : "",
    unsaved > 0
      ? `${unsaved} ${unsaved === 1 ? "field" : "fields"} not saved until ${unsaved === 1 ? "its" : "their"} problem is fixed`
      : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const unsent = status.pending > 0 || refused > 0 || unsaved > 0;
  // STATUS1: one status from one source: a device with no network is offline, even before the socket
  // notices (after an offline reload it has not tried yet), and no second "You are offline" is shown.
  if (status.socket === "disconnected" || status.online === false)
    return {
      state: "offline",
      label: "Offline",
      detail: unsent ? changes : "working with what is on this device",
    };
  if (status.socket === "connecting") return { state: "connecting", label: "Connecting…", detail: changes };
  if (status.syncing || status.pending > 0) return { state: "syncing", label: "Syncing…", detail: changes };
  if (refused > 0 || unsaved > 0) return { state: "unsaved", label: "Online", detail: changes };
  return { state: "online", label: "Online", detail: "all changes saved" };
}

/** Why an organisation's records left the device (docs/administration.md: the platform disabled it). */
export const disabledOrgsMessage = (orgIds: readonly string[]): string =>
  `${orgIds.length === 1 ? "Your organisation" : "Your organisations"} ${orgIds.join(", ")} ${orgIds.length === 1 ? "was" : "were"} disabled by the Rangeline platform: you are signed out of ${orgIds.length === 1 ? "its" : "their"} records, and they were removed from this device. Ask your agency or Rangeline support to enable ${orgIds.length === 1 ? "it" : "them"} again.`;

/** The sync status, shown in the app's header on every screen while signed in. */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  const unsaved = useUnsavedFieldCount();
  const online = useOnline();
  if (!status.signedIn) return null;
  const { state, label, detail } = describeSyncStatus({
    ...status,
    refused: status.refused.length,
    unsaved,
    online,
  });
  return (
    <>
      {status.disabledOrgs.length > 0 ? (
        <p className="sync-status__notice" role="alert" data-testid="org-disabled-notice">
          {disabledOrgsMessage(status.disabledOrgs)}
        </p>
      ) : null}
      <RefusedRecords records={status.refused} />
      <p
        className={`sync-status sync-status--${state}`}
        data-testid="sync-status"
        data-state={state}
        data-pending={status.pending}
        aria-live="polite"
      >
        <span className="sync-status__dot" aria-hidden="true" />
        <span className="sync-status__label">{label}</span>
        {detail ? <span className="sync-status__detail"> · {detail}</span> : null}
      </p>
    </>
  );
}
