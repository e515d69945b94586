import { useEffect, useState } from "react";
import { todayCentral } from "../../../shared/book/dates";

/**
 * Today's date in Central time (RMA's calendar, as the agent hub counts), refreshed every minute so
 * "days left" turns over at midnight without a reload.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => todayCentral(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(todayCentral(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
