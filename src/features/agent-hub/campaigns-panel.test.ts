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
    const now = new Date(2026, 10, 23, 9, 0);
    const items = [
      item("later", new Date(2026, 10, 23, 16, 0).toISOString()),
      item("sooner", new Date(2026, 10, 23, 7, 0).toISOString()),
      item("tomorrow", new Date(2026, 10, 24, 7, 0).toISOString()),
      item("paused", new Date(2026, 10, 23, 8, 0).toISOString(), "PAUSED"),
      item("never", null),
    ];
    expect(sendingToday(items, now).map((c) => c.id)).toEqual(["sooner", "later"]);
  });
});
