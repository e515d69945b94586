import { describe, expect, it } from "vitest";
import { timeZoneOptions, zoneName } from "./time-zone-names";

describe("time zones in words (one clock)", () => {
  it("offers the US zones first, named, then the others by id", () => {
    const options = timeZoneOptions(["Africa/Abidjan", "America/Chicago", "America/New_York", "UTC"]);
    expect(options.map((o) => o.label)).toEqual([
      "Eastern time (America/New_York)",
      "Central time (America/Chicago)",
      "Africa/Abidjan",
      "UTC",
    ]);
  });

  it("names a US zone as people say it and any other by its id", () => {
    expect(zoneName("America/Chicago")).toBe("Central time");
    expect(zoneName("Europe/Paris")).toBe("Europe/Paris");
  });
});
