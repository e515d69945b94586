import { z } from "zod";
import { lgmWeightsSchema } from "../pricing/lgm/input";
import { isoInstantSchema } from "../schemas/formats";

// One saved quote setup of a watchlist (`user/{userId}/watchlist`, section `items`): what a producer
// or agent chose on the LRP or LGM quote screen, without a date, so it can be priced again against
// every new market snapshot. LGM marketings are by month of the insurance period (index 0 is the
// first month after the sales month, which cannot carry marketings), so they move with the sales date.

const id = z.string().min(1).max(128);
const code = (digits: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{${digits}}$`), `expected a ${digits}-digit ${what} code`);

/** An amount in dollars as exact decimal text ("142.50"). */
const amount = z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, "enter an amount in dollars, such as 142.50");

/**
 * A price alert's target (docs/market-data.md): the item is "met" on a snapshot when its figure reaches it.
 * LRP: net price floor per cwt (coverage price − producer premium per cwt) at or above `value`, or
 * producer premium per head at or below; LGM: gross margin guarantee at or above. `email` and `sms`:
 * also tell the user that way (Web Push always, when they enabled it on a device).
 */
const targetFields = { value: amount, email: z.boolean().optional(), sms: z.boolean().optional() };
export const lrpWatchTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("netFloorPerCwt"), ...targetFields }),
  z.object({ kind: z.literal("premiumPerHead"), ...targetFields }),
]);
export const lgmWatchTargetSchema = z.object({ kind: z.literal("lgmGuarantee"), ...targetFields });
export type WatchTarget = z.infer<typeof lrpWatchTargetSchema> | z.infer<typeof lgmWatchTargetSchema>;

const common = {
  id: id.optional(),
  /** The name the user gave the setup. */
  name: z.string().trim().min(1, "give the setup a name").max(80),
  addedAt: isoInstantSchema.optional(),
  updatedAt: isoInstantSchema.optional(),
};

export const lrpWatchSetupSchema = z.looseObject({
  ...common,
  plan: z.literal("lrp"),
  commodity: code(4, "commodity"),
  type: code(3, "type"),
  endorsementLengthWeeks: z.number().int().positive(),
  coverageLevel: z.number().gt(0).max(1),
  head: z.number().int().positive(),
  targetWeightCwt: z.number().positive(),
  target: lrpWatchTargetSchema.optional(),
});

export const lgmWatchSetupSchema = z.looseObject({
  ...common,
  plan: z.literal("lgm"),
  commodity: code(4, "commodity"),
  type: code(3, "type"),
  /** Target marketings per month of the insurance period (11 cattle and dairy, 6 swine). */
  targetMarketings: z.array(z.number().int().nonnegative()).min(1).max(11),
  deductible: z.number().nonnegative(),
  weights: lgmWeightsSchema.optional(),
  target: lgmWatchTargetSchema.optional(),
});

/** A watchlist entry: an LRP or an LGM setup. */
export const watchSetupSchema = z.discriminatedUnion("plan", [lrpWatchSetupSchema, lgmWatchSetupSchema]);
export type WatchSetup = z.infer<typeof watchSetupSchema>;
export type LrpWatchSetup = z.infer<typeof lrpWatchSetupSchema>;
export type LgmWatchSetup = z.infer<typeof lgmWatchSetupSchema>;
