import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sendgridKey } from "./delivery-callbacks";
import { deliveryFields, deliveryKeyOf, sendKeysOf } from "./delivery-key";

describe("the send key carried by a provider's callbacks", () => {
  const key = {
    orgId: "o1",
    runDate: "2026-11-24",
    recipientId: "c1",
    channel: "email" as const,
    campaignIds: ["k1", "k2"],
  };

  it("reads back what it wrote, and the send-log keys of a combined e-mail", () => {
    const fields = deliveryFields(key);
    expect(Object.values(fields).every((v) => typeof v === "string")).toBe(true);
    expect(deliveryKeyOf({ ...fields, email: "a@r.test", event: "bounce" })).toEqual(key);
    expect(sendKeysOf(key)).toEqual([
      { campaignId: "k1", runDate: "2026-11-24", recipientId: "c1", channel: "email" },
      { campaignId: "k2", runDate: "2026-11-24", recipientId: "c1", channel: "email" },
    ]);
  });

  it("is no key when a field is missing, empty or of another kind", () => {
    const fields = deliveryFields(key);
    expect(deliveryKeyOf({ ...fields, rangeline_org: undefined })).toBeNull();
    expect(deliveryKeyOf({ ...fields, rangeline_campaigns: "" })).toBeNull();
    expect(deliveryKeyOf({ ...fields, rangeline_channel: "fax" })).toBeNull();
    expect(deliveryKeyOf({ ...fields, rangeline_recipient: 42 })).toBeNull();
    expect(deliveryKeyOf({})).toBeNull();
  });

  it("SendGrid's verification key reads as base64 DER (as SendGrid shows it) or PEM", () => {
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const der = (publicKey.export({ format: "der", type: "spki" }) as Buffer).toString("base64");
    const pem = publicKey.export({ format: "pem", type: "spki" }) as string;
    expect(sendgridKey(der).equals(publicKey)).toBe(true);
    expect(sendgridKey(pem).equals(publicKey)).toBe(true);
    expect(() => sendgridKey("not a key")).toThrow();
  });
});
