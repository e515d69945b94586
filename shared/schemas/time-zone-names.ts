// The organisation's time zone in words (one clock): every date and time a screen shows
// for the organisation names its zone this way, and the settings list offers the US zones first.

/** The main US zones, east to west, with the name people use for them. */
export const US_TIME_ZONES: readonly { readonly zone: string; readonly name: string }[] = [
  { zone: "America/New_York", name: "Eastern time" },
  { zone: "America/Chicago", name: "Central time" },
  { zone: "America/Denver", name: "Mountain time" },
  { zone: "America/Phoenix", name: "Mountain time, Arizona" },
  { zone: "America/Los_Angeles", name: "Pacific time" },
  { zone: "America/Anchorage", name: "Alaska time" },
  { zone: "Pacific/Honolulu", name: "Hawaii time" },
];

/** The zone the portal uses when an organisation has set none: Central, RMA's calendar. */
export const DEFAULT_ORG_TIME_ZONE = "America/Chicago";

/** "Central time" for a main US zone, else the IANA name itself ("Europe/Paris"). */
export const zoneName = (zone: string): string => US_TIME_ZONES.find((z) => z.zone === zone)?.name ?? zone;

/** The options of a time-zone list: the US zones first (by name), then every other zone by its id. */
export function timeZoneOptions(all: readonly string[]): { value: string; label: string }[] {
  const us = US_TIME_ZONES.filter((z) => all.includes(z.zone)).map((z) => ({
    value: z.zone,
    label: `${z.name} (${z.zone})`,
  }));
  const first = new Set(us.map((o) => o.value));
  return [...us, ...all.filter((z) => !first.has(z)).map((z) => ({ value: z, label: z }))];
}
