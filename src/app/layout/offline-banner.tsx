import { useOnline } from "../../lib/pwa/use-online";

/** A quiet notice while the device has no connection. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline. Rangeline keeps working with what is stored on this device.
    </p>
  );
}
