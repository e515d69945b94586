// RMA's clock is US Central time: LRP rates post about 3:30 pm Central on trading days. These turn an
// instant into Central date and minutes of the day, and a Central "HH:MM" into minutes.

const FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Chicago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  weekday: "short",
});

export interface CentralTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since midnight, Central. */
  minutes: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function centralTime(at: Date): CentralTime {
  const parts = Object.fromEntries(FORMAT.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** "15:30" → 930; throws for anything else. */
export function parseClock(text: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!m) throw new Error(`expected a time HH:MM, found "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}
