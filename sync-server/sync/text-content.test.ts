import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyToCopy, sharedTypeIssues } from "./candidate";
import { plainTextProblem } from "./text-content";

// The copy path's rule of shared text (docs/sync-rules.md TEXT1, TEXT1): a text at a free-text field holds plain
// characters only; formatting attributes and embeds are refused with the field's path, as the fast
// path (text-scan.ts) refuses to judge them.

/** A claim document with one note whose text is shared, and a device holding a copy of it. */
function claimWithNote() {
  const server = new Y.Doc();
  server.transact(() => {
    const note = new Y.Map<unknown>();
    note.set("id", "n1");
    note.set("text", new Y.Text("Loss reported."));
    server.getMap("notes").set("n1", note);
  });
  const device = new Y.Doc();
  Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
  const text = (device.getMap("notes").get("n1") as Y.Map<unknown>).get("text") as Y.Text;
  return { server, device, text };
}

/** What the copy path says of the update `change` makes on the device. */
function issuesOf(server: Y.Doc, device: Y.Doc, change: () => void) {
  const before = Y.encodeStateVector(device);
  change();
  const { shadow, touched } = applyToCopy(server, Y.encodeStateAsUpdate(device, before));
  return sharedTypeIssues(shadow, "claim", touched);
}

describe("shared text holds plain characters only (copy path)", () => {
  it("accepts typing and deleting", () => {
    const { server, device, text } = claimWithNote();
    expect(
      issuesOf(server, device, () => {
        text.insert(0, "Call Casey: ");
        text.delete(0, 5);
      }),
    ).toEqual([]);
    expect(plainTextProblem(text)).toBeNull();
  });

  it("refuses formatting attributes, naming the field", () => {
    const { server, device, text } = claimWithNote();
    expect(issuesOf(server, device, () => text.format(0, 4, { bold: true }))).toEqual([
      { path: ["notes", "n1", "text"], message: "formatting in a shared text (only plain text is stored)" },
    ]);
  });

  it("refuses text inserted with attributes", () => {
    const { server, device, text } = claimWithNote();
    expect(issuesOf(server, device, () => text.insert(0, "Urgent ", { italic: true }))).toEqual([
      { path: ["notes", "n1", "text"], message: "formatting in a shared text (only plain text is stored)" },
    ]);
  });

  it("refuses an embed and a nested type", () => {
    const embed = claimWithNote();
    expect(issuesOf(embed.server, embed.device, () => embed.text.insertEmbed(3, { image: "x.png" }))).toEqual(
      [{ path: ["notes", "n1", "text"], message: "an embed in a shared text (only plain text is stored)" }],
    );
    const nested = claimWithNote();
    expect(issuesOf(nested.server, nested.device, () => nested.text.insertEmbed(0, new Y.Map()))).toEqual([
      { path: ["notes", "n1", "text"], message: "an embed in a shared text (only plain text is stored)" },
    ]);
  });

  it("a formatted run deleted in the same change leaves no formatting behind", () => {
    const { text } = claimWithNote();
    text.doc?.transact(() => {
      text.insert(0, "x", { bold: true });
      text.delete(0, 1);
    });
    expect(plainTextProblem(text)).toBeNull();
    expect(text.toString()).toBe("Loss reported.");
  });
});

type Op = { at: number; text: string } | { at: number; remove: number };

/** Random typing: inserts of plain characters and deletes at random places. */
const typing: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    fc.record({ at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 5 }) }),
    fc.record({ at: fc.nat(), remove: fc.integer({ min: 1, max: 4 }) }),
  ),
  { maxLength: 40 },
);

function play(text: Y.Text, ops: Op[], model: string): string {
  let next = model;
  for (const op of ops) {
    const at = next.length === 0 ? 0 : op.at % (next.length + 1);
    if ("text" in op) {
      text.insert(at, op.text);
      next = next.slice(0, at) + op.text + next.slice(at);
    } else {
      const n = Math.min(op.remove, next.length - at);
      if (n <= 0) continue;
      text.delete(at, n);
      next = next.slice(0, at) + next.slice(at + n);
    }
  }
  return next;
}

describe("plainTextProblem (property)", () => {
  it("plain typing is never refused, and the text is what was typed", () => {
    fc.assert(
      fc.property(typing, (ops) => {
        const { server, device, text } = claimWithNote();
        let model = "";
        expect(issuesOf(server, device, () => (model = play(text, ops, "Loss reported.")))).toEqual([]);
        expect(text.toString()).toBe(model);
      }),
      { numRuns: 200 },
    );
  });

  it("any formatting left on a live character is refused, whatever typing surrounds it", () => {
    fc.assert(
      fc.property(typing, fc.nat(), (before, where) => {
        const { server, device, text } = claimWithNote();
        const issues = issuesOf(server, device, () => {
          const model = play(text, before, "Loss reported.");
          const at = model.length === 0 ? 0 : where % model.length;
          text.insert(at, "!", { bold: true });
          text.insert(0, "x"); // plain typing after it does not clear it
        });
        expect(issues.map((i) => i.message)).toEqual([
          "formatting in a shared text (only plain text is stored)",
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
