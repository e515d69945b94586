import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { dropFromOutbox, flushOutbox, type OutboxItem } from "./outbox";

const TEXT: Record<OutboxItem["state"], { tone: "info" | "success" | "warning" | "error"; text: string }> = {
  waiting: {
    tone: "warning",
    text: "Waiting for a connection: it is kept on this device and sent as soon as you are online.",
  },
  sending: { tone: "info", text: "Sending…" },
  received: { tone: "success", text: "Received by your agency. An agent will review it and contact you." },
  accepted: { tone: "success", text: "Accepted by your agency: your agent is setting up your policy." },
  declined: { tone: "error", text: "Declined by your agency." },
  refused: { tone: "error", text: "Not accepted by the server." },
};

/** The applications sent from this device and what became of each. */
export function OutboxStatus({ items }: { items: OutboxItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="apply__outbox" aria-label="Your applications" data-testid="apply-outbox">
      <h2>Your applications from this device</h2>
      {items.map((item) => {
        const t = TEXT[item.state];
        return (
          <div key={item.id} data-testid="apply-outbox-item" data-state={item.state}>
            <Alert
              tone={t.tone}
              title={item.applicantName}
              actions={
                item.state === "waiting" ? (
                  <Button variant="secondary" onClick={() => void flushOutbox()}>
                    Try now
                  </Button>
                ) : item.state === "refused" || item.state === "declined" ? (
                  <Button variant="ghost" onClick={() => dropFromOutbox(item.id)}>
                    Dismiss
                  </Button>
                ) : undefined
              }
            >
              {t.text}
              {item.message ? <> Reason: {item.message}</> : null}
            </Alert>
          </div>
        );
      })}
    </section>
  );
}
