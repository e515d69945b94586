import { useEffect, useState } from "react";

/** Today's date on this device as YYYY-MM-DD (local calendar day). */
export function localIsoDate(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** Today's date, refreshed every minute, so "days left" turns over at midnight without a reload. */
export function useToday(): string {
  const [today, setToday] = useState(() => localIsoDate(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localIsoDate(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
