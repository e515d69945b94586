// The local-first document layer (issue 5; docs/local-first.md). Screens use the hooks and components;
// nothing outside src/lib/sync touches Yjs. Importing this index loads the whole layer: the app shell
// and the quote screens, which a signed-out visitor opens first, import its light modules directly
// (react/sync-context, react/sync-status-indicator, react/save-to-watchlist-slot, react/watch-setup),
// and those load Yjs, the document shapes and zod only for a signed-in user (react/sync-session.ts).

export { syncUrl } from "./config";
export { documentMarketSource, marketHistoryOf } from "./market/device-market";
export { isStale, lastTradingDay } from "./market/trading-day";
export { type UseDocument, useDocument, usePresence, useSyncStatus } from "./react/hooks";
export { PresenceList } from "./react/presence-list";
export { SaveToWatchlistForm } from "./react/save-to-watchlist";
export { SaveToWatchlistSlot } from "./react/save-to-watchlist-slot";
export { SyncProvider, useSyncClient } from "./react/sync-context";
export { describeSyncStatus, SyncStatusIndicator } from "./react/sync-status-indicator";
export { type DeviceMarket, useDeviceMarket } from "./react/use-device-market";
export { type NewWatchSetup, type SaveToWatchlist, useSaveToWatchlist } from "./react/use-save-to-watchlist";
export { lgmSetupFrom, lrpSetupFrom } from "./react/watch-setup";
export { SyncClient, type SyncStatus } from "./sync-client";
export type { DocumentProblem, DocumentState, Presence, PresenceUser, Scope } from "./synced-document";
export type { DocumentData, DocumentTransaction } from "./typed/typed-document";
