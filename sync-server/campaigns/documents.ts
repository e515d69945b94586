import type { Document, Hocuspocus } from "@hocuspocus/server";
import { writeSections } from "../sync/doc-json";
import { upgradeTexts } from "../sync/text-upgrade";

// The server's writes into a campaign document, through its direct connection: recipients' new
// statuses (a provider's refusal or delivery report, the scheduler's and the callbacks') and an agent's
// save through the API.

export interface RecipientChange {
  recipientId: string;
  status: "INVALID" | "UNSUBSCRIBED";
  reason: string;
}

export function campaignDocuments(hocuspocus: Hocuspocus) {
  const write = async (orgId: string, campaignId: string, change: (document: Document) => void) => {
    const direct = await hocuspocus.openDirectConnection(`org/${orgId}/campaign/${campaignId}`, {
      server: true,
    });
    try {
      await direct.transact(change);
    } finally {
      await direct.disconnect();
    }
  };
  return {
    markRecipients: (orgId: string, campaignId: string, changes: readonly RecipientChange[]) =>
      write(orgId, campaignId, (document) => {
        const recipients = document.getMap<unknown>("recipients");
        for (const change of changes) {
          const current = recipients.get(change.recipientId);
          // A record written field by field is a nested map; an older one a plain object.
          if (current && typeof (current as { set?: unknown }).set === "function") {
            const fields = current as { set(key: string, value: unknown): void };
            fields.set("status", change.status);
            fields.set("reason", change.reason);
          } else if (current && typeof current === "object")
            recipients.set(change.recipientId, {
              ...current,
              status: change.status,
              reason: change.reason,
            });
        }
      }),
    /**
     * UNSUB2: recipients of these customers that the document has UNSUBSCRIBED become ACTIVE again (the
     * customer confirmed by e-mail), without the unsubscribe's reason; INVALID and ACTIVE ones stay as
     * they are. The opt-outs table still decides each channel.
     */
    restoreRecipients: (orgId: string, campaignId: string, customerIds: ReadonlySet<string>) =>
      write(orgId, campaignId, (document) => {
        const recipients = document.getMap<unknown>("recipients");
        for (const [key, current] of recipients.entries()) {
          const nested = current && typeof (current as { get?: unknown }).get === "function";
          const read = (field: string) =>
            nested
              ? (current as { get(k: string): unknown }).get(field)
              : (current as Record<string, unknown> | null)?.[field];
          if (String(read("status")) !== "UNSUBSCRIBED" || !customerIds.has(String(read("customerId"))))
            continue;
          if (nested) {
            const fields = current as { set(k: string, v: unknown): void; delete(k: string): void };
            fields.set("status", "ACTIVE");
            fields.delete("reason");
          } else {
            const { reason: _, ...rest } = current as Record<string, unknown>;
            recipients.set(key, { ...rest, status: "ACTIVE" });
          }
        }
      }),
    /**
     * Writes whole sections, free text as shared text (TEXT1, as a restore writes it): a device showing
     * the campaign binds to the server's name instead of making its own (a change for merely looking).
     */
    writeCampaign: (orgId: string, campaignId: string, sections: Record<string, Record<string, unknown>>) =>
      write(orgId, campaignId, (document) => {
        writeSections(document, sections);
        upgradeTexts(document, "campaign");
      }),
  };
}
