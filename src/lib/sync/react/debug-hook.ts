import { environmentForHost } from "../../../../shared/catalogue/environments";
import { type AuthBuildSettings, productionHostnames } from "../../auth/environment";
import type { SyncClient } from "../sync-client";

// Outside production, end-to-end tests drop and restore the shared sync socket through
// window.__rangelineSync (the browser's offline switch does not close an open WebSocket).

export interface SyncDebugHook {
  disconnect(): void;
  connect(): void;
  status(): ReturnType<SyncClient["getStatus"]>;
  documents(): ReturnType<SyncClient["describeDocuments"]>;
  /** Writes `value` at `path` of a document without the UI's read-only check (to test the server). */
  forceWrite(documentName: string, section: string, path: string[], value: unknown): void;
  /** Removes the entries `keys` of a section in one update (to test the server's hold, HIST3). */
  forceRemove(documentName: string, section: string, keys: string[]): void;
}

declare global {
  interface Window {
    __rangelineSync?: SyncDebugHook;
  }
}

export function installDebugHook(client: SyncClient): () => void {
  const environment = environmentForHost(
    window.location.hostname,
    productionHostnames(import.meta.env as AuthBuildSettings),
  );
  if (environment === "production") return () => {};
  const hook: SyncDebugHook = {
    disconnect: () => client.disconnect(),
    connect: () => client.connect(),
    status: () => client.getStatus(),
    documents: () => client.describeDocuments(),
    forceWrite: (documentName, section, path, value) =>
      client.open(documentName).forceWriteForTest((t) => t.set(section as never, path, value)),
    forceRemove: (documentName, section, keys) =>
      client.open(documentName).forceWriteForTest((t) => {
        for (const key of keys) t.remove(section as never, [key]);
      }),
  };
  window.__rangelineSync = hook;
  return () => {
    if (window.__rangelineSync === hook) delete window.__rangelineSync;
  };
}
