import { describe, expect, it } from "vitest";
import { type SettleEnvironment, whenSettled } from "./when-settled";

// A fake clock and page: `load`, resources finishing, timers.
function fakePage() {
  let now = 0;
  let state: DocumentReadyState = "loading";
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  let onLoad = () => {};
  let onResource: (() => void) | undefined;
  const env: SettleEnvironment = {
    readyState: () => state,
    onLoad: (listener) => {
      onLoad = listener;
    },
    onResource: (listener) => {
      onResource = listener;
      return () => {
        onResource = undefined;
      };
    },
    setTimeout: (fn, ms) => {
      timers.set(nextId, { at: now + ms, fn });
      return nextId++;
    },
    clearTimeout: (id) => timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return {
    env,
    advance,
    load: () => {
      state = "complete";
      onLoad();
    },
    resourceFinished: () => onResource?.(),
  };
}

describe("whenSettled (docs/first-visit.md: fonts and the service worker wait for the first screen)", () => {
  it("settles only after load and a quiet period with no resource finishing", async () => {
    const page = fakePage();
    let settledAt: number | undefined;
    let clock = 0;
    void whenSettled({ quietMs: 1000, capMs: 10_000 }, page.env).then(() => {
      settledAt = clock;
    });
    const step = async (ms: number) => {
      page.advance(ms);
      clock += ms;
      await Promise.resolve();
    };
    await step(5000); // not loaded yet: nothing settles however long
    page.load(); // t = 5000
    await step(600);
    page.resourceFinished(); // the pricing worker's script at 5600: the quiet period starts again
    await step(600);
    page.resourceFinished(); // the chart at 6200
    await step(900); // 7100: only 900 ms of quiet
    const beforeQuiet = settledAt;
    await step(100); // 7200: 1000 ms of quiet
    expect({ beforeQuiet, settledAt }).toEqual({ beforeQuiet: undefined, settledAt: 7200 });
  });
});
