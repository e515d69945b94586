import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { FakeInput } from "./fake-control";
import { TextBinding } from "./text-binding";

// The binding of an input to a shared text, with real Yjs documents standing for the devices and a
// network that delivers each device's updates when the test says (so "at the same moment" is exact).

const REMOTE = Symbol("remote");

class Device {
  readonly doc = new Y.Doc();
  readonly input = new FakeInput();
  readonly binding: TextBinding;
  readonly outbox: Uint8Array[] = [];
  constructor(clientID: number) {
    this.doc.clientID = clientID;
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== REMOTE) this.outbox.push(update);
    });
    this.binding = new TextBinding(this.input, this.doc.getText("name"));
  }
  get text() {
    return this.doc.getText("name").toString();
  }
  receive(update: Uint8Array) {
    Y.applyUpdate(this.doc, update, REMOTE);
  }
}

const devices: Device[] = [];
const make = (n: number) => {
  const made = Array.from({ length: n }, (_, i) => new Device(i + 1));
  devices.push(...made);
  return made;
};
/** Delivers everything `from` sent to every other device. */
const send = (from: Device, all: Device[]) => {
  const updates = from.outbox.splice(0);
  for (const to of all) if (to !== from) for (const u of updates) to.receive(u);
};
const sync = (all: Device[]) => {
  for (const d of all) send(d, all);
};

afterEach(() => {
  for (const d of devices.splice(0)) {
    d.binding.destroy();
    d.doc.destroy();
  }
});

