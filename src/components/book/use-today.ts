import { useEffect, useState } from "react";
import { todayCentral } from "../../../shared/book/dates";

/**
 * Today's date (YYYY-MM-DD) in Central time, the time zone of RMA's calendar that the book's date rules
 * (shared/book/dates.ts) count in; checked every minute, so "days left" turns over without a reload.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => todayCentral(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(todayCentral(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
