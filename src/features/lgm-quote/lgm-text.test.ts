import { describe, expect, it } from "vitest";
import { lgmNoSalesText, lgmOrderNoSalesText } from "./lgm-text";

// The LGM quote screen says when its quote is for a day without LGM sales, as the LRP screen does.
describe("LGM quote on a day without sales", () => {
  it("names the day and the reason the engine gives", () => {
    const text = lgmNoSalesText({
      noSales: { date: "2026-11-21", reason: "weekend: RMA publishes no margins" },
    });
    expect(text).toBe(
      "No LGM sales on Nov 21, 2026: weekend: RMA publishes no margins. These margins are for reference: no endorsement can be bought at them.",
    );
  });

  it("says nothing on a sales day", () => {
    expect(lgmNoSalesText({})).toBeNull();
    expect(lgmOrderNoSalesText({})).toBeNull();
  });

  it("says why beside the Order button, in one sentence", () => {
    expect(
      lgmOrderNoSalesText({
        noSales: { date: "2026-11-26", reason: "exchange holiday (Thanksgiving): no LGM sales" },
      }),
    ).toBe("No LGM sales on Nov 26, 2026: exchange holiday (Thanksgiving).");
  });
});
