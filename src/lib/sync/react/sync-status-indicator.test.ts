import { describe, expect, it } from "vitest";
import { describeSyncStatus } from "./sync-status-indicator";

describe("the sync status as shown", () => {
  it("says online when every change is on the server", () => {
    expect(describeSyncStatus({ socket: "connected", pending: 0, syncing: false })).toEqual({
      state: "online",
      label: "Online",
      detail: "all changes saved",
    });
  });
  it("counts changes not yet on the server, offline and while syncing", () => {
    expect(describeSyncStatus({ socket: "disconnected", pending: 3, syncing: false })).toMatchObject({
      state: "offline",
      detail: "3 edits not yet on the server",
    });
    expect(describeSyncStatus({ socket: "connected", pending: 1, syncing: true })).toMatchObject({
      state: "syncing",
      detail: "1 edit not yet on the server",
    });
  });
  it("says it works with the device's documents when offline with nothing pending", () => {
    expect(describeSyncStatus({ socket: "disconnected", pending: 0, syncing: false }).detail).toBe(
      "working with what is on this device",
    );
    expect(describeSyncStatus({ socket: "connecting", pending: 0, syncing: false }).state).toBe("connecting");
  });
  it("never says all changes saved while the server has refused a copy of this device (docs/hardening.md)", () => {
    expect(describeSyncStatus({ socket: "connected", pending: 0, syncing: false, refused: 1 })).toEqual({
      state: "unsaved",
      label: "Online",
      detail: "1 record not saved to the server",
    });
  });
  it("never says all changes saved while a field typed here waits for its problem to be fixed (docs/sync-rules.md TEXT1)", () => {
    expect(describeSyncStatus({ socket: "connected", pending: 0, syncing: false, unsaved: 1 })).toEqual({
      state: "unsaved",
      label: "Online",
      detail: "1 field not saved until its problem is fixed",
    });
    expect(
      describeSyncStatus({ socket: "disconnected", pending: 2, syncing: false, unsaved: 2 }).detail,
    ).toBe("2 edits not yet on the server · 2 fields not saved until their problem is fixed");
  });
  it("[STATUS1] a device with no network is offline, even while the socket has not noticed yet", () => {
    expect(describeSyncStatus({ socket: "connected", pending: 0, syncing: false, online: false })).toEqual({
      state: "offline",
      label: "Offline",
      detail: "working with what is on this device",
    });
  });
});
