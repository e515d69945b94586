import type { ScheduleStatus } from "../catalogue/enumerations";
import type { ScheduleRule } from "./schedule";

// A campaign's status (spec §4 leaves the transitions open; these are ours, docs/campaigns.md):
//
//   SCHEDULED ──(start date reached)──▶ ACTIVE ──(FIXED end date passed)──▶ EXPIRED
//       │  ▲                             │  ▲
//     pause│ resume (start in future)   pause resume
//       ▼  │                             ▼  │
//       PAUSED ◀──────────────────────────┘  (PAUSED also EXPIRES when the end date passes)
//
// Dates are the organisation's calendar dates. Time moves SCHEDULED → ACTIVE and anything → EXPIRED;
// an agent pauses and resumes. EXPIRED is final unless an edit moves the end date to today or later
// (or makes the campaign ONGOING): `settle` then gives SCHEDULED or ACTIVE again.

export type CampaignAction = "pause" | "resume";

/** The status time gives a campaign that is not paused. */
const runningStatus = (rule: ScheduleRule, today: string): ScheduleStatus => {
  if (rule.durationType === "FIXED" && rule.endDate !== undefined && today > rule.endDate) return "EXPIRED";
  return today < rule.startDate ? "SCHEDULED" : "ACTIVE";
};

/** The status a campaign has on `today`, from its stored status and schedule. */
export function settle(status: ScheduleStatus, rule: ScheduleRule, today: string): ScheduleStatus {
  const running = runningStatus(rule, today);
  if (status === "PAUSED") return running === "EXPIRED" ? "EXPIRED" : "PAUSED";
  return running;
}

/** The actions an agent may take on a campaign in a status. */
export function allowedActions(status: ScheduleStatus): CampaignAction[] {
  if (status === "ACTIVE" || status === "SCHEDULED") return ["pause"];
  if (status === "PAUSED") return ["resume"];
  return [];
}

/** The status after an agent's action, or an error naming why it cannot be taken. */
export function applyAction(
  status: ScheduleStatus,
  action: CampaignAction,
  rule: ScheduleRule,
  today: string,
): { ok: true; status: ScheduleStatus } | { ok: false; message: string } {
  const current = settle(status, rule, today);
  if (!allowedActions(current).includes(action))
    return { ok: false, message: `a ${current.toLowerCase()} campaign cannot be ${action}d` };
  return { ok: true, status: action === "pause" ? "PAUSED" : runningStatus(rule, today) };
}
