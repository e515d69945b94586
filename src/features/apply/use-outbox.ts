import { useEffect, useState } from "react";
import { flushOutbox, type OutboxItem, readOutbox, refreshStatuses } from "./outbox";

/** The outbox, kept current; sends what waits when the connection returns and every 20 s. */
export function useOutbox(): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>(() => readOutbox());
  useEffect(() => {
    const reread = () => setItems(readOutbox());
    const send = () => void flushOutbox().then(() => refreshStatuses());
    window.addEventListener("rangeline-apply-outbox", reread);
    window.addEventListener("storage", reread);
    window.addEventListener("online", send);
    send();
    const timer = setInterval(send, 20_000);
    return () => {
      window.removeEventListener("rangeline-apply-outbox", reread);
      window.removeEventListener("storage", reread);
      window.removeEventListener("online", send);
      clearInterval(timer);
    };
  }, []);
  return items;
}
