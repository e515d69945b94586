import Decimal from "decimal.js";
import { z } from "zod";
import { INSURANCE_PLANS } from "../catalogue";
import { isoInstantSchema } from "../schemas/formats";
import { isoDateSchema, moneySchema, PROVIDER_IDS, recordIdSchema } from "./book";

// Commissions (issue 45, docs/commissions.md): the shapes the agency keeps, one strict zod schema each.
// They live in the agents-only book document `org/{orgId}/book` (producers never read it, so neither
// their documents nor their screens can carry a rate, a split or an amount), in five record sections
// added at schema version 6 (absent reads as empty, so no migration):
//   commissionSchedules  rates: company × reinsurance year × plan × optional commodity (admins write)
//   commissionAgents     each agent's default split (admins write)
//   commissionSplits     a policy's split from a date (agents write; a change is a new entry)
//   commissionEarnings   a coverage's total premium each time it changed (agents write; reductions)
//   commissionStatements a company's imported statement, and commissionMappings its saved mapping
//
// How the screens (part B) call the engine, all pure functions of shared/commissions/:
//   const book = commissionBookOf(bookDocumentJson)             // book.ts (statementsOf: the statements)
//   const lines = expectedCommissions(book)                      // expected.ts: every line, chargebacks too
//   const mine = linesOfAgent(lines, userId)                     // expected.ts: an agent's own parts only
//   totalsBy(lines, "month" | "provider" | "agent")              // totals.ts: the screen's groups, exact
//   const read = readStatement(sheet, mapping, providerId)       // statement.ts: sheet → lines, refused rows
//   guessStatementMapping(sheet.headers)                         // statement.ts: a new company's first mapping
//   const rec = reconcile(lines, read.lines, { months })         // reconcile.ts: the six groups
//   filterReconciliation(rec, { providerId, month, agentId })    // reconcile.ts: the filters
//   reconciliationCsv(rec)                                       // reconcile.ts: the formula-safe CSV
// Sheets come from the book import's parseFile (shared/book/import/parse-xlsx.ts).

const providerId = z.enum(PROVIDER_IDS);
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "choose a month (YYYY-MM)");
const year = z.number().int().min(1900).max(2100);
const commodityCode = z.string().regex(/^\d{4}$/, "expected a 4-digit commodity code");

/** A percent as a decimal string, 0 to 100, at most 4 decimals ("12.5"). */
export const percentSchema = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, "enter a percent in figures, such as 12.5 (at most 4 decimals)")
  .refine((s) => Number(s) <= 100, "a percent is at most 100");

const stamps = { updatedAt: isoInstantSchema, updatedBy: recordIdSchema };

export const COMMISSION_PLANS = INSURANCE_PLANS;
export const BUSINESS_KINDS = ["new", "renewal"] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

// ---------------------------------------------------------------------------------------------------
// Schedules: section `commissionSchedules`, keyed by id

/**
 * One rate row: what a company pays on the total premium of a plan's coverages sold in a reinsurance
 * year, from `effectiveDate` (a later row of the same key takes over from its own date). A row with a
 * commodity beats the plan's row without one.
 */
export const commissionScheduleSchema = z.strictObject({
  id: recordIdSchema,
  providerId,
  reinsuranceYear: year,
  plan: z.enum(COMMISSION_PLANS),
  commodity: commodityCode.optional(),
  effectiveDate: isoDateSchema,
  /** Percent of the total premium, new business (the policy's first crop year). */
  newRatePercent: percentSchema,
  /** Percent of the total premium, renewal business (a later crop year of the policy). */
  renewalRatePercent: percentSchema,
  ...stamps,
});
export type CommissionSchedule = z.infer<typeof commissionScheduleSchema>;

/** The most schedule rows an organisation keeps (the PUT's bound too). */
export const MAX_COMMISSION_SCHEDULES = 2_000;

// ---------------------------------------------------------------------------------------------------
// Splits: sections `commissionAgents` (defaults, keyed by the agent's user id) and `commissionSplits`

const sharesRule = (
  split: {
    servicingAgentId?: string;
    writingAgentId: string;
    writingSharePercent: string;
    servicingSharePercent: string;
  },
  ctx: z.RefinementCtx,
) => {
  const writing = /^\d/.test(split.writingSharePercent) ? new Decimal(split.writingSharePercent) : null;
  const servicing = /^\d/.test(split.servicingSharePercent) ? new Decimal(split.servicingSharePercent) : null;
  if (writing && servicing && !writing.plus(servicing).eq(100))
    ctx.addIssue({
      code: "custom",
      path: ["servicingSharePercent"],
      message: `the writing and servicing agents' shares add up to ${writing.plus(servicing).toFixed()} %: they must add up to 100 % of the agents' portion`,
    });
  if (split.servicingAgentId === undefined && servicing && !servicing.isZero())
    ctx.addIssue({
      code: "custom",
      path: ["servicingSharePercent"],
      message: "a servicing share needs a servicing agent: name one, or give the writing agent 100 %",
    });
  if (split.servicingAgentId !== undefined && split.servicingAgentId === split.writingAgentId)
    ctx.addIssue({
      code: "custom",
      path: ["servicingAgentId"],
      message: "the servicing agent is the writing agent: leave the servicing agent out instead",
    });
};

