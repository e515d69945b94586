import { describe, expect, it } from "vitest";
import { regionCode, regionForCode } from "../catalogue/regions";
import { recipientTimeZone } from "./recipient-zone";
import { nextSmsSlot, smsAllowedAt } from "./schedule";
import { COUNTY_ZONES, STATE_ZONES } from "./us-time-zones";
import { wallTime, zonedInstant } from "./zoned-time";

const county = (state: string, name: string) => regionCode(state, name) as string;

describe("the recipient's time zone from the customer's address", () => {
  it("names every county as the region table does, and only real IANA zones", () => {
    for (const [state, zones] of Object.entries(COUNTY_ZONES))
      for (const [zone, counties] of Object.entries(zones)) {
        expect(Object.hasOwn(STATE_ZONES, state), state).toBe(true);
        expect(zone, state).not.toBe(STATE_ZONES[state]);
        for (const name of counties) expect(regionCode(state, name), `${name}, ${state}`).toBeDefined();
      }
    for (const zone of new Set([
      ...Object.values(STATE_ZONES),
      ...Object.values(COUNTY_ZONES).flatMap((z) => Object.keys(z)),
    ]))
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone }), zone).not.toThrow();
    // Every state of the region table (50 and DC) has a zone.
    for (let fips = 1; fips <= 56; fips++) {
      const row = regionForCode(`${String(fips).padStart(2, "0")}000`);
      if (row) expect(Object.hasOwn(STATE_ZONES, row.state), row.state).toBe(true);
    }
  });

  it("takes the county's zone where a state spans zones, else the state's", () => {
    const org = "America/Chicago";
    expect(recipientTimeZone({ state: "KS", county: county("KS", "Wallace") }, org)).toBe("America/Denver");
    expect(recipientTimeZone({ state: "KS", county: county("KS", "Finney") }, org)).toBe("America/Chicago");
    expect(recipientTimeZone({ state: "TX", county: county("TX", "El Paso") }, org)).toBe("America/Denver");
    expect(recipientTimeZone({ state: "TN", county: county("TN", "Knox") }, org)).toBe("America/New_York");
    expect(recipientTimeZone({ state: "TN", county: county("TN", "Davidson") }, org)).toBe("America/Chicago");
    expect(recipientTimeZone({ state: "FL", county: county("FL", "Escambia") }, org)).toBe("America/Chicago");
    expect(recipientTimeZone({ state: "ID", county: county("ID", "Kootenai") }, org)).toBe(
      "America/Los_Angeles",
    );
    expect(recipientTimeZone({ state: "ID", county: county("ID", "Ada") }, org)).toBe("America/Boise");
    expect(recipientTimeZone({ state: "NE", county: county("NE", "Scotts Bluff") }, org)).toBe(
      "America/Denver",
    );
    expect(recipientTimeZone({ state: "MI", county: county("MI", "Gogebic") }, org)).toBe(
      "America/Menominee",
    );
    expect(recipientTimeZone({ state: "AZ", county: county("AZ", "Maricopa") }, org)).toBe("America/Phoenix");
    // A state without its county: the state's main zone.
    expect(recipientTimeZone({ state: "SD" }, "America/New_York")).toBe("America/Chicago");
    expect(recipientTimeZone({ state: "MT" }, org)).toBe("America/Denver");
  });

  it("falls back to the organisation's zone without an address, or with a county of another state", () => {
    expect(recipientTimeZone(undefined, "America/New_York")).toBe("America/New_York");
    expect(recipientTimeZone({}, "America/Denver")).toBe("America/Denver");
    expect(recipientTimeZone({ state: "ZZ" }, "America/Denver")).toBe("America/Denver");
    // An El Paso code with a Kansas address: the county is not Kansas's, so Kansas's zone.
    expect(recipientTimeZone({ state: "KS", county: county("TX", "El Paso") }, "America/Denver")).toBe(
      "America/Chicago",
    );
  });
});

describe("SMS quiet hours across the recipients' zones and DST", () => {
  const zoneOf = (state: string, name?: string) =>
    recipientTimeZone({ state, county: name ? county(state, name) : undefined }, "America/Chicago");
  const knox = zoneOf("TN", "Knox");
  const davidson = zoneOf("TN", "Davidson");
  const elPaso = zoneOf("TX", "El Paso");
  const maricopa = zoneOf("AZ", "Maricopa");
  const kootenai = zoneOf("ID", "Kootenai");

  it("one instant, five clocks: only those at 8 am or later get a text", () => {
    const at = zonedInstant("2026-11-24", "09:30", "America/New_York"); // 14:30 UTC, standard time
    expect([knox, davidson, elPaso, maricopa, kootenai].map((z) => smsAllowedAt(at, z))).toEqual([
      true, // 9:30 Eastern
      true, // 8:30 Central
      false, // 7:30 Mountain
      false, // 7:30 Arizona
      false, // 6:30 Pacific
    ]);
    expect(wallTime(nextSmsSlot(at, elPaso), elPaso)).toMatchObject({
      date: "2026-11-24",
      hour: 8,
      minute: 0,
    });
  });

  it("Arizona keeps standard time: after spring forward it is an hour behind Denver, not equal", () => {
    // 2026-03-09, the Monday after the change: 15:00 UTC is 9:00 in Denver (MDT), 8:00 in Phoenix (MST).
    const at = Date.UTC(2026, 2, 9, 15, 0);
    expect(wallTime(at, elPaso).hour).toBe(9);
    expect(wallTime(at, maricopa).hour).toBe(8);
    expect(smsAllowedAt(Date.UTC(2026, 2, 9, 14, 30), elPaso)).toBe(true); // 8:30 MDT
    expect(smsAllowedAt(Date.UTC(2026, 2, 9, 14, 30), maricopa)).toBe(false); // 7:30 MST
    // Before the change (Friday 6 March) both read 7:30 at 14:30 UTC.
    expect(smsAllowedAt(Date.UTC(2026, 2, 6, 14, 30), elPaso)).toBe(false);
    expect(smsAllowedAt(Date.UTC(2026, 2, 6, 14, 30), maricopa)).toBe(false);
  });

  it("the 9 pm close and the next 8 am follow each zone across the fall-back night", () => {
    // Saturday 31 Oct 2026 21:30 in Knoxville: closed; the next slot is 8:00 Sunday, after the fall back.
    const late = zonedInstant("2026-10-31", "21:30", knox);
    expect(smsAllowedAt(late, knox)).toBe(false);
    const slot = nextSmsSlot(late, knox);
    expect(wallTime(slot, knox)).toMatchObject({ date: "2026-11-01", hour: 8, minute: 0 });
    expect(slot - late).toBe((10.5 + 1) * 3_600_000); // the night is an hour longer
    // Same instant in Coeur d'Alene (Kootenai, Pacific): 18:30, still open.
    expect(smsAllowedAt(late, kootenai)).toBe(true);
  });
});
