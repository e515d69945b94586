import { describe, expect, it } from "vitest";
import { formatHistoryTime } from "./history-entries";

describe("[DATE1] a history time", () => {
  it("is in the organisation's zone with the zone named, Central when unknown — never the device's", () => {
    // 05:08 UTC is 11:08 PM the evening before in Central time, whatever zone this machine is in.
    expect(formatHistoryTime("2026-11-19T05:08:00Z")).toBe("Nov 18, 2026, 11:08 PM Central time");
    expect(formatHistoryTime("2026-11-19T05:08:00Z", "America/Denver")).toMatch(
      /^Nov 18, 2026, 10:08 PM Mountain/,
    );
  });
});
