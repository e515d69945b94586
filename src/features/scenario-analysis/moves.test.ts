import { describe, expect, it } from "vitest";
import { buildMoves, MOVE_DEFAULTS } from "./moves";

describe("scenario moves from the URL", () => {
  it("leaves out zero moves and applies one mode", () => {
    expect(buildMoves({ ...MOVE_DEFAULTS, "d.lc": "-10" }, ["liveCattle", "feederCattle", "corn"])).toEqual({
      ok: true,
      moves: { liveCattle: { percent: -10 } },
    });
    expect(buildMoves({ ...MOVE_DEFAULTS, mode: "amount", "d.corn": "0.5" }, ["corn"])).toEqual({
      ok: true,
      moves: { corn: { amount: 0.5 } },
    });
  });
  it("names the field of text that is not a number", () => {
    expect(buildMoves({ ...MOVE_DEFAULTS, "d.hog": "lots" }, ["leanHog"])).toEqual({
      ok: false,
      errors: { "d.hog": "Enter a percent, e.g. -10" },
    });
  });
});
