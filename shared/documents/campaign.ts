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

// The quote campaign document (`org/{o}/campaign/{id}`, issue 12): the campaign (plan and quote setup,
// status), its schedule and its recipients. Strict shapes, versioned by `schemaVersion` like the other
// records; one schema per section. The rules over them live in shared/campaigns/ (status.ts, schedule.ts).

export const CAMPAIGN_SCHEMA_VERSION = 1;

const id = z.string().min(1).max(128);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD");

/** LRP setup: one type, one or more endorsement lengths, head and target weight, top or all levels. */
export const lrpCampaignQuoteSchema = z.strictObject({
  plan: z.literal("lrp"),
  commodity: z.string().regex(/^\d{4}$/, 'expected a commodity code such as "0801"'),
  type: z.string().regex(/^\d{3}$/, 'expected a type code such as "809"'),
  endorsementLengthsWeeks: z
    .array(z.number().int("expected a whole number of weeks").positive())
    .min(1, "choose at least one endorsement length")
    .max(13),
  head: z.number().int("expected a whole number of head").positive("give the number of head"),
  targetWeightCwt: z.number().positive("give the target weight in cwt"),
  levelSelection: z.enum(LEVEL_SELECTIONS),
});

/** LGM setup: one type, target marketings per month of the insurance period, a deductible. */
export const lgmCampaignQuoteSchema = z.strictObject({
  plan: z.literal("lgm"),
  commodity: z.string().regex(/^\d{4}$/, 'expected a commodity code such as "0803"'),
  type: z.string().regex(/^\d{3}$/, 'expected a type code such as "808"'),
  targetMarketings: z.array(z.number().int("expected a whole number").nonnegative()).min(1).max(11),
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
  name: z.string().trim().min(1, "give the campaign a name").max(200),
  quote: campaignQuoteSchema,
  status: z.enum(SCHEDULE_STATUSES),
  createdBy: id.optional(),
  createdAt: isoInstantSchema.optional(),
  updatedAt: isoInstantSchema.optional(),
});
export type CampaignSection = z.infer<typeof campaignSectionSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected a time HH:MM (24-hour)");

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
