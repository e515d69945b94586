import { describe, expect, it } from "vitest";
import { parseDocumentName } from "../documents/names";
import { documentAccess, maySection, type Subject } from "./documents";
import type { Role } from "./roles";

const ref = (name: string) => {
  const parsed = parseDocumentName(name);
  if (!parsed) throw new Error(name);
  return parsed;
};
const member = (role: Role, orgId = "demo"): Subject => ({
  userId: `u-${role}`,
  memberships: [{ orgId, role }],
  customerLinks: [],
});

describe("document access policy", () => {
  it("[ACL3] org document: members read, admin writes settings, agents write the claim summaries", () => {
    const admin = documentAccess(member("admin"), ref("org/demo"));
    expect(admin.access).toBe("write");
    expect(maySection(admin, "settings")).toBe(true);
    expect(maySection(admin, "claims")).toBe(false);
    const agent = documentAccess(member("agent"), ref("org/demo"));
    expect(maySection(agent, "claims")).toBe(true);
    // Version 3: the book index is not the organisation document's to write any more.
    for (const section of ["customers", "entities", "policies", "coverages"])
      expect(maySection(agent, section)).toBe(false);
    expect(maySection(agent, "settings")).toBe(false);
    expect(maySection(agent, "members")).toBe(false);
    expect(documentAccess(member("superAdmin"), ref("org/demo")).access).toBe("read");
    expect(documentAccess(member("partner"), ref("org/demo")).access).toBe("read");
    expect(documentAccess(member("customer"), ref("org/demo")).access).toBe("none");
  });

  it("[ACL3b] book document: agents write the summaries and the import's sections, the other staff read, customers never", () => {
    const agent = documentAccess(member("agent"), ref("org/demo/book"));
    expect(agent.access).toBe("write");
    for (const section of ["customers", "entities", "policies", "coverages", "importMappings", "imports"])
      expect(maySection(agent, section)).toBe(true);
    expect(maySection(agent, "meta")).toBe(false);
    expect(maySection(agent, "settings")).toBe(false);
    for (const role of ["superAdmin", "partner"] as const) {
      const grant = documentAccess(member(role), ref("org/demo/book"));
      expect(grant.access).toBe("read");
      expect(maySection(grant, "customers")).toBe(false);
    }
    expect(maySection(documentAccess(member("admin"), ref("org/demo/book")), "customers")).toBe(false);
    expect(documentAccess(member("customer"), ref("org/demo/book")).access).toBe("none");
    // A linked customer gets nothing either: the summaries list other producers.
    const linked: Subject = { ...member("customer"), customerLinks: [{ orgId: "demo", customerId: "c-1" }] };
    expect(documentAccess(linked, ref("org/demo/book")).access).toBe("none");
  });

  it("[COMM1] commissions: admins write the rates and defaults, agents the splits and statements, customers nothing", () => {
    const admin = documentAccess(member("admin"), ref("org/demo/book"));
    const agent = documentAccess(member("agent"), ref("org/demo/book"));
    for (const section of ["commissionSchedules", "commissionAgents"]) {
      expect(maySection(admin, section)).toBe(true);
      expect(maySection(agent, section)).toBe(false);
    }
    for (const section of [
      "commissionSplits",
      "commissionEarnings",
      "commissionMappings",
      "commissionStatements",
    ]) {
      expect(maySection(agent, section)).toBe(true);
      expect(maySection(admin, section)).toBe(false);
    }
    expect(maySection(documentAccess(member("partner"), ref("org/demo/book")), "commissionSchedules")).toBe(
      false,
    );
    const linked: Subject = { ...member("customer"), customerLinks: [{ orgId: "demo", customerId: "c-1" }] };
    expect(documentAccess(linked, ref("org/demo/book")).access).toBe("none");
    expect(documentAccess(linked, ref("org/demo/customer/c-1")).access).toBe("read");
  });

  it("[ACL3] several roles combine to the widest grant", () => {
    const both: Subject = {
      userId: "u",
      memberships: [
        { orgId: "demo", role: "admin" },
        { orgId: "demo", role: "agent" },
      ],
      customerLinks: [],
    };
    const grant = documentAccess(both, ref("org/demo"));
    expect(maySection(grant, "settings") && maySection(grant, "claims")).toBe(true);
    const book = documentAccess(both, ref("org/demo/book"));
    expect(book.access).toBe("write");
    expect(maySection(book, "coverages")).toBe(true);
    expect(maySection(grant, "meta")).toBe(false);
  });

  it("[ACL4] the linked customer reads their customer document, and only theirs", () => {
    const linked: Subject = { ...member("customer"), customerLinks: [{ orgId: "demo", customerId: "c-1" }] };
    expect(documentAccess(linked, ref("org/demo/customer/c-1")).access).toBe("read");
    expect(documentAccess(linked, ref("org/demo/customer/c-2")).access).toBe("none");
    expect(documentAccess(linked, ref("org/demo/customer/c-1/internal")).access).toBe("none");
    expect(documentAccess(member("agent"), ref("org/demo/customer/c-1")).access).toBe("write");
  });

  it("[ACL7] a claim is read by the customer it names (a server fact), written by agents", () => {
    const linked: Subject = { ...member("customer"), customerLinks: [{ orgId: "demo", customerId: "c-1" }] };
    expect(documentAccess(linked, ref("org/demo/claim/cl-1"), { claimCustomerId: "c-1" }).access).toBe(
      "read",
    );
    expect(documentAccess(linked, ref("org/demo/claim/cl-1"), { claimCustomerId: "c-2" }).access).toBe(
      "none",
    );
    expect(documentAccess(linked, ref("org/demo/claim/cl-1")).access).toBe("none");
    expect(documentAccess(member("agent"), ref("org/demo/claim/cl-1")).access).toBe("write");
  });

  it("[ACL8] a watchlist is its user's alone; [ACL9] everyone reads the market, nobody writes it", () => {
    expect(documentAccess(member("partner"), ref("user/u-partner/watchlist")).access).toBe("write");
    expect(documentAccess(member("admin"), ref("user/u-partner/watchlist")).access).toBe("none");
    const market = documentAccess({ userId: "x", memberships: [], customerLinks: [] }, ref("market/current"));
    expect(market.access).toBe("read");
    expect(maySection(market, "snapshot")).toBe(false);
  });

  it("[ACL10] no role reaches another organisation's documents", () => {
    for (const role of ["admin", "superAdmin", "agent", "customer", "partner"] as const) {
      for (const name of [
        "org/demo",
        "org/demo/book",
        "org/demo/customer/c-1",
        "org/demo/campaign/k",
        "org/demo/claim/c",
      ]) {
        expect(documentAccess(member(role, "other"), ref(name)).access).toBe("none");
      }
    }
  });
});
