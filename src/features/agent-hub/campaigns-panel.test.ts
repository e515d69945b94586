import { describe, expect, it } from "vitest";
import type { CampaignItem } from "../../components/campaigns/campaigns-client";
import { sendingToday } from "./campaigns-panel";

const item = (
  id: string,
  nextSend: string | null,
  status: CampaignItem["status"] = "ACTIVE",
): CampaignItem => ({
  id,
  name: id,
  plan: "lrp",
  status,
  nextSend,
  recipients: 3,
  lastRun: null,
});

describe("the hub's campaigns sending today", () => {
  it("lists active campaigns whose next send is today, soonest first", () => {
    const now = new Date("2026-11-23T15:00:00Z");
    const items = [
      item("later", "2026-11-23T22:00:00Z"),
      item("sooner", "2026-11-23T13:00:00Z"),
      item("tomorrow", "2026-11-24T13:00:00Z"),
      item("paused", "2026-11-23T14:00:00Z", "PAUSED"),
      item("never", null),
    ];
    expect(sendingToday(items, now, "America/Chicago").map((c) => c.id)).toEqual(["sooner", "later"]);
  });

  it("counts days in the organisation's zone (docs/first-day.md): 7 pm Central is today, 7 am tomorrow is not", () => {
    // 5 pm Central on Nov 26 (23:00 UTC): a send at 01:00 UTC Nov 27 is 7 pm Central, still today; one at
    // 13:00 UTC Nov 27 is 7 am Central tomorrow.
    const now = new Date("2026-11-26T23:00:00Z");
    const items = [item("evening", "2026-11-27T01:00:00Z"), item("tomorrow", "2026-11-27T13:00:00Z")];
    expect(sendingToday(items, now, "America/Chicago").map((c) => c.id)).toEqual(["evening"]);
  });
});
