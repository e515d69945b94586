import { z } from "zod";
import {
  DURATION_TYPES,
  FREQUENCIES,
  FREQUENCY_OPTIONS_BY_PLAN,
  LEVEL_SELECTIONS,
  RECIPIENT_STATUSES,
  SCHEDULE_STATUSES,
} from "../catalogue/enumerations";
import { isoInstantSchema } from "../schemas/formats";

// The quote campaign document (`org/{o}/campaign/{id}`, docs/campaigns.md): the campaign (plan and quote setup,
// status), its schedule and its recipients. Strict shapes, versioned by `schemaVersion` like the other
// records; one schema per section. The rules over them live in shared/campaigns/ (status.ts, schedule.ts).

export const CAMPAIGN_SCHEMA_VERSION = 1;

const id = z.string().min(1).max(128);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "enter a full date: year, month and day");

/** LRP setup: one type, one or more endorsement lengths, head and target weight, top or all levels. */
export const lrpCampaignQuoteSchema = z.strictObject({
  plan: z.literal("lrp"),
  commodity: z.string().regex(/^\d{4}$/, "choose a commodity"),
  type: z.string().regex(/^\d{3}$/, "choose a type"),
  endorsementLengthsWeeks: z
    .array(z.number().int("enter a whole number of weeks").positive())
    .min(1, "choose at least one endorsement length")
    .max(13),
  head: z
    .number()
    .int("enter the number of head as a whole number")
    .positive("enter the number of head (1 or more)"),
  targetWeightCwt: z.number().positive("enter the target weight in cwt (hundredweight per head)"),
  levelSelection: z.enum(LEVEL_SELECTIONS),
});

/** LGM setup: one type, target marketings per month of the insurance period, a deductible. */
export const lgmCampaignQuoteSchema = z.strictObject({
  plan: z.literal("lgm"),
  commodity: z.string().regex(/^\d{4}$/, "choose a commodity"),
  type: z.string().regex(/^\d{3}$/, "choose a type"),
  targetMarketings: z
    .array(z.number().int("enter whole numbers").nonnegative("enter 0 or more"))
    .min(1)
    .max(11),
  deductible: z.number().nonnegative("the deductible cannot be negative"),
});

export const campaignQuoteSchema = z.discriminatedUnion("plan", [
  lrpCampaignQuoteSchema,
  lgmCampaignQuoteSchema,
]);
export type CampaignQuote = z.infer<typeof campaignQuoteSchema>;

/** The LRP quote a new campaign starts from: feeder steers (809), 13 weeks, 100 head of 5.5 cwt, the top level. */
export const defaultLrpCampaignQuote = (): z.infer<typeof lrpCampaignQuoteSchema> => ({
  plan: "lrp",
  commodity: "0801",
  type: "809",
  endorsementLengthsWeeks: [13],
  head: 100,
  targetWeightCwt: 5.5,
  levelSelection: "TOP",
});

export const campaignSectionSchema = z.strictObject({
  schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
  name: z.string().trim().min(1, "enter a name for the campaign").max(200),
  quote: campaignQuoteSchema,
  status: z.enum(SCHEDULE_STATUSES),
  createdBy: id.optional(),
  createdAt: isoInstantSchema.optional(),
  updatedAt: isoInstantSchema.optional(),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "enter a time of day, such as 07:00");

/**
 * When a campaign sends (spec §4, §5). DAILY: each listed weekday every week; WEEKLY: the one listed
 * weekday every week; MONTHLY: the first listed weekday of each month. The send time is wall-clock time
 * in the organisation's time zone; the first send is on or after `startDate`; a FIXED campaign sends
 * until `endDate` (inclusive).
 */
export const scheduleSectionSchema = z
  .strictObject({
    schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
    frequency: z.enum(FREQUENCIES),
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(1, "weekdays are 1 (Monday) to 5 (Friday)")
          .max(5, "weekdays are 1 (Monday) to 5 (Friday)"),
      )
      .min(1, "choose at least one weekday"),
    sendTime: hhmm,
    durationType: z.enum(DURATION_TYPES),
    startDate: isoDate,
    endDate: isoDate.optional(),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.weekdays).size !== s.weekdays.length)
      ctx.addIssue({ code: "custom", path: ["weekdays"], message: "each weekday once" });
    if (s.frequency !== "DAILY" && s.weekdays.length !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["weekdays"],
        message: `a ${s.frequency.toLowerCase()} campaign sends on one weekday`,
      });
    if (s.durationType === "FIXED" && s.endDate === undefined)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "a fixed campaign needs an end date" });
    if (s.durationType === "ONGOING" && s.endDate !== undefined)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "an ongoing campaign has no end date" });
    if (s.endDate !== undefined && s.endDate < s.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "the end date is before the start date" });
  });
export type ScheduleSection = z.infer<typeof scheduleSectionSchema>;

export const CHANNELS = ["email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

/** A recipient: one customer of the book (keyed by customer id) with the channels it gets. */
export const recipientSchema = z.strictObject({
  id,
  customerId: id,
  channels: z.array(z.enum(CHANNELS)).min(1, "choose e-mail, SMS or both"),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why a recipient is INVALID (a provider's reason) or UNSUBSCRIBED (how). */
  reason: z.string().max(500).optional(),
  updatedAt: isoInstantSchema.optional(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** Spec §5: the plan's frequency options; null when allowed, else the message. */
export const frequencyProblem = (
  plan: "lrp" | "lgm",
  frequency: (typeof FREQUENCIES)[number],
): string | null =>
  FREQUENCY_OPTIONS_BY_PLAN[plan].includes(frequency)
    ? null
    : `${plan.toUpperCase()} campaigns send ${FREQUENCY_OPTIONS_BY_PLAN[plan].map((f) => f.toLowerCase()).join(", ")}`;

/** The whole campaign as one value (what the form edits and the server reads). */
export const campaignSchema = z
  .strictObject({
    campaign: campaignSectionSchema,
    schedule: scheduleSectionSchema,
    recipients: z.record(id, recipientSchema),
  })
  .superRefine((c, ctx) => {
    const problem = frequencyProblem(c.campaign.quote.plan, c.schedule.frequency);
    if (problem) ctx.addIssue({ code: "custom", path: ["schedule", "frequency"], message: problem });
  });
export type Campaign = z.infer<typeof campaignSchema>;
