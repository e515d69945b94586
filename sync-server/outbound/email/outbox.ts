import { randomUUID } from "node:crypto";
import { nowMs } from "../../clock";
import type { Storage } from "../../storage/types";
import { checkMessage, type EmailMessage, type EmailSender } from "./types";

/**
 * The embedded default: messages go to the `email_outbox` table, where a developer reads them
 * (GET /api/platform/outbox, superAdmin) — nothing leaves the machine.
 */
export function outboxSender(storage: Storage, now: () => number = nowMs): EmailSender {
  return {
    kind: "outbox",
    async send(message: EmailMessage) {
      checkMessage(message);
      const id = `outbox-${randomUUID()}`;
      await storage.platform.putOutbox({
        id,
        createdAt: now(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: message.headers ?? {},
      });
      return { id };
    },
  };
}
