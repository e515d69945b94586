// `npm run bench:campaigns`: one campaign run of 10,000 recipients (docs/campaigns.md; ≤ 60 s) — each
// recipient's e-mail priced with the shared engine, rendered, claimed in the send log and handed to the
// embedded outbox (the e-mail outbox table) on SQLite in a temporary directory. Prints the time, the
// rate and the memory (RSS and heap) before and after.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zonedInstant } from "../shared/campaigns/zoned-time";
import type { Recipient } from "../shared/documents/campaign";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { outboxSmsSender } from "../sync-server/campaigns/providers";
import { type RunContact, sendRun } from "../sync-server/campaigns/sender";
import { unsubscribeSigner } from "../sync-server/campaigns/unsubscribe-link";
import { outboxSender } from "../sync-server/outbound/email";
import { SqliteStorage } from "../sync-server/storage/sqlite";

const N = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 10_000);
const LIMIT_MS = 60_000;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}`;
};

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-bench-"));
const storage = new SqliteStorage(join(dir, "bench.sqlite"));
const runAt = zonedInstant("2026-11-24", "07:00", "America/Chicago");
const contacts = new Map<string, RunContact>();
const recipients: Recipient[] = [];
const classes = ["Neither", "Beginning Farmer/Rancher", "Veteran Farmer/Rancher"] as const;
for (let i = 0; i < N; i++) {
  const id = `c${i}`;
  contacts.set(id, {
    id,
    name: `Producer ${i}`,
    email: `p${i}@ranch.test`,
    farmerClassification: classes[i % 3],
  });
  recipients.push({ id, customerId: id, channels: ["email"], status: "ACTIVE" });
}
console.log(`before: ${memory()}`);
const started = performance.now();
const report = await sendRun(
  {
    org: {
      id: "bench",
      name: "Prairie Insurance",
      primaryColor: "#2b6cb0",
      senderEmail: "quotes@prairie.test",
      addressLine1: "1 Main St",
      city: "Ames",
      state: "IA",
      zip: "50010",
      timeZone: "America/Chicago",
      enableCombinedQuoteCampaignsToSingleEmail: true,
    },
    runDate: "2026-11-24",
    runAt,
    snapshot: generateSampleSnapshot("2026-11-23"),
    contacts,
    campaigns: [
      {
        id: "k1",
        name: "Morning LRP",
        quote: {
          plan: "lrp",
          commodity: "0801",
          type: "809",
          endorsementLengthsWeeks: [13, 21, 26],
          head: 100,
          targetWeightCwt: 5.5,
          levelSelection: "ALL",
        },
        recipients,
      },
    ],
  },
  {
    storage,
    owner: "bench",
    email: outboxSender(storage),
    sms: outboxSmsSender(storage, "bench"),
    signer: unsubscribeSigner(new Uint8Array(32).fill(1)),
    baseUrl: "https://app.test",
    now: () => runAt + 60_000,
  },
);
const ms = performance.now() - started;
const inOutbox = (await storage.platform.listOutbox(N + 10)).length;
console.log(`after:  ${memory()}`);
console.log(
  `${N} recipients: ${report.sent} sent, ${report.failed} failed, ${report.skipped} skipped, ${inOutbox} in the outbox in ${(ms / 1000).toFixed(1)} s (${Math.round((N / ms) * 1000)}/s); limit ${LIMIT_MS / 1000} s`,
);
await storage.close();
rmSync(dir, { recursive: true, force: true });
if (report.sent !== N || inOutbox !== N || ms > LIMIT_MS) {
  console.error("FAILED: not every recipient handed over once within the limit");
  process.exit(1);
}
