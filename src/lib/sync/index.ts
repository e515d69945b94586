// The local-first document layer (docs/local-first.md). Screens use the hooks and components;
// nothing outside src/lib/sync touches Yjs. Importing this index loads the whole layer: the app shell
// and the quote screens, which a signed-out visitor opens first, import its light modules directly
// (react/sync-context, react/sync-status-indicator, react/watch-setup; the watchlist slot in
// src/components/watchlist),
// and those load Yjs, the document shapes and zod only for a signed-in user (react/sync-session.ts).

export { lastTradingDay } from "./market/trading-day";
export { useAfterStored, useDocument, usePresence, useSyncStatus, useWhenStored } from "./react/hooks";
export { PresenceList } from "./react/presence-list";
export { useSyncClient } from "./react/sync-context";
export { useDeviceMarket } from "./react/use-device-market";
export { SyncClient } from "./sync-client";
export type { DocumentProblem, Presence } from "./synced-document";
export type { DocumentData, DocumentTransaction } from "./typed/typed-document";
