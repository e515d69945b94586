import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { SQLITE_FILE } from "../../../sync-server/storage";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import { writeSections } from "../../../sync-server/sync/doc-json";
import { clockEnvironment } from "../admin/server-process";

// The real server as a child process (sync-server/main.ts, SQLite in its data directory) sends a
// campaign of 40 recipients through SMTP to a slow SMTP server on loopback. After 12 messages are
// accepted the SMTP server stops answering (the others wait for their 250), the test SIGKILLs the server
// mid-run, restarts it on the same data directory 5¼ minutes later on its clock (the killed process's
// claims have a 5-minute lease), and checks that every recipient got exactly one message.
//
// SMTP's rule decides what "got" means: a message is delivered when the server answered 250 to its
// data. The ones held without an answer when the process died were never delivered, and are sent again.
// The server's clock starts where the test puts it (CLOCK_FIXED_AT, sync-server/clock.ts) so the run is
// due on a weekday at 09:00 Chicago whatever day the test runs.

const ROOT = resolve(__dirname, "../../..");
const RECIPIENTS = 40;
const ACCEPT_BEFORE_KILL = 12;
const TARGET = zonedInstant("2026-11-24", "09:00", "America/Chicago") + 20_000; // a Tuesday, 20 s after
const LEASE_PLUS = 5 * 60_000 + 15_000; // past the 5-minute lease, with the run still under 10 minutes late

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-kill-"));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function seed() {
  const storage = new SqliteStorage(join(dir, SQLITE_FILE));
  const store = async (name: string, sections: Record<string, Record<string, unknown>>) => {
    const doc = new Y.Doc();
    writeSections(doc, sections);
    await storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "test");
  };
  await store("org/o1", {
    settings: { name: "Prairie Insurance", timezone: "America/Chicago", addressLine1: "1 Main St" },
  });
  const recipients: Record<string, unknown> = {};
  for (let i = 0; i < RECIPIENTS; i++) {
    const id = `c${i}`;
    recipients[id] = { id, customerId: id, channels: ["email"], status: "ACTIVE" };
    await store(`org/o1/customer/${id}`, {
      profile: {
        id,
        name: `Producer ${i}`,
        email: `p${i}@ranch.test`,
        farmerClassification: "Neither",
        status: "active",
        createdAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-01-01T00:00:00Z",
        updatedBy: "agent-1",
      },
    });
  }
  await store("org/o1/campaign/k1", {
    campaign: {
      schemaVersion: 1,
      name: "Morning LRP",
      status: "ACTIVE",
      quote: defaultLrpCampaignQuote(),
    },
    schedule: {
      schemaVersion: 1,
      frequency: "DAILY",
      weekdays: [1, 2, 3, 4, 5],
      sendTime: "09:00",
      durationType: "ONGOING",
      startDate: "2026-11-01",
    },
    recipients,
  });
  await storage.close();
}

function startServer(smtpPort: number, clockAt: number): { process: ChildProcess; output: string[] } {
  const output: string[] = [];
  const node = existsSync(join(ROOT, "node_modules/.bin/node"))
    ? join(ROOT, "node_modules/.bin/node")
    : process.execPath;
  const proc = spawn(node, ["--import", "tsx", "sync-server/main.ts"], {
    cwd: ROOT,
    env: {
      ...clockEnvironment(),
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CAMPAIGN_SCHEDULER_INTERVAL_SECONDS: "1",
      CLOCK_FIXED_AT: new Date(clockAt).toISOString(),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  return { process: proc, output };
}

/** Sends the server's log records as sent, read from its SQLite file while it runs (read-only). */
function sentInLog(): number {
  const db = new DatabaseSync(join(dir, SQLITE_FILE), { readOnly: true });
  try {
    const row = db.prepare("SELECT count(*) AS n FROM campaign_sends WHERE status = 'sent'").get() as {
      n: number;
    };
    return Number(row.n);
  } catch {
    return 0; // not made yet
  } finally {
    db.close();
  }
}

const until = async (what: string, ok: () => boolean, ms: number, log: () => string) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}. Server output:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("campaign run: SIGKILL of the server process mid-run, then a restart", () => {
  it("every recipient gets exactly one message", async () => {
    await seed();
    const delivered: string[] = [];
    const held: (() => void)[] = [];
    let gateOpen = true;
    // Which server process is sending: a message's answer is for the process that sent it. One whose
    // 60 ms wait ended after the kill (and after the gate reopened) has no sender left to answer, so it
    // was never delivered (a run of CI once counted it, and the restart's resend made two).
    let serverRun = 1;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(",");
          const run = serverRun;
          const answer = () => {
            if (run !== serverRun) return; // its sender was killed before the answer
            // 250 only while the gate is open; a held message is answered never (its sender is gone).
            if (!gateOpen) return void held.push(answer);
            delivered.push(to);
            if (delivered.length === ACCEPT_BEFORE_KILL) gateOpen = false;
            callback();
          };
          setTimeout(answer, 60); // a slow server
        });
      },
    });
    smtp.on("error", () => {}); // connections cut by the SIGKILL
    await new Promise<void>((r) => smtp.server.listen(0, "127.0.0.1", r));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    try {
      const started = Date.now();
      const first = startServer(smtpPort, TARGET);
      child = first.process;
      await until(
        "the first messages",
        () => !gateOpen,
        150_000,
        () => first.output.join(""),
      );
      // Killed mid-run: once the accepted ones are recorded sent, with messages in flight (held, never
      // answered).
      await until(
        "the accepted messages recorded sent, others in flight",
        () => sentInLog() === ACCEPT_BEFORE_KILL && held.length > 0,
        30_000,
        () => first.output.join(""),
      );
      child.kill("SIGKILL");
      await new Promise((r) => child?.once("exit", r));
      expect(delivered).toHaveLength(ACCEPT_BEFORE_KILL);

      serverRun++;
      held.length = 0;
      gateOpen = true;
      // The restart's clock: as far past TARGET as the first run's has gone, plus the lease.
      const second = startServer(smtpPort, TARGET + (Date.now() - started) + LEASE_PLUS);
      child = second.process;
      await until(
        "every recipient",
        () => delivered.length >= RECIPIENTS,
        150_000,
        () => second.output.join(""),
      );
      // The run is over once the send log has every recipient sent (a message goes out before it is
      // recorded): a duplicate would have been delivered by then. Then a clean stop.
      await until(
        "every recipient recorded sent",
        () => sentInLog() === RECIPIENTS,
        30_000,
        () => second.output.join(""),
      );
      child.kill("SIGTERM");
      await new Promise((r) => child?.once("exit", r));

      const counts = new Map<string, number>();
      for (const to of delivered) counts.set(to, (counts.get(to) ?? 0) + 1);
      expect(counts.size).toBe(RECIPIENTS);
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);

      // The send log agrees: each recipient sent once for the run, nothing left claimed.
      const storage = new SqliteStorage(join(dir, SQLITE_FILE));
      const sends = await storage.campaigns.listSends("o1", "k1");
      await storage.close();
      expect(sends).toHaveLength(RECIPIENTS);
      expect(sends.every((s) => s.status === "sent" && s.runDate === "2026-11-24")).toBe(true);
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  }, 360_000);
});
