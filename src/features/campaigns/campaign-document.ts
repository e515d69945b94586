import { applyAgentEdit } from "../../../shared/campaigns/recipients";
import { settle } from "../../../shared/campaigns/status";
import { wallTime } from "../../../shared/campaigns/zoned-time";
import { type Campaign, campaignSchema } from "../../../shared/documents/campaign";
import type { DocumentData, DocumentTransaction } from "../../lib/sync";

// A campaign as its synced document `org/{o}/campaign/{id}` holds it (ACL6: the organisation's agents
// read and write it), so the campaign screens work offline like the rest of the book: the form reads
// the device's copy and saves by writing it locally (the sync layer sends it when the connection is
// back). The server stays the authority on opt-outs: its campaign_opt_outs table decides who gets what
// (sync-server/campaigns/sender.ts), whatever the document says; the form also keeps an UNSUBSCRIBED
// recipient unsubscribed (applyAgentEdit), as the server's PUT does.

/** The document's content as one campaign, or null when it holds none (new, or legacy open content). */
export function campaignOf(data: DocumentData<"campaign"> | undefined): Campaign | null {
  if (!data?.campaign || !data.schedule) return null;
  const parsed = campaignSchema.safeParse({
    campaign: data.campaign,
    schedule: data.schedule,
    recipients: data.recipients ?? {},
  });
  return parsed.success ? parsed.data : null;
}

/** The organisation's calendar date now (its time zone, default Central). */
export const orgToday = (timeZone: string | undefined, now = Date.now()): string =>
  wallTime(now, timeZone ?? "America/Chicago").date;

/**
 * Writes an edited campaign over what the document holds, in one transaction: a recipient who
 * unsubscribed stays so; the status is the schedule's (or PAUSED); who created it and when stay.
 */
export function writeCampaign(
  t: DocumentTransaction<"campaign">,
  before: Campaign | null,
  edited: Campaign,
  context: { today: string; userId: string; now: string },
): void {
  const status =
    edited.campaign.status === "PAUSED" ? "PAUSED" : settle("ACTIVE", edited.schedule, context.today);
  const campaign: Campaign["campaign"] = {
    ...edited.campaign,
    status,
    createdBy: before?.campaign.createdBy ?? edited.campaign.createdBy ?? context.userId,
    createdAt: before?.campaign.createdAt ?? edited.campaign.createdAt ?? context.now,
    updatedAt: context.now,
  };
  // Each field whole: a quote switched from LRP to LGM must not keep the LRP fields. The name is shared
  // text (TEXT1): a new campaign's is made with it; an existing campaign's is typed live into the
  // document (the form's input is bound to it), so a save never writes it over what someone types.
  for (const [key, value] of Object.entries(campaign)) {
    if (value === undefined) continue;
    if (key === "name") {
      if (before === null) t.set("campaign", ["name"], value);
    } else t.setWhole("campaign", [key], value);
  }
  for (const [key, value] of Object.entries(edited.schedule))
    if (value !== undefined) t.setWhole("schedule", [key], value);
  if (edited.schedule.endDate === undefined && before?.schedule.endDate !== undefined)
    t.remove("schedule", ["endDate"]);
  for (const [key, recipient] of Object.entries(edited.recipients))
    t.setWhole("recipients", [key], applyAgentEdit(before?.recipients[key], recipient));
  for (const key of Object.keys(before?.recipients ?? {}))
    if (!(key in edited.recipients)) t.remove("recipients", [key]);
}
