import { randomUUID } from "node:crypto";
import { nowMs } from "../../clock";
import type { Storage } from "../../storage/types";
import { checkSms, type SmsSender } from "./types";

/** The embedded default (no Twilio keys): texts go to campaign_sms_outbox, where a developer reads them. */
export const outboxSmsSender = (storage: Storage, from: string, now: () => number = nowMs): SmsSender => ({
  kind: "outbox",
  async send(message) {
    const m = checkSms(message);
    const id = randomUUID();
    await storage.campaigns.putSmsOutbox({
      id,
      createdAt: now(),
      to: m.to,
      from: m.from ?? from,
      body: m.body,
    });
    return { id };
  },
});
