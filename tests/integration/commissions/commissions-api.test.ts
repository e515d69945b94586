import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { commissionsCommand } from "../../../cli/commissions";
import type { CommissionLine } from "../../../shared/commissions/expected";
import { coverage, policy, split } from "../../../shared/commissions/test-fixtures";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// COMM4–COMM6 against a real server: an admin sets the rates through PUT /commission-schedules, an agent
// writes policies, coverages and splits through the sync socket as the app does, and then every route
// that answers commission lines is asked by every role: an agent reads only their own parts, an admin
// everything, the partner API (commissions:read) the whole organisation's lines of a crop year, and a
// producer gets 403 everywhere.

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const agent2 = demoUser("agent2@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const partner = demoUser("partner@demo.rangeline.test");

describe("commissions through the server's routes", () => {
  let server: TestServer;
  const call = async (
    user: typeof admin | null,
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ) => {
    const token = key ?? (user ? await server.token(user) : "");
    return fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  const linesOf = async (user: typeof admin) =>
    (
      (await (await call(user, "GET", "/api/orgs/demo/commissions?cropYear=2027")).json()) as {
        lines: CommissionLine[];
      }
    ).lines;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_API_PER_ADDRESS: "100000" });
    const rates = await call(admin, "PUT", "/api/orgs/demo/commission-schedules", {
      schedules: [
        {
          providerId: "rh",
          reinsuranceYear: 2027,
          plan: "lrp",
          effectiveDate: "2026-07-01",
          newRatePercent: "15",
          renewalRatePercent: "12",
        },
      ],
    });
    expect(rates.status).toBe(200);
    expect(await rates.json()).toEqual({ schedules: 1 });
    // The agent's device writes the book's summaries and the splits, each entry whole, as the app does.
    const client = connect(server.syncUrl, "org/demo/book", await server.token(agent));
    expect(await client.ready).toBe(true);
    client.doc.transact(() => {
      const put = (section: string, value: { id: string }) => client.doc.getMap(section).set(value.id, value);
      put("policies", policy({ id: "cp1", customerId: "cc1", providerId: "rh" }));
      put("policies", policy({ id: "cp2", customerId: "cc1", providerId: "rh" }));
      put("coverages", coverage({ id: "cv1", policyId: "cp1", customerId: "cc1" }));
      put("coverages", coverage({ id: "cv2", policyId: "cp2", customerId: "cc1" }));
      put(
        "commissionSplits",
        split({
          id: "cs1",
          policyId: "cp1",
          customerId: "cc1",
          writingAgentId: agent.sub,
          servicingAgentId: undefined,
          writingSharePercent: "100",
          servicingSharePercent: "0",
          updatedBy: agent.sub,
        }),
      );
      put(
        "commissionSplits",
        split({
          id: "cs2",
          policyId: "cp2",
          customerId: "cc1",
          writingAgentId: agent2.sub,
          servicingAgentId: undefined,
          writingSharePercent: "100",
          servicingSharePercent: "0",
          updatedBy: agent.sub,
        }),
      );
    });
    await vi.waitFor(async () => expect(await linesOf(admin)).toHaveLength(2), { timeout: 10_000 });
    client.destroy();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("[COMM5] only an admin sets the rates; a bad row is named; rows are bounded", async () => {
    for (const user of [agent, customer, partner])
      expect((await call(user, "PUT", "/api/orgs/demo/commission-schedules", { schedules: [] })).status).toBe(
        403,
      );
    const bad = await call(admin, "PUT", "/api/orgs/demo/commission-schedules", {
      schedules: [
        {
          providerId: "rh",
          reinsuranceYear: 2027,
          plan: "lrp",
          effectiveDate: "2026-07-01",
          newRatePercent: "150",
          renewalRatePercent: "1",
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "The request body is invalid: schedules.0.newRatePercent: a percent is at most 100",
    );
    const many = await call(admin, "PUT", "/api/orgs/demo/commission-schedules", {
      schedules: Array.from({ length: 2001 }, () => ({})),
    });
    expect(many.status).toBe(400);
    expect(((await many.json()) as { message: string }).message).toContain(
      "an organisation keeps at most 2,000 commission schedule rows",
    );
  });

  it("[COMM4] an admin reads every line; each agent only their own part; a producer or a partner gets 403", async () => {
    const all = await linesOf(admin);
    expect(all.map((l) => [l.coverageId, l.amount, l.parts.map((p) => p.agentId ?? "agency")])).toEqual([
      ["cv1", "225.00", [agent.sub, "agency"]],
      ["cv2", "225.00", [agent2.sub, "agency"]],
    ]);
    const mine = await linesOf(agent);
    expect(mine.map((l) => [l.coverageId, l.parts])).toEqual([
      ["cv1", [{ party: "writing", agentId: agent.sub, amount: "135.00" }]],
    ]);
    expect(JSON.stringify(mine)).not.toContain(agent2.sub);
    expect((await linesOf(agent2)).map((l) => l.coverageId)).toEqual(["cv2"]);
    for (const user of [customer, partner]) {
      const refused = await call(user, "GET", "/api/orgs/demo/commissions");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Only agents and admins of demo may read its commissions.",
      );
    }
    expect((await call(null, "GET", "/api/orgs/demo/commissions")).status).toBe(401);
    expect((await call(admin, "GET", "/api/orgs/demo/commissions?cropYear=soon")).status).toBe(400);
  });

  it("[COMM6] the partner API answers the organisation's lines of a crop year with commissions:read only", async () => {
    const create = async (scopes: string[]) =>
      (
        (await (
          await call(partner, "POST", "/api/orgs/demo/api-keys", { name: scopes.join(" "), scopes })
        ).json()) as {
          key: string;
        }
      ).key;
    const key = await create(["commissions:read"]);
    const answer = await call(null, "GET", "/api/v1/commissions?cropYear=2027", undefined, key);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { cropYear: number; lines: CommissionLine[] };
    expect(body.cropYear).toBe(2027);
    expect(body.lines.map((l) => [l.policyNumber, l.amount])).toEqual([
      ["P-cp1", "225.00"],
      ["P-cp2", "225.00"],
    ]);
    const other = await call(null, "GET", "/api/v1/commissions?cropYear=2026", undefined, key);
    expect(((await other.json()) as { lines: unknown[] }).lines).toEqual([]);
    const bookOnly = await create(["book:read"]);
    expect((await call(null, "GET", "/api/v1/commissions?cropYear=2027", undefined, bookOnly)).status).toBe(
      403,
    );
    expect((await call(null, "GET", "/api/v1/commissions", undefined, key)).status).toBe(400);
    // A producer cannot make a key, and their own documents never carry a rate, a split or an amount.
    expect(
      (await call(customer, "POST", "/api/orgs/demo/api-keys", { name: "x", scopes: ["commissions:read"] }))
        .status,
    ).toBe(403);
    const book = connect(server.syncUrl, "org/demo/book", await server.token(customer));
    expect(await book.ready).toBe(false);
    book.destroy();
  });

  it("[COMM7] the command line reconciles a statement file against the server's lines and prints the groups as JSON", async () => {
    const dir = mkdtempSync(join(tmpdir(), "commissions-cli-"));
    try {
      const file = join(dir, "rh-2026-11.csv");
      writeFileSync(
        file,
        "Policy #,Company,Commission\r\nP-cp1,Rain and Hail,$225.00\r\nP-cp2,RH,200.00\r\nP-zz1,RH,10\r\nP-cp2,RH,lots\r\n",
      );
      const outParts: string[] = [];
      const errParts: string[] = [];
      const io = {
        stdout: (t: string) => void outParts.push(t),
        stderr: (t: string) => void errParts.push(t),
      };
      const args = {
        positional: ["commissions", "reconcile", file],
        options: new Map([
          ["server", `http://127.0.0.1:${server.port}`],
          ["org", "demo"],
        ]),
        flags: new Set(["json"]),
      };
      const code = await commissionsCommand(args, { RANGELINE_TOKEN: await server.token(admin) }, io);
      expect(code).toBe(0);
      const rec = JSON.parse(outParts.join("")) as Record<
        string,
        { policyNumber: string; expected: string; paid: string }[]
      >;
      expect(Object.keys(rec)).toEqual([
        "matched",
        "underpaid",
        "overpaid",
        "missing",
        "unknown",
        "chargebacks",
      ]);
      expect(rec.matched?.map((e) => [e.policyNumber, e.expected, e.paid])).toEqual([
        ["P-cp1", "225.00", "225.00"],
      ]);
      expect(rec.underpaid?.map((e) => [e.policyNumber, e.expected, e.paid])).toEqual([
        ["P-cp2", "225.00", "200.00"],
      ]);
      expect(rec.unknown?.map((e) => [e.policyNumber, e.paid])).toEqual([["P-zz1", "10.00"]]);
      expect(errParts.join("")).toContain(
        'rh-2026-11.csv, line 5, Commission: "lots" is not an amount in figures, such as 1234.56',
      );
      // An agent's token reconciles only their own coverages: agent2's policy and the unknown line are not theirs.
      outParts.length = 0;
      expect(await commissionsCommand(args, { RANGELINE_TOKEN: await server.token(agent) }, io)).toBe(0);
      const mine = JSON.parse(outParts.join("")) as Record<string, { policyNumber: string }[]>;
      expect(
        Object.values(mine)
          .flat()
          .map((e) => e.policyNumber),
      ).toEqual(["P-cp1"]);
      // A producer's token: the server refuses, exit 1 with its sentence.
      errParts.length = 0;
      expect(await commissionsCommand(args, { RANGELINE_TOKEN: await server.token(customer) }, io)).toBe(1);
      expect(errParts.join("")).toBe("Only agents and admins of demo may read its commissions.\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
