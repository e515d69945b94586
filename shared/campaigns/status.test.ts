import { describe, expect, it } from "vitest";
import type { Recipient } from "../documents/campaign";
import { applyAgentEdit, availableChannels, channelProblem, deliverableChannels } from "./recipients";
import type { ScheduleRule } from "./schedule";
import { allowedActions, applyAction, settle } from "./status";

const rule: ScheduleRule = {
  frequency: "DAILY",
  weekdays: [1, 2, 3, 4, 5],
  sendTime: "07:00",
  durationType: "FIXED",
  startDate: "2026-12-01",
  endDate: "2026-12-31",
};

describe("campaign status transitions (docs/campaigns.md)", () => {
  it("time: SCHEDULED before the start, ACTIVE from it, EXPIRED after a FIXED end", () => {
    expect(settle("ACTIVE", rule, "2026-11-30")).toBe("SCHEDULED");
    expect(settle("SCHEDULED", rule, "2026-12-01")).toBe("ACTIVE");
    expect(settle("ACTIVE", rule, "2026-12-31")).toBe("ACTIVE");
    expect(settle("ACTIVE", rule, "2027-01-01")).toBe("EXPIRED");
    expect(settle("SCHEDULED", rule, "2027-01-01")).toBe("EXPIRED");
    expect(settle("ACTIVE", { ...rule, durationType: "ONGOING", endDate: undefined }, "2030-01-01")).toBe(
      "ACTIVE",
    );
  });
  it("a paused campaign stays paused until resumed, but still expires", () => {
    expect(settle("PAUSED", rule, "2026-12-10")).toBe("PAUSED");
    expect(settle("PAUSED", rule, "2027-01-01")).toBe("EXPIRED");
  });
  it("an expired campaign comes back only by an edit of its end date", () => {
    expect(settle("EXPIRED", { ...rule, endDate: "2027-02-01" }, "2027-01-10")).toBe("ACTIVE");
    expect(allowedActions("EXPIRED")).toEqual([]);
  });
  it("pause and resume: the actions each status allows", () => {
    expect(allowedActions("ACTIVE")).toEqual(["pause"]);
    expect(allowedActions("SCHEDULED")).toEqual(["pause"]);
    expect(allowedActions("PAUSED")).toEqual(["resume"]);
    expect(applyAction("ACTIVE", "pause", rule, "2026-12-05")).toEqual({ ok: true, status: "PAUSED" });
    expect(applyAction("PAUSED", "resume", rule, "2026-12-05")).toEqual({ ok: true, status: "ACTIVE" });
    expect(applyAction("PAUSED", "resume", rule, "2026-11-05")).toEqual({ ok: true, status: "SCHEDULED" });
    expect(applyAction("ACTIVE", "resume", rule, "2026-12-05")).toEqual({
      ok: false,
      message: "a active campaign cannot be resumed",
    });
    expect(applyAction("ACTIVE", "pause", rule, "2027-01-05")).toEqual({
      ok: false,
      message: "a expired campaign cannot be paused",
    });
  });
});

describe("recipients", () => {
  const consent = { at: "2026-01-01T00:00:00Z" };
  it("SMS only with the organisation's SMS campaigns on and the customer's consent", () => {
    const c = { email: "a@x.test", mobilePhone: "555-123-4567", smsConsent: consent };
    expect(availableChannels(c, { enableSMSCampaigns: true })).toEqual(["email", "sms"]);
    expect(availableChannels(c, { enableSMSCampaigns: false })).toEqual(["email"]);
    expect(availableChannels({ ...c, smsConsent: null }, { enableSMSCampaigns: true })).toEqual(["email"]);
    expect(channelProblem("sms", { ...c, smsConsent: null }, { enableSMSCampaigns: true })).toBe(
      "the customer has not given SMS consent",
    );
  });
  it("from a book summary, its `sms` (mobile phone and consent) decides, still only with SMS campaigns on", () => {
    expect(availableChannels({ email: "a@x.test", sms: true }, { enableSMSCampaigns: true })).toEqual([
      "email",
      "sms",
    ]);
    expect(availableChannels({ email: "a@x.test", sms: true }, {})).toEqual(["email"]);
    expect(availableChannels({ sms: false }, { enableSMSCampaigns: true })).toEqual([]);
    expect(channelProblem("sms", { sms: false }, { enableSMSCampaigns: true })).toBe(
      "the customer has no mobile phone with SMS consent",
    );
    expect(channelProblem("sms", { sms: true }, { enableSMSCampaigns: false })).toBe(
      "SMS campaigns are not enabled for this organisation",
    );
  });
  it("an agent's edit never re-activates an unsubscribed recipient", () => {
    const before: Recipient = {
      id: "c1",
      customerId: "c1",
      channels: ["email"],
      status: "UNSUBSCRIBED",
      reason: "link",
    };
    const after = applyAgentEdit(before, { ...before, status: "ACTIVE", reason: undefined });
    expect(after.status).toBe("UNSUBSCRIBED");
    const invalid: Recipient = { ...before, status: "INVALID" };
    expect(applyAgentEdit(invalid, { ...invalid, status: "ACTIVE" }).status).toBe("ACTIVE");
  });
  it("the server's opt-outs win over an ACTIVE recipient in the document", () => {
    const r: Recipient = { id: "c1", customerId: "c1", channels: ["email", "sms"], status: "ACTIVE" };
    const c = { email: "a@x.test", mobilePhone: "555-123-4567", smsConsent: consent };
    expect(deliverableChannels(r, c, { enableSMSCampaigns: true }, {})).toEqual(["email", "sms"]);
    expect(deliverableChannels(r, c, { enableSMSCampaigns: true }, { sms: true })).toEqual(["email"]);
    expect(deliverableChannels(r, c, { enableSMSCampaigns: true }, { email: true, sms: true })).toEqual([]);
    expect(deliverableChannels({ ...r, status: "INVALID" }, c, { enableSMSCampaigns: true }, {})).toEqual([]);
  });
});
