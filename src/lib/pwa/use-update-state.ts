import { useSyncExternalStore } from "react";
import { serviceWorkerUpdates } from "./service-worker";
import type { UpdateState } from "./update-store";

/** "update-ready" when a new version is installed and waits for the user to reload. */
export const useUpdateState = (): UpdateState =>
  useSyncExternalStore(serviceWorkerUpdates.subscribe, serviceWorkerUpdates.getSnapshot, () => "idle");

export const applyUpdate = (): void => serviceWorkerUpdates.applyUpdate();
