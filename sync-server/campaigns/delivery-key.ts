import { z } from "zod";
import type { SendKey } from "./tables";

// What a provider carries back in its delivery callbacks so the server finds the sends a message was:
// organisation, run, recipient, channel and the campaigns of the message (a combined e-mail has several).
// SendGrid returns it in each event (custom_args → top-level fields of the event); Twilio in the query
// of the StatusCallback URL it calls (which its signature covers). Never a secret; ids only.

export interface DeliveryKey {
  orgId: string;
  runDate: string;
  recipientId: string;
  channel: "email" | "sms";
  campaignIds: string[];
}

const PREFIX = "rangeline_";
const id = z.string().min(1).max(128);
const schema = z.object({
  orgId: id,
  runDate: z.string().min(1).max(40),
  recipientId: id,
  channel: z.enum(["email", "sms"]),
  campaignIds: z.array(id).min(1).max(50),
});

/** The key as flat string fields (SendGrid custom_args; Twilio query parameters). */
export function deliveryFields(key: DeliveryKey): Record<string, string> {
  return {
    [`${PREFIX}org`]: key.orgId,
    [`${PREFIX}run`]: key.runDate,
    [`${PREFIX}recipient`]: key.recipientId,
    [`${PREFIX}channel`]: key.channel,
    [`${PREFIX}campaigns`]: key.campaignIds.join(","),
  };
}

/** The key read back from a callback's fields; null when they are not a whole key. */
export function deliveryKeyOf(fields: Record<string, unknown>): DeliveryKey | null {
  const read = (name: string) => {
    const value = fields[`${PREFIX}${name}`];
    return typeof value === "string" ? value : undefined;
  };
  const parsed = schema.safeParse({
    orgId: read("org"),
    runDate: read("run"),
    recipientId: read("recipient"),
    channel: read("channel"),
    campaignIds: read("campaigns")?.split(","),
  });
  return parsed.success ? parsed.data : null;
}

/** The send-log keys of a message. */
export const sendKeysOf = (key: DeliveryKey): SendKey[] =>
  key.campaignIds.map((campaignId) => ({
    campaignId,
    runDate: key.runDate,
    recipientId: key.recipientId,
    channel: key.channel,
  }));
