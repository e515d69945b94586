import { describe, expect, it } from "vitest";
import { schedule } from "../../../shared/commissions/test-fixtures";
import { newScheduleDraft, scheduleDraftFrom, scheduleFromDraft } from "./schedule-draft";

const base = { at: "2026-11-18T18:00:00.000Z", by: "admin-1", newId: () => "S-NEW" };

describe("a rate on the rates form", () => {
  it("[COMMUI4] a new rate starts in today's reinsurance year, from today", () => {
    expect(newScheduleDraft("2026-11-18")).toMatchObject({
      reinsuranceYear: "2027",
      effectiveDate: "2026-11-18",
    });
  });

  it("[COMMUI4] saves a complete row, a commodity only when chosen", () => {
    const draft = {
      ...newScheduleDraft("2026-11-18"),
      providerId: "rh",
      newRatePercent: "15",
      renewalRatePercent: "12.5",
    };
    const built = scheduleFromDraft(draft, base, []);
    expect(built.ok && built.schedule).toMatchObject({ id: "S-NEW", reinsuranceYear: 2027, plan: "lrp" });
    expect(built.ok && "commodity" in built.schedule).toBe(false);
  });

  it("[COMMUI4] shows the shapes' messages at the fields", () => {
    const draft = {
      ...newScheduleDraft("2026-11-18"),
      reinsuranceYear: "27",
      newRatePercent: "150",
      renewalRatePercent: "x",
    };
    const built = scheduleFromDraft(draft, base, []);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.providerId).toBe("choose the insurance company");
    expect(built.issues.reinsuranceYear).toMatch(/four digits/);
    expect(built.issues.newRatePercent).toBe("a percent is at most 100");
    expect(built.issues.renewalRatePercent).toMatch(/enter a percent in figures/);
  });

  it("[COMMUI4] refuses a second row of the same key and day, and edits a row in place", () => {
    const kept = schedule({ id: "s1", effectiveDate: "2026-11-18" });
    const twin = {
      ...newScheduleDraft("2026-11-18"),
      providerId: "rh",
      newRatePercent: "10",
      renewalRatePercent: "9",
    };
    const refused = scheduleFromDraft(twin, base, [kept]);
    expect(!refused.ok && refused.issues.effectiveDate).toMatch(/already starts on this day/);
    const edited = scheduleFromDraft({ ...scheduleDraftFrom(kept), newRatePercent: "16" }, base, [kept]);
    expect(edited.ok && edited.schedule).toMatchObject({ id: "s1", newRatePercent: "16" });
  });
});
