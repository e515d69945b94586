import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleIndividualApplication } from "../../../shared/applications/fixtures";
import {
  dropFromOutbox,
  enqueue,
  flushOutbox,
  readOutbox,
  refreshStatuses,
} from "../../../src/features/apply/outbox";
import { outboxText } from "../../../src/features/apply/outbox-text";
import { MemoryStorage } from "../../../src/lib/auth/memory-storage";
import { newSubmissionId } from "../../../sync-server/applications/routes";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// The device's outbox (src/features/apply/outbox.ts) against a real server: an application submitted
// offline waits; once online it is sent, its tax id leaves the device, and the agency's decision (here a
// decline with its reason) reaches the device by its status token. Browser globals are stood in for.

const local = new MemoryStorage();
let online = false;
Object.assign(globalThis, { localStorage: local, window: new EventTarget() });
Object.defineProperty(globalThis, "navigator", {
  value: {
    get onLine() {
      return online;
    },
  },
  configurable: true,
});

describe("the application outbox", () => {
  let server: TestServer;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    server = await startTestServer();
    globalThis.fetch = ((input: string, init?: RequestInit) =>
      realFetch(
        input.startsWith("/") ? `http://127.0.0.1:${server.port}${input}` : input,
        init,
      )) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server?.stop();
  });

  it("waits offline, sends when online, forgets the tax id once received, and learns the decision", async () => {
    const a = sampleIndividualApplication({ submissionId: newSubmissionId() });
    enqueue(a, "Dale Rancher");
    await flushOutbox();
    expect(readOutbox()[0]).toMatchObject({ id: a.submissionId, state: "waiting" });
    expect(local.dump()).toContain(a.taxId);

    online = true;
    await flushOutbox();
    const sent = readOutbox()[0];
    expect(sent).toMatchObject({ id: a.submissionId, state: "received" });
    expect(sent?.statusToken).toMatch(/.{20,}/);
    expect(local.dump()).not.toContain(a.taxId);
    // A second flush right after sends nothing again (the run is not left settled and stuck either).
    await flushOutbox();
    expect(readOutbox()).toHaveLength(1);

    const agent = demoUser("agent@demo.rangeline.test");
    const decided = await realFetch(
      `http://127.0.0.1:${server.port}/api/orgs/demo/applications/${a.submissionId}/decision`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${await server.token(agent)}`, "content-type": "application/json" },
        body: JSON.stringify({ status: "declined", reason: "We do not write in Potter County." }),
      },
    );
    expect(decided.status).toBe(200);
    await refreshStatuses();
    expect(readOutbox()[0]).toMatchObject({
      state: "declined",
      message: "We do not write in Potter County.",
    });
  });

  it("a refused application says why and is not retried", async () => {
    online = true;
    const bad = { ...sampleIndividualApplication({ submissionId: newSubmissionId() }), orgId: "nobody" };
    enqueue(bad, "Nobody's applicant");
    await flushOutbox();
    const item = readOutbox().find((i) => i.id === bad.submissionId);
    expect(item?.state).toBe("refused");
    expect(item?.message).toContain("check the link your agency sent");
  });

  it("held back by the server (too many from this address): kept, retried later, and not called a lost connection", async () => {
    online = true;
    // The address's burst (5) is spent by this file's other applications and these.
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = sampleIndividualApplication({ submissionId: newSubmissionId() });
      ids.push(a.submissionId);
      enqueue(a, `Busy sale barn ${i}`);
    }
    await flushOutbox();
    const held = readOutbox().filter((i) => ids.includes(i.id) && i.state === "waiting");
    expect(held.length).toBeGreaterThan(0);
    const first = held[0] as (typeof held)[number];
    expect(first.application?.taxId).toMatch(/^\d{9}$/);
    expect(first.message).toContain("Too many applications from this address");
    const told = outboxText(first);
    expect(told.text).toContain("Not sent yet");
    expect(told.text).toContain("Too many applications from this address");
    expect(told.text).not.toContain("connection");
    // Without a connection the server's old reason is dropped: then it is the connection that is missing.
    // (The device thinks it is online, but nothing listens where it sends: a real refused connection.)
    const toServer = globalThis.fetch;
    globalThis.fetch = ((input: string, init?: RequestInit) =>
      realFetch(`http://127.0.0.1:1${input}`, init)) as typeof fetch;
    try {
      await flushOutbox();
    } finally {
      globalThis.fetch = toServer;
    }
    const offline = readOutbox().find((i) => i.id === first.id);
    expect(offline?.message).toBeUndefined();
    expect(outboxText(offline as NonNullable<typeof offline>).text).toContain("Waiting for a connection");
    for (const id of ids) dropFromOutbox(id);
  });
});
