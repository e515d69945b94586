import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttachmentRef } from "../../../shared/documents/claim";
import { flushUploads, listUploads, queueUpload } from "./upload-queue";

// ATTACH1 (docs/hardening.md): the server refuses a file for a claim it does not hold yet. A claim made
// on this device may still be on its way through the sync socket: the queued file waits and is sent
// again, instead of being marked refused.

const USER = "auth0|agent";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
const STORED = {
  id: "att-1",
  name: "sale.pdf",
  contentType: "application/pdf",
  size: PDF.length,
  sha256: "a".repeat(64),
  uploadedBy: USER,
  uploadedAt: "2026-11-27T02:00:00.000Z",
};

describe("[ATTACH1] the upload queue and a claim still syncing", () => {
  beforeEach(() => {
    vi.stubGlobal("indexedDB", new IDBFactory());
    vi.useFakeTimers({ toFake: ["setTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("[ATTACH1] a file refused with claim-not-found stays queued without an error and is sent again 5 s later", async () => {
    const answers = [
      Response.json({ error: "claim-not-found", message: "no claim cl-1 on the server" }, { status: 404 }),
      Response.json({ attachment: STORED }, { status: 201 }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answers.shift()),
    );
    await queueUpload(
      USER,
      { orgId: "demo", claimId: "cl-1", id: "att-1", name: "sale.pdf", bytes: PDF.buffer as ArrayBuffer },
      new Date("2026-11-27T02:00:00Z"),
    );
    const stored: AttachmentRef[] = [];
    await flushUploads(
      USER,
      "demo",
      "cl-1",
      async () => "token",
      (ref) => stored.push(ref),
    );
    const waiting = await listUploads(USER, "demo", "cl-1");
    expect(waiting.map((u) => [u.id, u.error])).toEqual([["att-1", undefined]]);

    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(stored.map((r) => r.id)).toEqual(["att-1"]));
    await vi.waitFor(async () => expect(await listUploads(USER, "demo", "cl-1")).toEqual([]));
  });
});
