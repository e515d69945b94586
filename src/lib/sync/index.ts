// The local-first document layer (issue 5; docs/local-first.md). Screens use the hooks and components;
// nothing outside src/lib/sync touches Yjs.

export { syncUrl } from "./config";
export { documentMarketSource, marketHistoryOf } from "./market/device-market";
export { isStale, lastTradingDay } from "./market/trading-day";
export { type UseDocument, useDocument, usePresence, useSyncStatus } from "./react/hooks";
export { PresenceList } from "./react/presence-list";
export { lgmSetupFrom, lrpSetupFrom, SaveToWatchlistForm } from "./react/save-to-watchlist";
export { SyncProvider, useSyncClient } from "./react/sync-context";
export { describeSyncStatus, SyncStatusIndicator } from "./react/sync-status-indicator";
export { type DeviceMarket, useDeviceMarket } from "./react/use-device-market";
export { type NewWatchSetup, type SaveToWatchlist, useSaveToWatchlist } from "./react/use-save-to-watchlist";
export { SyncClient, type SyncStatus } from "./sync-client";
export type { DocumentProblem, DocumentState, Presence, PresenceUser, Scope } from "./synced-document";
export type { DocumentData, DocumentTransaction } from "./typed/typed-document";
