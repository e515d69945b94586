import { describe, expect, it } from "vitest";
import { SYNC_REASONS, type SyncReason } from "../../../shared/documents/sync-reasons";
import { problemMessage } from "./sync-problem";

describe("the record page's sentence for a sync server's reason", () => {
  it("says something in words for every reason the server sends, never the bare code", () => {
    for (const reason of Object.keys(SYNC_REASONS) as SyncReason[]) {
      const message = problemMessage({ reason });
      expect(message, reason).not.toContain(`(${reason})`);
      expect(message.length, reason).toBeGreaterThan(20);
    }
  });
});
