import { describe, expect, it } from "vitest";
import { DEFAULT_DRAFT, setupFromDraft } from "./setup-form-model";

describe("[WATCH1] the watchlist's coverage level is a percentage, as on the quote screen", () => {
  it("95 is kept as the ratio 0.95; 150 is refused with the range", () => {
    expect(DEFAULT_DRAFT.coverageLevel).toBe("95");
    const made = setupFromDraft({ ...DEFAULT_DRAFT, name: "Steers" });
    expect("setup" in made && made.setup.plan === "lrp" && made.setup.coverageLevel).toBe(0.95);
    const odd = setupFromDraft({ ...DEFAULT_DRAFT, name: "Steers", coverageLevel: "97.25 %" });
    expect("setup" in odd && odd.setup.plan === "lrp" && odd.setup.coverageLevel).toBe(0.9725);
    expect(setupFromDraft({ ...DEFAULT_DRAFT, name: "Steers", coverageLevel: "150" })).toMatchObject({
      path: "coverageLevel",
      message: "enter a percentage above 0 and at most 100, such as 95",
    });
  });
});
