import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { sampleProfile } from "../../../../shared/book/test-fixtures";
import { applyTransaction, DocumentTransaction, sharedTextOf } from "./typed-document";

// docs/sync-rules.md TEXT1 at the Yjs level: a free-text field of a customer document (profile.name, a Y.Text made by
// the data layer) typed key by key by 2–3 people at once, with their keystrokes interleaved and each
// update reaching the others after a random delay, in a random order (Yjs waits for what an update
// depends on). Each person types runs "[word n]" at a caret they place between runs they see,
// correcting typos of the run they are typing with backspace, and sometimes deletes a whole run they
// see. Property: every replica ends with the same text, and each run nobody deleted is there once, as
// its typist left it (typed letters minus the ones they backspaced), uninterrupted.

const LOCAL = Symbol("local");
const SECTION = "profile";
const PATH = ["name"];

interface Replica {
  doc: Y.Doc;
  /** Updates on their way to this replica (delivered in any order). */
  inbox: Uint8Array[];
  /** The run this replica is typing: its id, where its caret is (a relative position), what it holds. */
  run: { id: string; caret: Y.RelativePosition; content: string } | null;
}

const text = (r: Replica) => sharedTextOf(r.doc, "customer", SECTION, PATH, LOCAL) as Y.Text;

/** Three replicas of a customer document whose profile was made by the data layer (name is a Y.Text). */
function replicas(count: number): Replica[] {
  const origin = new Y.Doc();
  const made = new DocumentTransaction("customer");
  for (const [key, value] of Object.entries(sampleProfile({ name: "" }))) made.set("profile", [key], value);
  applyTransaction(origin, made, LOCAL);
  const all = Array.from({ length: count }, (_, i) => {
    const doc = new Y.Doc();
    doc.clientID = 100 + i;
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(origin));
    return { doc, inbox: [] as Uint8Array[], run: null } as Replica;
  });
  for (const r of all)
    r.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== LOCAL) return; // only this replica's own writes travel
      for (const other of all) if (other !== r) other.inbox.push(update);
    });
  return all;
}

const RUN = /\[[a-z]*\d+\]/g;

const step = fc.record({
  who: fc.nat(),
  action: fc.constantFrom("start", "key", "key", "key", "backspace", "end", "delete-run"),
  letter: fc.constantFrom(..."abcdefgh"),
  at: fc.nat(),
  deliver: fc.nat({ max: 3 }),
  pick: fc.nat(),
});

describe("shared text: concurrent keystrokes (fast-check, seeded)", () => {
  for (const count of [2, 3]) {
    it(`[docs/sync-rules.md TEXT1] ${count} replicas converge, each run typed whole and contiguous`, () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
          const all = replicas(count);
          const expected = new Map<string, string>(); // run id → what its typist left in it
          const deleted = new Set<string>();
          let n = 0;
          for (const s of steps) {
            const r = all[s.who % count] as Replica;
            const t = text(r);
            const write = (change: () => void) => r.doc.transact(change, LOCAL);
            const caret = () =>
              Y.createAbsolutePositionFromRelativePosition(r.run?.caret as Y.RelativePosition, r.doc);
            if (s.action === "start" && !r.run) {
              // The caret goes between runs this replica sees (never inside one).
              const seen = t.toString();
              const bounds = [0, ...[...seen.matchAll(RUN)].map((m) => (m.index ?? 0) + m[0].length)];
              const at = bounds[s.at % bounds.length] as number;
              const id = `${n++}`;
              write(() => t.insert(at, "["));
              r.run = { id, caret: Y.createRelativePositionFromTypeIndex(t, at + 1, -1), content: "" };
            } else if ((s.action === "key" || s.action === "backspace") && r.run) {
              const at = caret()?.index ?? 0;
              // The caret sticks to the character on its left (what this person just typed), as a binding keeps it.
              const keep = (index: number) => Y.createRelativePositionFromTypeIndex(t, index, -1);
              if (s.action === "key") {
                write(() => t.insert(at, s.letter));
                r.run.content += s.letter;
                r.run.caret = keep(at + 1);
              } else if (r.run.content.length > 0) {
                write(() => t.delete(at - 1, 1));
                r.run.content = r.run.content.slice(0, -1);
                r.run.caret = keep(at - 1);
              }
            } else if (s.action === "end" && r.run) {
              const at = caret()?.index ?? 0;
              write(() => t.insert(at, `${r.run?.id}]`));
              expected.set(`[${r.run.content}${r.run.id}]`, r.run.id);
              r.run = null;
            } else if (s.action === "delete-run" && !r.run) {
              const runs = [...t.toString().matchAll(RUN)];
              const target = runs[s.at % Math.max(runs.length, 1)];
              if (target) {
                write(() => t.delete(target.index ?? 0, target[0].length));
                deleted.add(target[0]);
              }
            }
            // Random delays and order: some updates waiting for a replica arrive now, any of them first.
            for (let k = 0; k < s.deliver; k++) {
              const to = all[(s.pick + k) % count] as Replica;
              if (to.inbox.length === 0) continue;
              const [update] = to.inbox.splice((s.pick + k) % to.inbox.length, 1);
              Y.applyUpdate(to.doc, update as Uint8Array, "remote");
            }
          }
          // Runs still being typed are finished, then everything arrives.
          for (const r of all)
            if (r.run) {
              const at = Y.createAbsolutePositionFromRelativePosition(r.run.caret, r.doc)?.index ?? 0;
              r.doc.transact(() => text(r).insert(at, `${r.run?.id}]`), LOCAL);
              expected.set(`[${r.run.content}${r.run.id}]`, r.run.id);
              r.run = null;
            }
          for (let round = 0; round < 3; round++)
            for (const r of all)
              for (const update of r.inbox.splice(0)) Y.applyUpdate(r.doc, update, "remote");
          const final = text(all[0] as Replica).toString();
          for (const r of all) expect(text(r).toString()).toBe(final);
          for (const run of expected.keys()) {
            if (deleted.has(run)) continue;
            expect(final.split(run).length - 1).toBe(1); // there once, uninterrupted
          }
          // Nothing but whole runs and what deleted runs left of them.
          expect(final.replace(RUN, "")).toBe("");
        }),
        { seed: 250_25, numRuns: 300 },
      );
    });
  }
});
