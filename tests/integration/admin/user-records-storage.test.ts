import { expect, it } from "vitest";
import { onBothDatabases } from "../sync/on-both-databases";

// ADMIN1's storage (docs/hardening.md): a user's stored record with every organisation they belong to,
// through memberships and customer links, on SQLite and PostgreSQL alike.

onBothDatabases("[ADMIN1] a stored user and their organisations", "user_records", (opened) => {
  it("reads the record and each organisation of its memberships and customer links once, sorted", async () => {
    const storage = opened();
    await storage.members.upsertUser({ id: "u-1", email: "u1@example.test", name: "User One" });
    await storage.members.addMembership("u-1", "west", "agent");
    await storage.members.addMembership("u-1", "west", "admin");
    await storage.members.linkCustomer("u-1", "east", "c-1");
    expect(await storage.members.getUser("u-1")).toEqual({
      id: "u-1",
      email: "u1@example.test",
      name: "User One",
      organisations: ["east", "west"],
    });
  });

  it("knows nothing of a user it never stored", async () => {
    expect(await opened().members.getUser("u-unknown")).toBeNull();
  });
});
