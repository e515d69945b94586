import { useSyncStatus } from "./hooks";
import "./sync-status.css";

export type SyncIndicatorState = "online" | "offline" | "syncing" | "connecting";

/** What the indicator says, from the sync status (pure, so it is tested on its own). */
export function describeSyncStatus(status: { socket: string; pending: number; syncing: boolean }): {
  state: SyncIndicatorState;
  label: string;
  detail: string;
} {
  const changes = `${status.pending} ${status.pending === 1 ? "change" : "changes"} not yet on the server`;
  if (status.socket === "disconnected")
    return {
      state: "offline",
      label: "Offline",
      detail: status.pending > 0 ? changes : "working with what is on this device",
    };
  if (status.socket === "connecting")
    return { state: "connecting", label: "Connecting…", detail: status.pending > 0 ? changes : "" };
  if (status.syncing || status.pending > 0)
    return { state: "syncing", label: "Syncing…", detail: status.pending > 0 ? changes : "" };
  return { state: "online", label: "Online", detail: "all changes saved" };
}

/** Why an organisation's records left the device (issue 13 §4: the platform disabled it). */
export const disabledOrgsMessage = (orgIds: readonly string[]): string =>
  `${orgIds.length === 1 ? "Your organisation" : "Your organisations"} ${orgIds.join(", ")} ${orgIds.length === 1 ? "was" : "were"} disabled by the Rangeline platform: you are signed out of ${orgIds.length === 1 ? "its" : "their"} records, and they were removed from this device. Ask your agency or Rangeline support to enable ${orgIds.length === 1 ? "it" : "them"} again.`;

/** The sync status, shown in the app's header on every screen while signed in. */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  if (!status.signedIn) return null;
  const { state, label, detail } = describeSyncStatus(status);
  return (
    <>
      {status.disabledOrgs.length > 0 ? (
        <p className="sync-status__notice" role="alert" data-testid="org-disabled-notice">
          {disabledOrgsMessage(status.disabledOrgs)}
        </p>
      ) : null}
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
