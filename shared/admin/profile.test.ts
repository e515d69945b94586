import { describe, expect, it } from "vitest";
import {
  applyProfileUpdate,
  DEFAULT_NOTIFICATIONS,
  profileUpdateSchema,
  SMS_NEEDS_CONSENT,
  SMS_NEEDS_PHONE,
} from "./profile";

const base = {
  name: "Casey",
  mobilePhone: "620-555-0134",
  notifications: DEFAULT_NOTIFICATIONS,
  smsConsent: false,
};

describe("profile", () => {
  it("text messages need consent and a mobile phone", () => {
    const sms = { ...DEFAULT_NOTIFICATIONS, priceAlerts: { email: true, sms: true } };
    const noConsent = profileUpdateSchema.safeParse({ ...base, notifications: sms });
    expect(noConsent.error?.issues[0]).toMatchObject({
      path: ["notifications", "priceAlerts", "sms"],
      message: SMS_NEEDS_CONSENT,
    });
    const noPhone = profileUpdateSchema.safeParse({
      ...base,
      mobilePhone: null,
      smsConsent: true,
      notifications: sms,
    });
    expect(noPhone.error?.issues[0]?.message).toBe(SMS_NEEDS_PHONE);
    expect(profileUpdateSchema.safeParse({ ...base, smsConsent: true, notifications: sms }).success).toBe(
      true,
    );
    expect(profileUpdateSchema.safeParse({ ...base, mobilePhone: "555" }).error?.issues[0]?.path).toEqual([
      "mobilePhone",
    ]);
  });
  it("consent keeps the date it was first given until withdrawn", () => {
    const given = applyProfileUpdate(null, { ...base, smsConsent: true }, "2026-11-01T10:00:00.000Z");
    expect(given.smsConsentAt).toBe("2026-11-01T10:00:00.000Z");
    const kept = applyProfileUpdate(given, { ...base, smsConsent: true }, "2026-11-20T10:00:00.000Z");
    expect(kept.smsConsentAt).toBe("2026-11-01T10:00:00.000Z");
    expect(applyProfileUpdate(kept, base, "2026-11-21T10:00:00.000Z").smsConsentAt).toBeNull();
  });
});
