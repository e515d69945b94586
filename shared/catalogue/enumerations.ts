import type { InsurancePlan } from "./plans";

// Spec §4 "States and transitions": the enumerations of schedules, subscriptions and campaigns.

export const SCHEDULE_STATUSES = ["ACTIVE", "PAUSED", "SCHEDULED", "EXPIRED"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Spec §5 "Frequency options: LRP daily, weekly, monthly; LGM weekly and monthly." */
export const FREQUENCY_OPTIONS_BY_PLAN: Readonly<Record<InsurancePlan, readonly Frequency[]>> = {
  lrp: ["DAILY", "WEEKLY", "MONTHLY"],
  lgm: ["WEEKLY", "MONTHLY"],
};

export const frequencyOptions = (plan: InsurancePlan): readonly Frequency[] =>
  FREQUENCY_OPTIONS_BY_PLAN[plan];

export const RECIPIENT_STATUSES = ["ACTIVE", "UNSUBSCRIBED", "INVALID"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Monday to Friday, numbered 1 to 5. */
export const WEEKDAYS = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5 } as const;
export type WeekdayName = keyof typeof WEEKDAYS;
export type Weekday = (typeof WEEKDAYS)[WeekdayName];
export const WEEKDAY_NAME_BY_NUMBER: Readonly<Record<Weekday, WeekdayName>> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
};

export const DURATION_TYPES = ["ONGOING", "FIXED"] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

export const LEVEL_SELECTIONS = ["TOP", "ALL"] as const;
export type LevelSelection = (typeof LEVEL_SELECTIONS)[number];
export const LEVEL_SELECTION_LABELS: Readonly<Record<LevelSelection, string>> = {
  TOP: "Top Level",
  ALL: "All Levels",
};
