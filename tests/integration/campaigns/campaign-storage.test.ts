import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// The campaign tables (sync-server/campaigns/tables.ts): one contract on SQLite and PostgreSQL.

function contract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`campaign tables: ${label}`, () => {
    let s: Storage;
    beforeAll(async () => {
      s = await open();
    });
    afterAll(async () => {
      await s.close();
      await cleanup();
    });
    const key = { campaignId: "k1", runDate: "2026-11-24", recipientId: "c1", channel: "email" as const };

    it("a send is claimed once: held while the lease runs, taken over after it, never after it is finished", async () => {
      expect(await s.campaigns.claimSend(key, "o1", "a", 100, 200)).toBe("claimed");
      expect(await s.campaigns.claimSend(key, "o1", "b", 150, 250)).toBe("held");
      expect(await s.campaigns.claimSend(key, "o1", "a", 160, 260)).toBe("claimed"); // the holder renews
      expect(await s.campaigns.claimSend(key, "o1", "b", 261, 400)).toBe("claimed"); // lease over: b takes it
      expect(await s.campaigns.finishSend(key, "a", "sent", {}, 270)).toBe(false); // a lost it
      expect(await s.campaigns.finishSend(key, "b", "sent", { providerId: "m-1" }, 280)).toBe(true);
      expect(await s.campaigns.claimSend(key, "o1", "c", 10_000, 20_000)).toBe("sent");
      const [row] = await s.campaigns.listSends("o1", "k1");
      expect(row).toMatchObject({ status: "sent", attempts: 3, providerId: "m-1", at: 280 });
    });

    it("run summaries count sent, failed, skipped and pending per run, newest first", async () => {
      const k = (recipientId: string, runDate: string) => ({
        ...key,
        campaignId: "k2",
        recipientId,
        runDate,
      });
      await s.campaigns.claimSend(k("c1", "2026-11-23"), "o1", "a", 1, 2);
      await s.campaigns.finishSend(k("c1", "2026-11-23"), "a", "sent", {}, 3);
      await s.campaigns.claimSend(k("c1", "2026-11-24"), "o1", "a", 1, 2);
      await s.campaigns.finishSend(k("c1", "2026-11-24"), "a", "failed", { reason: "550" }, 4);
      await s.campaigns.claimSend(k("c2", "2026-11-24"), "o1", "a", 1, 2);
      await s.campaigns.finishSend(k("c2", "2026-11-24"), "a", "skipped", { reason: "stale market data" }, 5);
      await s.campaigns.claimSend(k("c3", "2026-11-24"), "o1", "a", 1, 2);
      expect(await s.campaigns.runSummaries("o1", "k2")).toEqual([
        { runDate: "2026-11-24", sent: 0, failed: 1, skipped: 1, pending: 1, lastAt: 5 },
        { runDate: "2026-11-23", sent: 1, failed: 0, skipped: 0, pending: 0, lastAt: 3 },
      ]);
      expect(await s.campaigns.runSummaries("o2", "k2")).toEqual([]);
    });

    it("opt-outs per campaign, customer and channel; opting back in clears one", async () => {
      await s.campaigns.setOptOut(
        { orgId: "o1", campaignId: "k1", customerId: "c1", channel: "email", optedOut: true, how: "link" },
        1,
      );
      await s.campaigns.setOptOut(
        { orgId: "o1", campaignId: "k1", customerId: "c1", channel: "sms", optedOut: true, how: "STOP" },
        2,
      );
      expect([...((await s.campaigns.optOuts("o1", "k1")).get("c1") ?? [])].sort()).toEqual(["email", "sms"]);
      await s.campaigns.setOptOut(
        {
          orgId: "o1",
          campaignId: "k1",
          customerId: "c1",
          channel: "email",
          optedOut: false,
          how: "opted back in",
        },
        3,
      );
      expect([...((await s.campaigns.optOuts("o1", "k1")).get("c1") ?? [])]).toEqual(["sms"]);
      expect((await s.campaigns.optOuts("o1", "k9")).size).toBe(0);
    });

    it("an uncertain send is not claimed again before its time unless a callback settles it", async () => {
      const u = { ...key, campaignId: "k3" };
      expect(await s.campaigns.claimSend(u, "o1", "a", 100, 200)).toBe("claimed");
      expect(await s.campaigns.markUncertain(u, "b", 1000, "timeout", 110)).toBe(false); // not b's
      expect(await s.campaigns.markUncertain(u, "a", 1000, "no answer: may have been accepted", 110)).toBe(
        true,
      );
      expect(await s.campaigns.claimSend(u, "o1", "a", 500, 800)).toBe("uncertain"); // not even its holder
      expect(await s.campaigns.runSummaries("o1", "k3")).toMatchObject([{ pending: 1 }]);
      // After its time, it may be claimed again (nobody settled it) …
      expect(await s.campaigns.claimSend(u, "o1", "b", 1001, 1300)).toBe("claimed");
      expect(await s.campaigns.finishSend(u, "b", "sent", { providerId: "m-2" }, 1002)).toBe(true);
      // … and a callback settles a send only from the states it names.
      expect(await s.campaigns.resolveSend(u, { status: "sent" }, ["claimed", "uncertain"], 1003)).toBe(
        false,
      );
      expect(
        await s.campaigns.resolveSend(
          u,
          { status: "failed", reason: "bounced" },
          ["claimed", "uncertain", "sent"],
          1004,
        ),
      ).toBe(true);
      expect((await s.campaigns.listSends("o1", "k3"))[0]).toMatchObject({
        status: "failed",
        reason: "bounced",
        providerId: "m-2",
      });
      const v = { ...key, campaignId: "k4" };
      await s.campaigns.claimSend(v, "o1", "a", 100, 200);
      await s.campaigns.markUncertain(v, "a", 1000, "timeout", 110);
      expect(
        await s.campaigns.resolveSend(
          v,
          { status: "sent", providerId: "SM1" },
          ["claimed", "uncertain"],
          120,
        ),
      ).toBe(true);
      expect(await s.campaigns.claimSend(v, "o1", "b", 2000, 2300)).toBe("sent");
      expect(
        await s.campaigns.resolveSend({ ...v, recipientId: "nobody" }, { status: "sent" }, ["uncertain"], 1),
      ).toBe(false);
    });

    it("short links: a code is stored once, read back with its expiry, and deleted once expired", async () => {
      const link = {
        code: "AbCdEf123456",
        orgId: "o1",
        campaignId: "k1",
        customerId: "c1",
        target: "https://app.test/lrp-quote?campaign=k1",
        createdAt: 10,
        expiresAt: 1000,
      };
      expect(await s.campaigns.putShortLink(link)).toBe(true);
      expect(await s.campaigns.putShortLink({ ...link, target: "https://elsewhere.test/" })).toBe(false);
      expect(await s.campaigns.shortLink("AbCdEf123456")).toEqual(link);
      expect(await s.campaigns.shortLink("abcdef123456")).toBeUndefined(); // codes are case-sensitive
      await s.campaigns.putShortLink({ ...link, code: "ZZZZZZZZZZZZ", expiresAt: 5000 });
      expect(await s.campaigns.deleteExpiredShortLinks(1001)).toBe(1);
      expect(await s.campaigns.shortLink("AbCdEf123456")).toBeUndefined();
      expect((await s.campaigns.shortLink("ZZZZZZZZZZZZ"))?.expiresAt).toBe(5000);
    });

    it("the SMS outbox keeps texts newest first", async () => {
      await s.campaigns.putSmsOutbox({ id: "s1", createdAt: 1, to: "+1", from: "+2", body: "a" });
      await s.campaigns.putSmsOutbox({ id: "s2", createdAt: 2, to: "+1", from: "+2", body: "b" });
      expect((await s.campaigns.listSmsOutbox(10)).map((m) => m.body)).toEqual(["b", "a"]);
    });

    it("[UNSUB2] re-subscribe asks: counted per address and day at once, a request taken once before its expiry", async () => {
      const counts = await Promise.all(
        [1, 2, 3, 4].map(() => s.campaigns.countResubscribeAsk("key-a", "2026-12-01")),
      );
      expect(counts.sort()).toEqual([1, 2, 3, 4]);
      expect(await s.campaigns.countResubscribeAsk("key-a", "2026-12-02")).toBe(1);
      expect(await s.campaigns.countResubscribeAsk("key-b", "2026-12-01")).toBe(1);
      const r = { id: "r1", orgId: "o1", address: "a@r.test", createdAt: 100, expiresAt: 200 };
      await s.campaigns.putResubscribeRequest(r);
      await s.campaigns.putResubscribeRequest({ ...r, id: "r2" });
      expect(await s.campaigns.takeResubscribeRequest("r1", 200)).toEqual(r);
      expect(await s.campaigns.takeResubscribeRequest("r1", 150)).toBe("used");
      expect(await s.campaigns.takeResubscribeRequest("r2", 201)).toBe("expired");
      expect(await s.campaigns.takeResubscribeRequest("r3", 150)).toBeUndefined();
      await s.campaigns.pruneResubscribe("2026-12-02", 201);
      expect(await s.campaigns.countResubscribeAsk("key-a", "2026-12-01")).toBe(1); // the old day is gone
      expect(await s.campaigns.countResubscribeAsk("key-a", "2026-12-02")).toBe(2);
      expect(await s.campaigns.takeResubscribeRequest("r2", 150)).toBeUndefined();
    });

    it("[UNSUB2] an organisation's e-mail opt-outs, not its texts' nor another organisation's", async () => {
      const out = (
        orgId: string,
        campaignId: string,
        customerId: string,
        channel: "email" | "sms",
        optedOut = true,
      ) => s.campaigns.setOptOut({ orgId, campaignId, customerId, channel, optedOut, how: "t" }, 1);
      await out("o-e", "k2", "c1", "email");
      await out("o-e", "k1", "c1", "email");
      await out("o-e", "k1", "c2", "sms");
      await out("o-e", "k1", "c3", "email", false);
      await out("o-f", "k1", "c1", "email");
      expect(await s.campaigns.emailOptOuts("o-e")).toEqual([
        { campaignId: "k1", customerId: "c1" },
        { campaignId: "k2", customerId: "c1" },
      ]);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-tables-"));
contract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "c.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);
describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("camptab");
  contract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