describe("TextBinding", () => {
  it("writes each keystroke as typed, spaces included", () => {
    const [a] = make(1) as [Device];
    a.input.focus().type("Dale R Hendricks");
    expect(a.text).toBe("Dale R Hendricks");
    expect(a.input.value).toBe("Dale R Hendricks");
  });

  it("writes a keystroke as an insert, not the whole value (a concurrent edit elsewhere survives)", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("77 Elm St");
    sync([a, b]);
    b.input.focus().caret();
    b.input.type(" West");
    a.input.caret(0);
    a.input.type("Unit 4, ");
    sync([a, b]);
    expect(a.text).toBe("Unit 4, 77 Elm St West");
    expect(b.text).toBe(a.text);
    expect(b.input.value).toBe(a.text);
  });

  it("two people typing in one field at once each keep their run together, on both screens", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus();
    b.input.focus();
    const left = "Kinsley";
    const right = "Liberal";
    // Key by key, each key delivered to the other before the next (live typing).
    for (let i = 0; i < left.length; i++) {
      a.input.type(left[i] as string);
      send(a, [a, b]);
      b.input.type(right[i] as string);
      send(b, [a, b]);
    }
    expect(a.text).toBe(b.text);
    expect([left + right, right + left]).toContain(a.text);
    expect(a.input.value).toBe(a.text);
    expect(b.input.value).toBe(b.text);
  });

  it("keeps the caret after what this person typed while another person's text lands before it", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("Spearville");
    sync([a, b]);
    a.input.caret(5); // after "Spear"
    b.input.focus().caret(0);
    b.input.type("North ");
    sync([a, b]);
    expect(a.input.value).toBe("North Spearville");
    expect([a.input.selectionStart, a.input.selectionEnd]).toEqual([11, 11]);
    // The next key goes where the person left the caret.
    a.input.type("X");
    expect(a.text).toBe("North SpearXville");
  });

  it("keeps a selection, and another person's text typed at its edge stays outside it", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("77 Elm St");
    sync([a, b]);
    a.input.setSelectionRange(3, 6, "forward"); // "Elm"
    b.input.focus().caret(3);
    b.input.type("N ");
    sync([a, b]);
    expect(a.input.value).toBe("77 N Elm St");
    expect(a.input.value.slice(a.input.selectionStart ?? 0, a.input.selectionEnd ?? 0)).toBe("Elm");
    expect(a.input.selectionDirection).toBe("forward");
  });

  it("keeps the caret right after its own last character when another person types at the same place", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("Dodge");
    b.input.focus();
    sync([a, b]);
    b.input.caret();
    b.input.type(" City");
    a.input.type("!");
    sync([a, b]);
    const caret = a.input.selectionEnd ?? -1;
    expect(a.input.value.slice(0, caret).endsWith("!")).toBe(true);
  });

  it("an unfocused input follows the text without taking a caret", () => {
    const [a, b] = make(2) as [Device, Device];
    b.input.focus().type("Liberal");
    sync([a, b]);
    expect(a.input.value).toBe("Liberal");
  });

  it("writes nothing mid-composition, and the composed text where the composition started", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("Ranch ");
    sync([a, b]);
    const composition = a.input.compose(["k", "ka", "か"]);
    expect(a.text).toBe("Ranch ");
    // Another person's text lands before it meanwhile: the composing input is left alone.
    b.input.focus().caret(0);
    b.input.type("Big ");
    sync([a, b]);
    expect(a.input.value).toBe("Ranch か");
    composition.end();
    expect(a.text).toBe("Big Ranch か");
    expect(a.input.value).toBe("Big Ranch か");
    expect(a.input.selectionEnd).toBe("Big Ranch か".length);
    sync([a, b]);
    expect(b.text).toBe("Big Ranch か");
  });

  it("undo takes back this person's own typing only, and redo puts it back", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("Dodge");
    sync([a, b]);
    b.input.focus().caret();
    b.input.type(" City");
    sync([a, b]);
    expect(a.input.key("z")).toBe(true); // handled: the browser's own undo is not used
    expect(a.text).toBe(" City");
    expect(a.input.value).toBe(" City");
    expect(a.input.selectionEnd).toBe(0);
    a.input.key("z", { shiftKey: true });
    expect(a.text).toBe("Dodge City");
    sync([a, b]);
    expect(b.text).toBe("Dodge City");
  });

  it("writes through the sync layer's own transaction when given one, and undo still follows them", () => {
    const doc = new Y.Doc();
    const LOCAL = Symbol("local");
    const input = new FakeInput().focus();
    const origins: unknown[] = [];
    doc.on("update", (_u: Uint8Array, origin: unknown) => origins.push(origin));
    const binding = new TextBinding(input, doc.getText("city"), {
      transact: (write) => doc.transact(write, LOCAL),
    });
    try {
      input.type("Dodge City");
      expect(origins.every((o) => o === LOCAL)).toBe(true);
      input.key("z");
      expect(doc.getText("city").toString()).toBe("");
    } finally {
      binding.destroy();
      doc.destroy();
    }
  });

  it("says when its text leaves the document (a restore replaced the field), once", () => {
    const doc = new Y.Doc();
    const profile = doc.getMap<Y.Text>("profile");
    const name = new Y.Text("Dale");
    profile.set("name", name);
    let detached = 0;
    const binding = new TextBinding(new FakeInput().focus(), name, { onDetached: () => detached++ });
    try {
      profile.set("other", new Y.Text("x"));
      expect(detached).toBe(0);
      profile.set("name", new Y.Text("Casey"));
      profile.set("other", new Y.Text("y"));
      expect(detached).toBe(1);
    } finally {
      binding.destroy();
      doc.destroy();
    }
  });

  it("backspace and paste over a selection are splices", () => {
    const [a, b] = make(2) as [Device, Device];
    a.input.focus().type("77 Elm St");
    sync([a, b]);
    a.input.setSelectionRange(3, 6);
    a.input.paste("Oak");
    a.input.caret();
    a.input.backspace();
    a.input.backspace();
    b.input.focus().caret(0);
    b.input.type("#");
    sync([a, b]);
    expect(a.text).toBe("#77 Oak ");
    expect(b.input.value).toBe("#77 Oak ");
  });

  it("property: random concurrent typing and deleting by three people converges, each run contiguous", () => {
    // Each run is typed key by key as "[word n]" at a place between runs of the typist's own view, and
    // a delete removes a whole run the typist sees; updates reach the others at random moments. Every
    // screen ends with the same text, made of whole runs only: each run nobody deleted, uninterrupted.
    const step = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      at: fc.nat(),
      word: fc.stringMatching(/^[a-z]{1,5}$/),
      remove: fc.boolean(),
      deliver: fc.constantFrom("none", "one", "all"),
      to: fc.integer({ min: 0, max: 2 }),
    });
    const RUN = /\[[a-z]+\d+\]/g;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
        const all = make(3);
        const typed: string[] = [];
        const removed = new Set<string>();
        const inFlight: { to: Device; update: Uint8Array }[] = [];
        for (const d of all) d.input.focus();
        for (const [n, s] of steps.entries()) {
          const d = all[s.who] as Device;
          const runs = [...d.input.value.matchAll(RUN)];
          const target = runs[s.at % Math.max(runs.length, 1)];
          if (s.remove && target) {
            d.input.setSelectionRange(target.index, target.index + target[0].length);
            d.input.backspace();
            removed.add(target[0]);
          } else {
            const boundaries = [0, ...runs.map((r) => r.index + r[0].length)];
            d.input.caret(boundaries[s.at % boundaries.length]);
            const run = `[${s.word}${n}]`;
            d.input.type(run);
            typed.push(run);
          }
          // What was sent waits in flight for each other device; a step delivers to all, one, or none.
          for (const u of d.outbox.splice(0))
            for (const to of all) if (to !== d) inFlight.push({ to, update: u });
          const arrive = (to?: Device) => {
            for (const item of inFlight.splice(0)) {
              if (!to || item.to === to) item.to.receive(item.update);
              else inFlight.push(item);
            }
          };
          if (s.deliver === "all") arrive();
          else if (s.deliver === "one") arrive(all[s.to]);
        }
        for (const item of inFlight.splice(0)) item.to.receive(item.update);
        const [first, ...rest] = all as [Device, Device, Device];
        for (const d of rest) expect(d.text).toBe(first.text);
        for (const d of all) expect(d.input.value).toBe(d.text);
        for (const run of typed) expect(first.text.split(run).length - 1).toBe(removed.has(run) ? 0 : 1);
        expect(first.text.replace(RUN, "")).toBe("");
      }),
      { seed: 25, numRuns: 200 },
    );
  });
});
