import type { Channel, Recipient } from "../documents/campaign";

// Who gets a campaign and how (docs/campaigns.md). SMS only when the organisation enables SMS campaigns and
// the customer gave SMS consent (and has a mobile phone); e-mail only to a customer with an address. An
// unsubscribe is the recipient's alone: the document is agent-writable, so the server keeps the
// authoritative opt-outs in its own table and the sender consults them (sync-server/campaigns); this
// module's rules are what both the form and the sender apply.

export interface RecipientContact {
  email?: string;
  mobilePhone?: string;
  smsConsent?: { at: string } | null;
  /**
   * What the book's customer summary says instead of the phone and consent (shared/book/summaries.ts:
   * a mobile phone and SMS consent not withdrawn); when given, it decides.
   */
  sms?: boolean;
}

/** Whether the customer can be texted: a mobile phone and SMS consent (or the summary's word for it). */
const textable = (contact: RecipientContact): boolean =>
  contact.sms !== undefined ? contact.sms : Boolean(contact.smsConsent && contact.mobilePhone);

/** The channels a customer can be reached on for this organisation. */
export function availableChannels(
  contact: RecipientContact,
  org: { enableSMSCampaigns?: boolean },
): Channel[] {
  const channels: Channel[] = [];
  if (contact.email) channels.push("email");
  if (org.enableSMSCampaigns === true && textable(contact)) channels.push("sms");
  return channels;
}

/** Why a channel cannot be used for a customer, or null. */
export function channelProblem(
  channel: Channel,
  contact: RecipientContact,
  org: { enableSMSCampaigns?: boolean },
): string | null {
  if (channel === "email") return contact.email ? null : "the customer has no e-mail address";
  if (org.enableSMSCampaigns !== true) return "SMS campaigns are not enabled for this organisation";
  if (contact.sms !== undefined)
    return contact.sms ? null : "the customer has no mobile phone with SMS consent";
  if (!contact.mobilePhone) return "the customer has no mobile phone";
  if (!contact.smsConsent) return "the customer has not given SMS consent";
  return null;
}

/**
 * An agent's edit of a recipient, applied over what was there: an UNSUBSCRIBED recipient stays
 * UNSUBSCRIBED whatever the edit says (only the recipient opts back in).
 */
export function applyAgentEdit(before: Recipient | undefined, edited: Recipient): Recipient {
  if (before?.status === "UNSUBSCRIBED" && edited.status !== "UNSUBSCRIBED")
    return { ...edited, status: "UNSUBSCRIBED", reason: before.reason };
  return edited;
}

/**
 * OPTOUT1 (issue 47 §3): a saved recipient after the server's opt-outs. An opt-out applies to its own channel
 * only (the sender leaves that channel out, deliverableChannels): the recipient becomes UNSUBSCRIBED only
 * when every channel it has is opted out — an SMS STOP never stops their e-mail, nor undoes an e-mail
 * re-subscribe (UNSUB2).
 */
export function withOptOuts(recipient: Recipient, optedOut: ReadonlySet<Channel> | undefined): Recipient {
  if (recipient.status !== "ACTIVE" || !optedOut?.size) return recipient;
  return recipient.channels.every((c) => optedOut.has(c))
    ? { ...recipient, status: "UNSUBSCRIBED", reason: "opted out by the recipient" }
    : recipient;
}

/** The opt-outs the server holds for one campaign and customer: by channel, true when opted out. */
export type OptOuts = Partial<Record<Channel, boolean>>;

/** The channels a message actually goes to: the recipient's, minus opt-outs, minus what is not allowed. */
export function deliverableChannels(
  recipient: Recipient,
  contact: RecipientContact,
  org: { enableSMSCampaigns?: boolean },
  optOuts: OptOuts,
): Channel[] {
  if (recipient.status !== "ACTIVE") return [];
  return recipient.channels.filter((c) => optOuts[c] !== true && channelProblem(c, contact, org) === null);
}
