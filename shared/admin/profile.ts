import { z } from "zod";
import { phoneSchema } from "../schemas/formats";

// The user's own profile (docs/administration.md): name, mobile phone, what they are told and how, and their
// consent to text messages with the date it was given (the server sets the date).

export const NOTIFICATION_TOPICS = {
  quoteCampaigns: "Quote campaigns from your agency",
  priceAlerts: "Price alerts on saved setups",
  coverageReminders: "Coverage reminders (premium due, ending soon)",
  claimDeadlines: "Claim filing deadlines",
} as const;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;

const channels = z.strictObject({ email: z.boolean(), sms: z.boolean() });

export const notificationPreferencesSchema = z.strictObject({
  quoteCampaigns: channels,
  priceAlerts: channels,
  coverageReminders: channels,
  claimDeadlines: channels,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  quoteCampaigns: { email: true, sms: false },
  priceAlerts: { email: true, sms: false },
  coverageReminders: { email: true, sms: false },
  claimDeadlines: { email: true, sms: false },
};

export const SMS_NEEDS_CONSENT = "Text messages need your consent to receive them (tick the box above).";
export const SMS_NEEDS_PHONE = "Text messages need a mobile phone number.";

/** What the user sends: the server adds the consent date and keeps the e-mail from the identity. */
export const profileUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1, "enter your name").max(200, "keep your name to 200 characters"),
    mobilePhone: phoneSchema.nullable(),
    notifications: notificationPreferencesSchema,
    smsConsent: z.boolean(),
  })
  .superRefine((p, ctx) => {
    for (const topic of Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[]) {
      if (!p.notifications[topic].sms) continue;
      if (!p.smsConsent)
        ctx.addIssue({ code: "custom", path: ["notifications", topic, "sms"], message: SMS_NEEDS_CONSENT });
      else if (!p.mobilePhone)
        ctx.addIssue({ code: "custom", path: ["notifications", topic, "sms"], message: SMS_NEEDS_PHONE });
    }
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export interface StoredProfile {
  name: string | null;
  mobilePhone: string | null;
  notifications: NotificationPreferences;
  /** ISO date-time the consent was given; null when not given. */
  smsConsentAt: string | null;
}

/** The stored profile after an update at `nowIso`: consent keeps its first date until withdrawn. */
export function applyProfileUpdate(
  before: StoredProfile | null,
  update: ProfileUpdate,
  nowIso: string,
): StoredProfile {
  return {
    name: update.name,
    mobilePhone: update.mobilePhone,
    notifications: update.notifications,
    smsConsentAt: update.smsConsent ? (before?.smsConsentAt ?? nowIso) : null,
  };
}
