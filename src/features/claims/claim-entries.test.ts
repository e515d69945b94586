import { describe, expect, it } from "vitest";
import { claimEntryProblems } from "./claim-entries";

describe("claimEntryProblems", () => {
  it("says at each LGM month what is missing, in words that say what to do", () => {
    const problems = claimEntryProblems(
      "lgm",
      { entered: "", margins: ["80", "", "x"], marketings: ["100", "1.5", "0"] },
      ["Feb 2026", "Mar 2026", "Apr 2026"],
    );
    expect(problems).toEqual({
      "margin-1": "Enter RMA's actual gross margin for Mar 2026.",
      "marketed-1": "Enter how many were marketed in Mar 2026 as a whole number (0 when none).",
      "margin-2": "Enter the gross margin for Apr 2026 in dollars, e.g. 41.20 (-12.50 when negative).",
    });
  });

  it("leaves an empty LRP ending value alone (the market data's is used) and refuses text", () => {
    expect(claimEntryProblems("lrp", { entered: "", margins: [], marketings: [] }, [])).toEqual({});
    expect(claimEntryProblems("lrp", { entered: "abc", margins: [], marketings: [] }, [])).toEqual({
      entered: "Enter the actual ending value as dollars per cwt, e.g. 241.87.",
    });
  });
});
