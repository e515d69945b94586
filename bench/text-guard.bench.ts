// `npx tsx bench/text-guard.bench.ts` (docs/sync-rules.md): what the write guard costs per keystroke typed into
// a shared text of a customer document, on its text path (sync-server/sync/text-scan.ts: judged from
// the update's encoding) against the copy path every keystroke would take without it (the update
// applied to a copy of the document, the touched section validated, candidate.ts), and against the
// app's single-field edit (the entry scan). A customer with 3 entities, 6 policies and 60 coverages.
// Not a test: it prints the median µs per keystroke of each (same keystrokes, interleaved runs).
import * as Y from "yjs";
import { sampleEntity, sampleLrpCoverage, samplePolicy, sampleProfile } from "../shared/book/test-fixtures";
import { validateDocument } from "../shared/documents/shapes";
import { withPrecreated } from "../shared/documents/text-fields";
import { applyToCopy, sharedTypeIssues } from "../sync-server/sync/candidate";
import { touchedJson } from "../sync-server/sync/doc-json";
import { guardPaths } from "../sync-server/sync/guard";
import { type Member, serverDoc } from "../sync-server/sync/guard-harness";
import { upgradeTexts } from "../sync-server/sync/text-upgrade";

const agent: Member = { sub: "agent-1", role: "agent" };
const KEYS = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

function customer() {
  const server = serverDoc("org/demo/customer/c1");
  server.doc.transact(() => {
    const profile = server.doc.getMap("profile");
    const made = withPrecreated(sampleProfile({ id: "c1" }), [["address", "line2"]]);
    for (const [key, value] of Object.entries(made)) profile.set(key, value);
    for (let e = 0; e < 3; e++) server.doc.getMap("entities").set(`e${e}`, sampleEntity({ id: `e${e}` }));
    for (let p = 0; p < 6; p++) server.doc.getMap("policies").set(`p${p}`, samplePolicy({ id: `p${p}` }));
    for (let c = 0; c < 60; c++) {
      const record = new Y.Map<unknown>();
      for (const [key, value] of Object.entries(sampleLrpCoverage({ id: `v${c}` }))) record.set(key, value);
      server.doc.getMap("coverages").set(`v${c}`, record);
    }
    upgradeTexts(server.doc, "customer");
  });
  return server;
}

/** KEYS keystrokes into the profile's City on a device copy, one update each. */
function keystrokes(server: ReturnType<typeof customer>): Uint8Array[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server.doc));
  const updates: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(u));
  const city = (doc.getMap("profile").get("address") as Y.Map<unknown>).get("city") as Y.Text;
  doc.transact(() => city.delete(0, city.length));
  for (let i = 0; i < KEYS; i++) doc.transact(() => city.insert(i, "abcdefghij"[i % 10] as string));
  return updates.slice(1);
}

/** KEYS single-field edits of a coverage (the app's structured edit). */
function fieldEdits(server: ReturnType<typeof customer>): Uint8Array[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server.doc));
  const updates: Uint8Array[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(u));
  const record = doc.getMap("coverages").get("v1") as Y.Map<unknown>;
  for (let i = 0; i < KEYS; i++) doc.transact(() => record.set("head", 10 + i));
  return updates;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function textPath(): Promise<number> {
  const server = customer();
  const updates = keystrokes(server);
  const before = guardPaths.texts;
  const start = performance.now();
  for (const u of updates) if ((await server.write(agent, u)) !== "accepted") throw new Error("refused");
  const us = ((performance.now() - start) * 1000) / updates.length;
  if (guardPaths.texts - before !== updates.length) throw new Error("not all on the text path");
  return us;
}

function copyPath(): number {
  const server = customer();
  const updates = keystrokes(server);
  const start = performance.now();
  for (const u of updates) {
    const { shadow, touched } = applyToCopy(server.doc, u);
    const issues = [
      ...validateDocument("customer", touchedJson(shadow, "customer", touched)),
      ...sharedTypeIssues(shadow, "customer", touched),
    ];
    if (issues.length > 0) throw new Error(JSON.stringify(issues));
    Y.applyUpdate(server.doc, u);
  }
  return ((performance.now() - start) * 1000) / updates.length;
}

async function fieldPath(): Promise<number> {
  const server = customer();
  const updates = fieldEdits(server);
  const start = performance.now();
  for (const u of updates) if ((await server.write(agent, u)) !== "accepted") throw new Error("refused");
  return ((performance.now() - start) * 1000) / updates.length;
}

const runs = { text: [] as number[], copy: [] as number[], field: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  runs.text.push(await textPath());
  runs.copy.push(copyPath());
  runs.field.push(await fieldPath());
}
const [t, c, f] = [median(runs.text), median(runs.copy), median(runs.field)];
console.log(
  `write guard per keystroke, customer document (3 entities, 6 policies, 60 coverages), median of ${ROUNDS}:`,
);
console.log(`  text path (text-scan.ts):            ${t.toFixed(0)} µs`);
console.log(
  `  copy path (without the text path):   ${c.toFixed(0)} µs (${(c / t).toFixed(1)}x the text path)`,
);
console.log(`  a single-field edit (entry scan):    ${f.toFixed(0)} µs`);
