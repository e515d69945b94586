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

/** The sync status, shown in the app's header on every screen while signed in. */
export function SyncStatusIndicator() {
  const status = useSyncStatus();
  if (!status.signedIn) return null;
  const { state, label, detail } = describeSyncStatus(status);
  return (
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
  );
}
