import { quoteScreenPath } from "../../shared/access/routes";
import { documentName } from "../../shared/documents/names";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { storedDocumentJson } from "../campaigns/stored-doc";
import type { EmailSender } from "../outbound/email/types";
import type { PushResult, PushSender } from "../push/send";
import type { Storage } from "../storage/types";
import { type AlertHit, alertText, evaluateWatchlist } from "./evaluate";

// After each published snapshot: every user's watchlist (`user/{id}/watchlist`, read from the stored
// documents) is evaluated with the shared engine; each met target is told once per snapshot — the
// marker `alert:{user}:{item}:{asOf}` (storage.settings.claimMarker, shared by every instance) is set by the one
// instance that sends it — by Web Push to the user's devices and, when the item's target asks for it,
// by e-mail through the outbound e-mail adapter. Pushes go out through the sender's bounded pool while
// the run goes on (PUSH4): no user's alert waits for another's push service to answer.
//
// SMS: no outbound SMS adapter exists in sync-server/outbound yet; `sms` is the seam (AlertSmsSender).
// Without one, a target's `sms: true` is not sent and the run's result counts it in `smsUnsent`.

export interface AlertSmsSender {
  send(message: { userId: string; text: string }): Promise<void>;
}

export interface AlertRunOptions {
  storage: Storage;
  push: PushSender | null;
  email: EmailSender | null;
  sms?: AlertSmsSender | null;
  /** The app's address, for the link the notification opens. */
  appUrl: () => string;
  log?: (message: string) => void;
}

export interface AlertRunResult {
  users: number;
  hits: number;
  pushed: number;
  emailed: number;
  smsUnsent: number;
  alreadyTold: number;
}

const WATCHLIST = /^user\/([^/]+)\/watchlist$/;

/** The quote screen of the item (the notification opens it). */
export const quotePath = (hit: AlertHit) =>
  quoteScreenPath(hit.plan, { commodity: hit.commodity, type: hit.type, watch: hit.itemId });

async function emailOf(storage: Storage, userId: string): Promise<string | null> {
  const subject = await storage.members.loadSubject(userId);
  for (const orgId of new Set(subject.memberships.map((m) => m.orgId))) {
    const found = (await storage.members.listMembers(orgId)).find((m) => m.id === userId);
    if (found?.email) return found.email;
  }
  return null;
}

export async function runAlerts(snapshot: MarketSnapshot, options: AlertRunOptions): Promise<AlertRunResult> {
  const { storage } = options;
  const log = options.log ?? (() => {});
  const result: AlertRunResult = { users: 0, hits: 0, pushed: 0, emailed: 0, smsUnsent: 0, alreadyTold: 0 };
  const names = (await storage.listDocuments("user/")).filter((n) => WATCHLIST.test(n));
  const pushes: Promise<void>[] = [];
  const counted = (itemId: string) => (sent: PushResult) => {
    result.pushed += sent.sent;
    if (sent.failed.length > 0) log(`price alert push for ${itemId}: ${sent.failed.join("; ")}`);
  };
  for (const name of names) {
    const userId = (WATCHLIST.exec(name) as RegExpExecArray)[1];
    if (name !== documentName.watchlist(userId)) continue;
    const json = await storedDocumentJson(storage, name);
    const items = (json.items ?? {}) as Record<string, unknown>;
    result.users++;
    const { hits } = evaluateWatchlist(items, snapshot);
    for (const hit of hits) {
      result.hits++;
      if (!(await storage.settings.claimMarker(`alert:${userId}:${hit.itemId}:${hit.asOf}`))) {
        result.alreadyTold++;
        continue;
      }
      const text = alertText(hit);
      const url = `${options.appUrl().replace(/\/+$/, "")}${quotePath(hit)}`;
      if (options.push)
        pushes.push(
          options.push
            .send(userId, { ...text, url, tag: `alert:${hit.itemId}` })
            .then(counted(hit.itemId), (e) => log(`price alert push for ${hit.itemId}: ${e}`)),
        );
      if (hit.target.email && options.email) {
        const to = await emailOf(storage, userId);
        if (to) {
          await options.email.send({
            to,
            subject: text.title,
            text: `${text.body}\n\nOpen the quote: ${url}\n`,
          });
          result.emailed++;
        }
      }
      if (hit.target.sms) {
        if (options.sms) await options.sms.send({ userId, text: `${text.title}: ${text.body} ${url}` });
        else result.smsUnsent++;
      }
    }
  }
  await Promise.all(pushes);
  return result;
}
