import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { dropFromOutbox, flushOutbox, type OutboxItem } from "./outbox";
import { outboxText } from "./outbox-text";

/** The applications sent from this device and what became of each. */
export function OutboxStatus({ items }: { items: OutboxItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="apply__outbox" aria-label="Your applications" data-testid="apply-outbox">
      <h2>Your applications from this device</h2>
      {items.map((item) => {
        const t = outboxText(item);
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
            </Alert>
          </div>
        );
      })}
    </section>
  );
}
