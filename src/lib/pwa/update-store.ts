// The state of the service worker as the page sees it, kept outside React so that registration
// (main.tsx) and the banner (app layout) share it. Never reloads on its own: a waiting update is
// only announced; the page reloads after the user asks for it and the new worker has taken over.

export type UpdateState = "idle" | "update-ready" | "updating";

/** The part of workbox-window's Workbox this store uses. */
export interface UpdatableWorker {
  addEventListener(type: "waiting" | "controlling", listener: () => void): void;
  messageSkipWaiting(): void;
}

export interface UpdateStore {
  getSnapshot(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Connects a registered worker: its "waiting" event makes an update ready. */
  attach(worker: UpdatableWorker): void;
  /** The user chose to reload: activate the waiting worker, then reload once it controls the page. */
  applyUpdate(): void;
}

export function createUpdateStore(reload: () => void): UpdateStore {
  let state: UpdateState = "idle";
  let worker: UpdatableWorker | undefined;
  let reloadWhenControlling = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(next) {
      worker = next;
      next.addEventListener("waiting", () => set("update-ready"));
      next.addEventListener("controlling", () => {
        if (reloadWhenControlling) reload();
      });
    },
    applyUpdate() {
      if (!worker || state !== "update-ready") return;
      reloadWhenControlling = true;
      set("updating");
      worker.messageSkipWaiting();
    },
  };
}
