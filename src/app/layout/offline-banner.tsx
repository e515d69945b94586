import { useOnline } from "../../lib/pwa/use-online";
import { useSyncStatus } from "../../lib/sync/react/hooks";

/**
 * A quiet notice while the device has no connection, for a visitor who is not signed in. Signed in, the
 * sync status says it (STATUS1: one status, from one source).
 */
export function OfflineBanner() {
  const online = useOnline();
  const { signedIn } = useSyncStatus();
  if (online || signedIn) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline. Rangeline keeps working with what is stored on this device.
    </p>
  );
}
