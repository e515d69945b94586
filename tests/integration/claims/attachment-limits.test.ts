import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// (docs/hardening.md): a file is attached only to a claim the server holds (ATTACH1), and
// an organisation's attachments stay under ATTACHMENT_MAX_BYTES_PER_ORG (ATTACH2).

const agent = demoUser("agent@demo.rangeline.test");
const MIB = 1024 * 1024;
/** A PDF of `size` bytes (the type is told by the first bytes). */
const pdf = (size: number, fill = 0x20) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  return bytes;
};

describe("claim attachment limits", () => {
  let server: TestServer;
  const upload = async (claim: string, id: string, body: Uint8Array) => {
    const response = await fetch(
      `http://127.0.0.1:${server.port}/api/orgs/demo/claims/${claim}/attachments?id=${id}&name=${id}.pdf`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${await server.token(agent)}`,
          "content-type": "application/octet-stream",
        },
        body: body as Uint8Array<ArrayBuffer>,
      },
    );
    return { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
  };
  /** Opens the claim document as the agent; `customerId` written when given. */
  const openClaim = async (claim: string, customerId?: string) => {
    const client = connect(server.syncUrl, `org/demo/claim/${claim}`, await server.token(agent));
    expect(await client.ready).toBe(true);
    if (customerId) {
      client.doc.getMap("claim").set("customerId", customerId);
      await vi.waitFor(async () =>
        expect(await server.storage.claims.getClaimCustomer("demo", claim)).toBe(customerId),
      );
    }
    client.destroy();
  };

  beforeAll(async () => {
    server = await startTestServer({ ATTACHMENT_MAX_BYTES_PER_ORG: String(MIB) });
    await openClaim("cl-real", "c-demo");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("[ATTACH1] a file for a claim the server does not hold is refused with 404 and not stored", async () => {
    const missing = await upload("cl-nowhere", "att-1", pdf(100));
    expect(missing).toEqual({
      status: 404,
      body: {
        error: "claim-not-found",
        message:
          "Organisation demo has no claim cl-nowhere on the server: open the claim and let it sync before attaching files.",
      },
    });
    // A claim document only opened (nothing written into the claim) is no claim either.
    await openClaim("cl-empty");
    expect((await upload("cl-empty", "att-2", pdf(100))).status).toBe(404);
    expect(await server.storage.claims.orgAttachmentBytes("demo")).toBe(0);
    expect((await upload("cl-real", "att-3", pdf(100))).status).toBe(201);
  });

  it("[ATTACH2] past the organisation's cap an upload is refused with 413 and the figures; a retry of a stored file still answers", async () => {
    const first = pdf(600 * 1024);
    expect((await upload("cl-real", "big-1", first)).status).toBe(201);
    const over = await upload("cl-real", "big-2", pdf(500 * 1024, 0x21));
    expect(over).toEqual({
      status: 413,
      body: {
        error: "attachment-storage-full",
        message:
          "Organisation demo's attachments take 600.1 KiB of the 1 MiB it may store: big-2.pdf (500 KiB) does not fit. Ask the server's operator to raise ATTACHMENT_MAX_BYTES_PER_ORG.",
      },
    });
    expect((await upload("cl-real", "big-1", first)).status).toBe(200);
    expect(await server.storage.claims.orgAttachmentBytes("demo")).toBe(600 * 1024 + 100);
  });
});
