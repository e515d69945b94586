import { useEffect, useState } from "react";
import { useOrgBranding } from "../../lib/org/use-org-branding";
import { formatDateTimeIn, orgZoneOf } from "./org-time";

/** The signed-in user's organisation's time zone (Central until its settings are known or when unset). */
export function useOrgZone(): string {
  return orgZoneOf(useOrgBranding());
}

/** The time now, read again every minute (a day shown turns over without a reload). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Shows an instant as "Nov 27, 2026, 7:00 AM Central time" in the organisation's zone ("never" for none). */
export function useOrgDateTime(): (instant: string | number | null) => string {
  const zone = useOrgZone();
  return (instant) => (instant === null ? "never" : formatDateTimeIn(instant, zone));
}
