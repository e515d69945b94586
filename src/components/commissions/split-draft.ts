import {
  type CommissionAgent,
  type CommissionSplit,
  commissionAgentSchema,
  commissionSplitSchema,
} from "../../../shared/documents/commission";
import { type FieldIssues, issuesByPath } from "../book-forms/zod-issues";

// A policy's commission split as its form holds it (docs/commissions.md "Splits"), and back to the
// shared shapes (commissionSplitSchema, commissionAgentSchema check it; their messages show at the
// fields). A change is a new dated entry: the entries already written keep what was earned with them
// (COMMUI2). An agent's default fills a new policy's split.

export interface SplitDraft {
  writingAgentId: string;
  /** "" for none. */
  servicingAgentId: string;
  writingSharePercent: string;
  servicingSharePercent: string;
  agencySharePercent: string;
  /** The day the split applies from (YYYY-MM-DD). */
  from: string;
}

type Shares = Pick<
  CommissionSplit,
  | "writingAgentId"
  | "servicingAgentId"
  | "writingSharePercent"
  | "servicingSharePercent"
  | "agencySharePercent"
>;

const sharesOf = (s: Shares) => ({
  writingAgentId: s.writingAgentId,
  servicingAgentId: s.servicingAgentId ?? "",
  writingSharePercent: s.writingSharePercent,
  servicingSharePercent: s.servicingSharePercent,
  agencySharePercent: s.agencySharePercent,
});

/**
 * The split a policy's form starts from: the policy's split in effect on `today`, else the agent's
 * default, else all of the agents' portion to `agentId` and nothing kept by the agency.
 */
export function splitDraftFor(
  current: CommissionSplit | undefined,
  defaults: Readonly<Record<string, CommissionAgent>>,
  agentId: string,
  today: string,
): SplitDraft {
  if (current) return { ...sharesOf(current), from: today };
  const own = defaults[agentId];
  if (own) return { ...sharesOf(own), from: today };
  return {
    writingAgentId: agentId,
    servicingAgentId: "",
    writingSharePercent: "100",
    servicingSharePercent: "0",
    agencySharePercent: "0",
    from: today,
  };
}

/** A policy's split entries, oldest first. */
export const splitsOfPolicy = (splits: readonly CommissionSplit[], policyId: string): CommissionSplit[] =>
  splits
    .filter((s) => s.policyId === policyId)
    .sort((a, b) => a.from.localeCompare(b.from) || a.updatedAt.localeCompare(b.updatedAt));

/** The entry in effect on `day`: the last one from that day or before (none before the first). */
export const splitOn = (entries: readonly CommissionSplit[], day: string): CommissionSplit | undefined =>
  entries.filter((s) => s.from <= day).at(-1);

const trimmed = (d: SplitDraft) => ({
  writingAgentId: d.writingAgentId.trim(),
  ...(d.servicingAgentId.trim() ? { servicingAgentId: d.servicingAgentId.trim() } : {}),
  writingSharePercent: d.writingSharePercent.trim(),
  servicingSharePercent: d.servicingAgentId.trim() ? d.servicingSharePercent.trim() : "0",
  agencySharePercent: d.agencySharePercent.trim(),
});

/** True when the draft's shares are those of `current` (nothing to write). */
export function sameShares(draft: SplitDraft, current: Shares | undefined): boolean {
  if (!current) return false;
  const a = trimmed(draft);
  const b = sharesOf(current);
  return (
    a.writingAgentId === b.writingAgentId &&
    (a.servicingAgentId ?? "") === b.servicingAgentId &&
    Number(a.writingSharePercent) === Number(b.writingSharePercent) &&
    Number(a.servicingSharePercent) === Number(b.servicingSharePercent) &&
    Number(a.agencySharePercent) === Number(b.agencySharePercent)
  );
}

/** Names the writing agent's field so a missing choice reads as one. */
const own = (d: SplitDraft): Record<string, string> =>
  d.writingAgentId.trim() ? {} : { writingAgentId: "choose the writing agent" };

export type SplitBuild = { ok: true; split: CommissionSplit } | { ok: false; issues: FieldIssues };

/**
 * The entry a draft writes for a policy. An entry of the same policy from the same day is replaced
 * (its id kept); any other day's is a new entry, so earlier days keep their split.
 */
export function splitFromDraft(
  draft: SplitDraft,
  base: { policyId: string; customerId: string; at: string; by: string; newId: () => string },
  entries: readonly CommissionSplit[],
): SplitBuild {
  const sameDay = entries.find((s) => s.from === draft.from.trim());
  const parsed = commissionSplitSchema.safeParse({
    id: sameDay?.id ?? base.newId(),
    policyId: base.policyId,
    customerId: base.customerId,
    from: draft.from.trim(),
    ...trimmed(draft),
    ...(sameDay?.business ? { business: sameDay.business } : {}),
    updatedAt: base.at,
    updatedBy: base.by,
  });
  const issues = { ...(parsed.success ? {} : issuesByPath(parsed.error)), ...own(draft) };
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, split: parsed.data };
}

export type AgentDefaultBuild = { ok: true; agent: CommissionAgent } | { ok: false; issues: FieldIssues };

/** An agent's default split from a draft (the draft's writing agent is the agent). */
export function agentDefaultFromDraft(
  draft: SplitDraft,
  base: { at: string; by: string },
): AgentDefaultBuild {
  const parsed = commissionAgentSchema.safeParse({
    id: draft.writingAgentId.trim(),
    ...trimmed(draft),
    updatedAt: base.at,
    updatedBy: base.by,
  });
  const issues = { ...(parsed.success ? {} : issuesByPath(parsed.error)), ...own(draft) };
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, agent: parsed.data };
}