const shareFields = {
  writingAgentId: recordIdSchema,
  servicingAgentId: recordIdSchema.optional(),
  /** Of the agents' portion: writing + servicing = 100. */
  writingSharePercent: percentSchema,
  servicingSharePercent: percentSchema,
  /** Of the whole commission: what the agency keeps; the agents' portion is the rest. */
  agencySharePercent: percentSchema,
};

/**
 * A policy's split from `from` on: lines earned on or after that day use it, until a later entry's
 * day. An earlier line keeps the split it was earned with (a change never rewrites what was earned).
 */
export const commissionSplitSchema = z
  .strictObject({
    id: recordIdSchema,
    policyId: recordIdSchema,
    customerId: recordIdSchema,
    from: isoDateSchema,
    ...shareFields,
    /** Overrides the rule new = the policy's first crop year, renewal = a later one. */
    business: z.enum(BUSINESS_KINDS).optional(),
    ...stamps,
  })
  .superRefine(sharesRule);
export type CommissionSplit = z.infer<typeof commissionSplitSchema>;

/** An agent's default split, for the policy form to fill in a new policy's split (keyed by user id). */
export const commissionAgentSchema = z
  .strictObject({ id: recordIdSchema, ...shareFields, ...stamps })
  .superRefine((agent, ctx) => {
    sharesRule(agent, ctx);
    if (agent.writingAgentId !== agent.id)
      ctx.addIssue({
        code: "custom",
        path: ["writingAgentId"],
        message: `an agent's default names that agent (${agent.id}) as the writing agent`,
      });
  });
export type CommissionAgent = z.infer<typeof commissionAgentSchema>;

// ---------------------------------------------------------------------------------------------------
// Earnings: section `commissionEarnings`, keyed by coverage id

/**
 * A coverage's total premium over time, oldest first: the sale's (on its sales date), then each change
 * (a reduction, an increase) on the day it was made; the coverage form appends one when it changes the
 * total premium. Absent: the coverage earned once, on its sales date, at its current total premium.
 */
export const commissionEarningSchema = z.strictObject({
  id: recordIdSchema,
  customerId: recordIdSchema,
  policyId: recordIdSchema,
  changes: z
    .array(z.strictObject({ on: isoDateSchema, totalPremium: moneySchema }))
    .min(1)
    .max(100, "a coverage keeps at most 100 premium changes"),
  ...stamps,
});
export type CommissionEarning = z.infer<typeof commissionEarningSchema>;

// ---------------------------------------------------------------------------------------------------
// Statements: sections `commissionMappings` (keyed by provider id) and `commissionStatements`

/** The fields a statement's columns fill. */
export const STATEMENT_FIELDS = [
  "policyNumber",
  "provider",
  "salesDate",
  "commodity",
  "endDate",
  "premium",
  "amount",
  "agent",
  "month",
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** A company's statement mapping: header → field, and a value for a field no column gives. */
export const statementMappingSchema = z.strictObject({
  version: z.literal(1),
  columns: z.record(z.string().min(1).max(200), z.enum(STATEMENT_FIELDS)),
  defaults: z.partialRecord(z.enum(STATEMENT_FIELDS), z.string().max(200)).optional(),
});
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** The mapping saved for a company (keyed by its provider id), reused for its next statement. */
export const savedStatementMappingSchema = z.strictObject({
  id: providerId,
  fileName: z.string().min(1).max(255),
  mapping: statementMappingSchema,
  ...stamps,
});

/** One line of a company's statement, as read: a positive amount is paid, a negative one clawed back. */
export const statementLineSchema = z.strictObject({
  /** The line in the file (the header is line 1). */
  line: z.number().int().positive(),
  policyNumber: z.string().trim().min(1).max(40),
  providerId,
  salesDate: isoDateSchema.optional(),
  commodity: commodityCode.optional(),
  endDate: isoDateSchema.optional(),
  premium: moneySchema.optional(),
  amount: moneySchema,
  agent: z.string().max(200).optional(),
  month: yearMonth.optional(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** The most lines one statement holds. */
export const MAX_STATEMENT_LINES = 20_000;

/** An imported statement: what the reconciliation reads back on any device of the agency. */
export const commissionStatementSchema = z.strictObject({
  id: recordIdSchema,
  providerId,
  /** The statement's month. */
  month: yearMonth,
  fileName: z.string().min(1).max(255),
  importedAt: isoInstantSchema,
  importedBy: recordIdSchema,
  lines: z.array(statementLineSchema).max(MAX_STATEMENT_LINES),
  /** Rows of the file the dry run refused (not kept). */
  refused: z.number().int().min(0),
});
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;

/** The book document's commission sections: the access rules and the shapes read these names. */
export const COMMISSION_ADMIN_SECTIONS = ["commissionSchedules", "commissionAgents"] as const;
export const COMMISSION_AGENT_SECTIONS = [
  "commissionSplits",
  "commissionEarnings",
  "commissionMappings",
  "commissionStatements",
] as const;
