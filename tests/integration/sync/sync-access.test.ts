import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseDocumentName } from "../../../shared/documents/names";
import type { DemoUser } from "../../../sync-server/identity/demo-users";
import {
  sampleCoverageSummary,
  sampleCustomerSummary,
  sampleLrpCoverage,
  samplePolicy,
} from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer, watchItem } from "./harness";

// The access matrix (docs/sync-rules.md ACL3-ACL10, SYNC1, SYNC2): every role × document kind ×
// read / write, plus another organisation's and another customer's documents. The expectations are
// written out here from ARCHITECTURE.md's table, not derived from the policy under test.

const admin = demoUser("admin@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const partner = demoUser("partner@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");
const otherCustomer = demoUser("customer@other.rangeline.test");

/** none: refused at open; read: read-only; write: writes; other-section: writes elsewhere, not here (SYNC2). */
type Expect = "none" | "read" | "write" | "other-section";
interface Case {
  rule: string;
  user: DemoUser;
  doc: string;
  /** The section the probe writes (a valid value for it). */
  section: string;
  expected: Expect;
}

/** A valid write per section, by `kind.section` where kinds share a section name, else by section. */
const probe: Record<string, [string, unknown]> = {
  settings: ["name", "Demo Agency"],
  customers: ["c-probe", sampleCustomerSummary("c-probe", { updatedAt: "2026-11-20T15:00:00.000Z" })],
  "book.coverages": ["cv-probe", sampleCoverageSummary("cv-probe", "c-probe")],
  "org.claims": [
    "cl-probe",
    {
      id: "cl-probe",
      customerId: "c-probe",
      plan: "lrp",
      coverageIds: ["cv-probe"],
      commodity: "0801",
      type: "809",
      endDate: "2026-11-13",
      filingDueDate: "2027-01-12",
      indemnity: "3660",
      actualKind: "final",
      status: "open",
      needed: ["Proof of ownership of the insured animals"],
      updatedAt: "2026-11-20T15:00:00.000Z",
    },
  ],
  "book.entities": [
    "e-probe",
    {
      id: "e-probe",
      customerId: "c-probe",
      legalName: "Probe",
      type: "I",
      status: "active",
      updatedAt: "2026-11-20T15:00:00.000Z",
    },
  ],
  "book.policies": [
    "p-probe",
    (({ id, entityId, plan, providerId, cropYear, status, state, updatedAt }) => ({
      id,
      customerId: "c-probe",
      entityId,
      plan,
      providerId,
      cropYear,
      status,
      state,
      updatedAt,
    }))(samplePolicy("p-probe", "e-probe")),
  ],
  "customer.coverages": ["cv-probe", sampleLrpCoverage("cv-probe", "p-1")],
  notes: ["n-probe", { id: "n-probe", text: "call back" }],
  legacy: ["entities.e-old", { id: "entities.e-old", section: "entities", record: { name: "Old" } }],
  campaign: ["name", "Weekly LRP"],
  claim: ["status", "OPEN"],
  checklist: [
    "i-probe",
    {
      id: "i-probe",
      kind: "proof-of-ownership",
      label: "Proof of ownership",
      from: "producer",
      status: "needed",
      createdAt: "2026-11-20T15:00:00.000Z",
      updatedAt: "2026-11-20T15:00:00.000Z",
      updatedBy: "auth0|probe",
    },
  ],
  items: ["w-probe", watchItem("w-probe")],
  snapshot: ["label", "forged"],
  members: ["auth0|intruder", { id: "auth0|intruder", roles: ["admin"] }],
  meta: ["schemaVersion", 1],
};

const staff = [admin, superAdmin, agent, partner] as const;
const name = (u: DemoUser) => u.email.split("@")[0] + (u.orgId === "other" ? "@other" : "");

const cases: Case[] = [
  // ACL3: org members read; admin writes settings; agents write the claim summaries; customers none.
  { rule: "ACL3", user: admin, doc: "org/demo", section: "settings", expected: "write" },
  // ACL3b: the book's summaries are the book document's (schema 3): agents write them there, the
  // other staff roles read them, customers (linked or not) never open it; the organisation document
  // takes them from nobody any more.
  ...["customers", "entities", "policies", "coverages"].flatMap((section): Case[] => [
    { rule: "ACL3b", user: agent, doc: "org/demo/book", section, expected: "write" },
    { rule: "SYNC2", user: agent, doc: "org/demo", section, expected: "other-section" },
    { rule: "SYNC2", user: admin, doc: "org/demo", section, expected: "other-section" },
  ]),
  ...[superAdmin, partner].map(
    (user): Case => ({ rule: "ACL3b", user, doc: "org/demo/book", section: "customers", expected: "read" }),
  ),
  // An admin writes the book's commission rates and default splits (COMM1) and nothing else of it.
  { rule: "SYNC2", user: admin, doc: "org/demo/book", section: "customers", expected: "other-section" },
  { rule: "ACL3b", user: customer, doc: "org/demo/book", section: "customers", expected: "none" },
  { rule: "SYNC2", user: agent, doc: "org/demo/book", section: "settings", expected: "other-section" },
  { rule: "SYNC2", user: agent, doc: "org/demo/book", section: "meta", expected: "other-section" },
  { rule: "SYNC2", user: agent, doc: "org/demo", section: "settings", expected: "other-section" },
  { rule: "SYNC2", user: agent, doc: "org/demo", section: "members", expected: "other-section" },
  { rule: "SYNC2", user: agent, doc: "org/demo", section: "meta", expected: "other-section" },
  { rule: "ACL3", user: superAdmin, doc: "org/demo", section: "settings", expected: "read" },
  { rule: "ACL3", user: partner, doc: "org/demo", section: "settings", expected: "read" },
  { rule: "ACL3", user: customer, doc: "org/demo", section: "settings", expected: "none" },
  // ACL4: agents of the org write; the linked customer reads; nobody else.
  { rule: "ACL4", user: agent, doc: "org/demo/customer/c-demo", section: "coverages", expected: "write" },
  { rule: "ACL4", user: customer, doc: "org/demo/customer/c-demo", section: "coverages", expected: "read" },
  { rule: "ACL4", user: customer, doc: "org/demo/customer/c-2", section: "coverages", expected: "none" },
  { rule: "ACL4", user: admin, doc: "org/demo/customer/c-demo", section: "coverages", expected: "none" },
  { rule: "ACL4", user: superAdmin, doc: "org/demo/customer/c-demo", section: "coverages", expected: "none" },
  { rule: "ACL4", user: partner, doc: "org/demo/customer/c-demo", section: "coverages", expected: "none" },
  // ACL5-ACL6: agents only.
  ...[admin, superAdmin, customer, partner].flatMap((user): Case[] => [
    { rule: "ACL5", user, doc: "org/demo/customer/c-demo/internal", section: "notes", expected: "none" },
    // Records of version 1 that did not fit the shapes (docs/agent-book.md; possibly notes or tax ids).
    { rule: "ACL5", user, doc: "org/demo/customer/c-demo/internal", section: "legacy", expected: "none" },
    { rule: "ACL6", user, doc: "org/demo/campaign/k-1", section: "campaign", expected: "none" },
    { rule: "ACL7", user, doc: "org/demo/claim/cl-2", section: "claim", expected: "none" },
  ]),
  {
    rule: "ACL5",
    user: agent,
    doc: "org/demo/customer/c-demo/internal",
    section: "notes",
    expected: "write",
  },
  {
    rule: "ACL5",
    user: agent,
    doc: "org/demo/customer/c-demo/internal",
    section: "legacy",
    expected: "write",
  },
  { rule: "ACL6", user: agent, doc: "org/demo/campaign/k-1", section: "campaign", expected: "write" },
  // ACL7: agents write a claim; the customer it names reads it.
  { rule: "ACL7", user: agent, doc: "org/demo/claim/cl-1", section: "claim", expected: "write" },
  { rule: "ACL7", user: customer, doc: "org/demo/claim/cl-1", section: "claim", expected: "read" },
  // …and cannot write their own claim, any section of it; nor open another customer's claim.
  { rule: "ACL7", user: customer, doc: "org/demo/claim/cl-1", section: "checklist", expected: "read" },
  { rule: "ACL7", user: agent, doc: "org/demo/claim/cl-1", section: "checklist", expected: "write" },
  { rule: "ACL7", user: customer, doc: "org/demo/claim/cl-3", section: "claim", expected: "none" },
  { rule: "ACL7", user: otherCustomer, doc: "org/demo/claim/cl-1", section: "claim", expected: "none" },
  // The claims summaries of the organisation document: agents write them (docs/claims.md).
  { rule: "ACL3", user: agent, doc: "org/demo", section: "claims", expected: "write" },
  // ACL8: a watchlist is its user's alone, whatever the role.
  ...[admin, superAdmin, agent, customer, partner].flatMap((user): Case[] => [
    { rule: "ACL8", user, doc: `user/${user.sub}/watchlist`, section: "items", expected: "write" },
    {
      rule: "ACL8",
      user,
      doc: `user/${agent.sub === user.sub ? admin.sub : agent.sub}/watchlist`,
      section: "items",
      expected: "none",
    },
  ]),
  // ACL9: everyone signed in reads the market snapshot; nobody writes it.
  ...[admin, superAdmin, agent, customer, partner, otherAgent].map(
    (user): Case => ({ rule: "ACL9", user, doc: "market/current", section: "snapshot", expected: "read" }),
  ),
  // ACL10: another organisation's documents are closed to every role.
  ...[
    "org/demo",
    "org/demo/book",
    "org/demo/customer/c-demo",
    "org/demo/customer/c-demo/internal",
    "org/demo/campaign/k-1",
    "org/demo/claim/cl-1",
  ].flatMap((doc): Case[] => [
    { rule: "ACL10", user: otherAgent, doc, section: "settings", expected: "none" },
    { rule: "ACL10", user: otherCustomer, doc, section: "settings", expected: "none" },
  ]),
  ...staff.map(
    (user): Case => ({
      rule: "ACL10",
      user,
      doc: "org/other/customer/c-other",
      section: "coverages",
      expected: "none",
    }),
  ),
  {
    rule: "ACL10",
    user: customer,
    doc: "org/other/customer/c-other",
    section: "coverages",
    expected: "none",
  },
];

describe("access matrix", () => {
  let server: TestServer;
  let written = 0;
  const open: Client[] = [];
  const as = async (user: DemoUser, doc: string) => {
    const client = connect(server.syncUrl, doc, await server.token(user));
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer();
    // The claim cl-1 names customer c-demo; an agent writes that, and the server links it (ACL7).
    const setup = await as(agent, "org/demo/claim/cl-1");
    expect(await setup.ready).toBe(true);
    setup.doc.getMap("claim").set("customerId", "c-demo");
    await vi.waitFor(async () =>
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-1")).toBe("c-demo"),
    );
    // The claim cl-3 names another customer of the organisation (c-2).
    const another = await as(agent, "org/demo/claim/cl-3");
    expect(await another.ready).toBe(true);
    another.doc.getMap("claim").set("customerId", "c-2");
    await vi.waitFor(async () =>
      expect(await server.storage.claims.getClaimCustomer("demo", "cl-3")).toBe("c-2"),
    );
  });
  afterAll(async () => {
    for (const client of open) client.destroy();
    await server?.stop();
  });

  it.each(
    cases.map(
      (c) =>
        [
          `[${c.rule}]${c.expected === "read" ? "[SYNC1]" : ""} ${name(c.user)} → ${c.doc} (${c.section}): ${c.expected}`,
          c,
        ] as const,
    ),
  )("%s", async (_title, c) => {
    const client = await as(c.user, c.doc);
    const synced = await client.ready;
    if (c.expected === "none") {
      expect(synced).toBe(false);
      expect(client.authFailure).toBe("forbidden");
      return;
    }
    expect(synced).toBe(true);
    expect(client.provider.authorizedScope).toBe(c.expected === "read" ? "readonly" : "read-write");
    const kind = parseDocumentName(c.doc)?.kind;
    // A book section written where it does not belong (SYNC2) takes the book document's probe.
    const [key, value] = (probe[`${kind}.${c.section}`] ??
      probe[c.section] ??
      probe[`book.${c.section}`]) as [string, unknown];
    // Each case writes a value no case wrote before (records get a fresh `updatedAt`).
    const fresh = new Date(Date.UTC(2026, 0, 1) + ++written * 1000).toISOString();
    const stamped =
      typeof value === "string"
        ? `${value} ${Math.random()}`
        : typeof value === "number"
          ? 7
          : typeof value === "object" && value !== null && "updatedAt" in value
            ? { ...value, updatedAt: fresh }
            : value;
    client.doc.getMap(c.section).set(key, stamped);
    const serverDoc = () => server.hocuspocus.documents.get(c.doc);
    if (c.expected === "write") {
      await expect
        .poll(() => JSON.stringify(serverDoc()?.getMap(c.section).get(key)))
        .toBe(JSON.stringify(stamped));
      expect(client.closeReasons).toEqual([]);
    } else {
      // SYNC1/SYNC2: a refused write closes the document connection with a reason, never silently.
      await expect.poll(() => client.closeReasons).toContain("forbidden");
      expect(JSON.stringify(serverDoc()?.getMap(c.section).get(key))).not.toBe(JSON.stringify(stamped));
    }
  });
});
