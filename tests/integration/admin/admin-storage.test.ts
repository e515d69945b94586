import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// The administration tables (docs/administration.md): one contract, run on SQLite and PostgreSQL.

function adminContract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`[STORE4] administration tables: ${label}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await open();
      await storage.members.upsertUser({ id: "admin-1", email: "admin@demo.test", name: "Admin" });
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });

    it("organisations: created, renamed, disabled, listed by id", async () => {
      const acme = {
        id: "acme",
        name: "Acme",
        organizationType: "agency",
        parentOrgId: null,
        createdAt: 1,
        updatedAt: 1,
        disabledAt: null,
      };
      await storage.platform.putOrganisation(acme);
      await storage.platform.putOrganisation({
        ...acme,
        id: "acme-west",
        name: "Acme West",
        parentOrgId: "acme",
      });
      await storage.platform.putOrganisation({ ...acme, name: "Acme Ltd", updatedAt: 5, disabledAt: 5 });
      expect(await storage.platform.getOrganisation("acme")).toEqual({
        ...acme,
        name: "Acme Ltd",
        updatedAt: 5,
        disabledAt: 5,
      });
      expect((await storage.platform.listOrganisations()).map((o) => [o.id, o.parentOrgId])).toEqual([
        ["acme", null],
        ["acme-west", "acme"],
      ]);
      expect(await storage.platform.getOrganisation("none")).toBeNull();
    });

    it("known organisations: the table's, and those only memberships or customer links name", async () => {
      await storage.members.upsertUser({ id: "member-1", email: null, name: null });
      await storage.members.addMembership("member-1", "zeta", "agent");
      await storage.members.linkCustomer("member-1", "beta", "c-1");
      expect(await storage.platform.listKnownOrgIds()).toEqual(["acme", "acme-west", "beta", "zeta"]);
    });

    it("identity users (embedded provider's invitees): stored, replaced, listed oldest first", async () => {
      const invitee = {
        sub: "auth0|invited-1",
        email: "new@acme.test",
        name: "new@acme.test",
        orgId: "acme",
        customerId: null,
        createdAt: 10,
      };
      await storage.identity.putIdentityUser(invitee);
      await storage.identity.putIdentityUser({
        ...invitee,
        sub: "auth0|invited-0",
        email: "b@acme.test",
        createdAt: 5,
      });
      await storage.identity.putIdentityUser({ ...invitee, name: "New Agent", customerId: "c-9" });
      expect(await storage.identity.listIdentityUsers()).toEqual([
        { ...invitee, sub: "auth0|invited-0", email: "b@acme.test", createdAt: 5 },
        { ...invitee, name: "New Agent", customerId: "c-9" },
      ]);
    });

    it("secrets: set, replace, list names only, clear", async () => {
      await storage.settings.putOrgSecret("o1", "fmhApiKey", new Uint8Array([1, 2, 3]), 10, "admin-1");
      await storage.settings.putOrgSecret("o1", "fmhApiKey", new Uint8Array([4, 5]), 20, "admin-1");
      await storage.settings.putOrgSecret("o2", "fmhApiKey", new Uint8Array([9]), 30, "admin-1");
      expect(await storage.settings.getOrgSecret("o1", "fmhApiKey")).toEqual(new Uint8Array([4, 5]));
      expect(await storage.settings.listOrgSecrets("o1")).toEqual([
        { orgId: "o1", name: "fmhApiKey", updatedAt: 20, updatedBy: "admin-1" },
      ]);
      await storage.settings.putOrgSecret("o1", "fmhApiKey", null, 40, "admin-1");
      expect(await storage.settings.getOrgSecret("o1", "fmhApiKey")).toBeNull();
      expect(await storage.settings.listOrgSecrets("o1")).toEqual([]);
      expect(await storage.settings.getOrgSecret("o2", "fmhApiKey")).toEqual(new Uint8Array([9]));
    });

    it("[IMPORT3] an organisation's budget of new documents: none until set, then replaced", async () => {
      expect(await storage.settings.getDocumentBudget("o1")).toBeNull();
      await storage.settings.putDocumentBudget("o1", 12_000, 10, "admin-1");
      await storage.settings.putDocumentBudget("o1", 20_000, 20, "admin-1");
      expect(await storage.settings.getDocumentBudget("o1")).toBe(20_000);
      expect(await storage.settings.getDocumentBudget("o2")).toBeNull();
    });

    it("assets: one per kind, replaced, deleted", async () => {
      const record = {
        orgId: "o1",
        kind: "fullLogo",
        contentType: "image/png",
        size: 3,
        sha256: "aa",
        updatedAt: 1,
        updatedBy: "admin-1",
      };
      await storage.settings.putOrgAsset(record, new Uint8Array([1, 2, 3]));
      await storage.settings.putOrgAsset({ ...record, sha256: "bb", size: 2 }, new Uint8Array([7, 8]));
      const got = await storage.settings.getOrgAsset("o1", "fullLogo");
      expect(got?.record).toEqual({ ...record, sha256: "bb", size: 2 });
      expect(got?.content).toEqual(new Uint8Array([7, 8]));
      expect(await storage.settings.getOrgAsset("o2", "fullLogo")).toBeNull();
      expect(await storage.settings.deleteOrgAsset("o1", "fullLogo")).toBe(true);
      expect(await storage.settings.deleteOrgAsset("o1", "fullLogo")).toBe(false);
    });

    it("audit: newest first, per organisation, with the actor's e-mail", async () => {
      await storage.settings.appendAdminAudit({
        orgId: "o1",
        actorId: "admin-1",
        action: "a",
        target: "t1",
        at: 1,
      });
      await storage.settings.appendAdminAudit({
        orgId: "o1",
        actorId: "admin-1",
        action: "b",
        target: "t2",
        at: 2,
        detail: "agent",
      });
      await storage.settings.appendAdminAudit({
        orgId: "o2",
        actorId: "x",
        action: "c",
        target: "t3",
        at: 3,
      });
      const rows = await storage.settings.listAdminAudit("o1", 10);
      expect(rows.map((r) => [r.action, r.target, r.detail, r.actorEmail])).toEqual([
        ["b", "t2", "agent", "admin@demo.test"],
        ["a", "t1", null, "admin@demo.test"],
      ]);
      expect(await storage.settings.listAdminAudit("o1", 1)).toHaveLength(1);
    });

    it("invitations: stored, used once only, open ones listed", async () => {
      const invitation = {
        id: "inv-1",
        orgId: "o1",
        email: "new@demo.test",
        roles: ["agent" as const],
        customerId: null,
        createdBy: "admin-1",
        createdAt: 5,
        expiresAt: 500,
        usedAt: null,
        usedBy: null,
      };
      await storage.members.createInvitation(invitation);
      await storage.members.createInvitation({
        ...invitation,
        id: "inv-2",
        customerId: "c1",
        roles: ["customer"],
      });
      expect(await storage.members.getInvitation("inv-1")).toEqual(invitation);
      expect((await storage.members.listInvitations("o1")).map((i) => i.id).sort()).toEqual([
        "inv-1",
        "inv-2",
      ]);
      const [first, second] = await Promise.all([
        storage.members.redeemInvitation("inv-1", "u-new", 9),
        storage.members.redeemInvitation("inv-1", "u-other", 10),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      // Whichever redemption won stamped the invitation with its user and time; the other changed nothing.
      const won = first ? { usedBy: "u-new", usedAt: 9 } : { usedBy: "u-other", usedAt: 10 };
      expect(await storage.members.getInvitation("inv-1")).toEqual({ ...invitation, ...won });
      expect((await storage.members.listInvitations("o1")).map((i) => i.id)).toEqual(["inv-2"]);
      expect(await storage.members.getInvitation("nope")).toBeNull();
      // [INVITE1] withdrawn: the address's unused invitations of that organisation go; a used one stays.
      await storage.members.createInvitation({ ...invitation, id: "inv-3", orgId: "o2" });
      expect(await storage.members.withdrawInvitations("o1", "new@demo.test")).toBe(1);
      expect(await storage.members.listInvitations("o1")).toEqual([]);
      expect(await storage.members.getInvitation("inv-1")).toEqual({ ...invitation, ...won });
      expect((await storage.members.listInvitations("o2")).map((i) => i.id)).toEqual(["inv-3"]);
    });

    it("outbox and sign-ins", async () => {
      await storage.platform.putOutbox({
        id: "m1",
        createdAt: 1,
        to: "a@b.test",
        subject: "Hi",
        text: "t",
        html: null,
        headers: { "X-A": "1" },
      });
      await storage.platform.putOutbox({
        id: "m2",
        createdAt: 2,
        to: "c@d.test",
        subject: "Yo",
        text: "u",
        html: "<p>u</p>",
        headers: {},
      });
      expect((await storage.platform.listOutbox(10)).map((m) => m.id)).toEqual(["m2", "m1"]);
      expect((await storage.platform.listOutbox(10))[1]?.headers).toEqual({ "X-A": "1" });
      await storage.members.recordSignIn("admin-1", 100);
      await storage.members.recordSignIn("admin-1", 50);
      await storage.members.recordSignIn("u2", 70);
      const last = await storage.members.lastSignIns(["admin-1", "u2", "u3"]);
      expect(Object.fromEntries(last)).toEqual({ "admin-1": 100, u2: 70 });
      expect((await storage.members.lastSignIns([])).size).toBe(0);
      expect(await storage.members.getUserProfile("admin-1")).toBeNull();
      await storage.members.putUserProfile("admin-1", '{"name":"A"}', 1);
      await storage.members.putUserProfile("admin-1", '{"name":"B"}', 2);
      expect(await storage.members.getUserProfile("admin-1")).toBe('{"name":"B"}');
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-admin-storage-"));
adminContract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "admin.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("admin");
  adminContract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
