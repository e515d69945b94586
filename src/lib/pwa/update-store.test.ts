import { describe, expect, it } from "vitest";
import { createUpdateStore, type UpdatableWorker } from "./update-store";

// Service workers do not run in Node; this stands in for workbox-window's Workbox, which emits
// "waiting" when a new worker is installed and "controlling" when it takes over the page.
function fakeWorker() {
  const events = new EventTarget();
  let skipWaitingMessages = 0;
  const worker: UpdatableWorker = {
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    messageSkipWaiting: () => {
      skipWaitingMessages++;
    },
  };
  return {
    worker,
    emit: (type: "waiting" | "controlling") => events.dispatchEvent(new Event(type)),
    skipWaitingMessages: () => skipWaitingMessages,
  };
}

describe("service worker update store", () => {
  it("announces a waiting worker without reloading", () => {
    let reloads = 0;
    const store = createUpdateStore(() => reloads++);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    const fake = fakeWorker();
    store.attach(fake.worker);
    expect(store.getSnapshot()).toBe("idle");
    fake.emit("waiting");
    expect(store.getSnapshot()).toBe("update-ready");
    expect(seen).toEqual(["update-ready"]);
    expect(reloads).toBe(0);
    expect(fake.skipWaitingMessages()).toBe(0);
  });

  it("reloads only after the user asked and the new worker controls the page", () => {
    let reloads = 0;
    const store = createUpdateStore(() => reloads++);
    const fake = fakeWorker();
    store.attach(fake.worker);
    fake.emit("waiting");
    store.applyUpdate();
    expect(store.getSnapshot()).toBe("updating");
    expect(fake.skipWaitingMessages()).toBe(1);
    expect(reloads).toBe(0);
    fake.emit("controlling");
    expect(reloads).toBe(1);
  });

  it("does not reload when another tab's update takes control", () => {
    let reloads = 0;
    const store = createUpdateStore(() => reloads++);
    const fake = fakeWorker();
    store.attach(fake.worker);
    fake.emit("controlling");
    expect(reloads).toBe(0);
  });

  it("ignores applyUpdate when no update is waiting", () => {
    const store = createUpdateStore(() => {
      throw new Error("must not reload");
    });
    const fake = fakeWorker();
    store.applyUpdate();
    store.attach(fake.worker);
    store.applyUpdate();
    expect(fake.skipWaitingMessages()).toBe(0);
    expect(store.getSnapshot()).toBe("idle");
  });

  it("stops notifying after unsubscribe", () => {
    const store = createUpdateStore(() => {});
    const fake = fakeWorker();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.attach(fake.worker);
    unsubscribe();
    fake.emit("waiting");
    expect(calls).toBe(0);
    expect(store.getSnapshot()).toBe("update-ready");
  });
});
