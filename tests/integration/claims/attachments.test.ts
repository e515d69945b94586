import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../shared/documents/claim";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { AttachmentRecord, Storage } from "../../../sync-server/storage/types";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// Claim attachments (docs/claims.md): the storage table on both databases (STORE4), and the HTTP routes
// with the claim document's access (ACL7): agents of the organisation write, the customer the claim
// names reads, nobody else; 10 MB at most; PDF, PNG, JPEG or HEIC by content.

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function attachmentContract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`[STORE4] claim attachments: ${label}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await open();
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });
    const record = (id: string, over: Partial<AttachmentRecord> = {}): AttachmentRecord => ({
      orgId: "demo",
      claimId: "cl-1",
      id,
      name: `${id}.pdf`,
      contentType: "application/pdf",
      size: 20,
      sha256: "a".repeat(64),
      uploadedBy: "auth0|agent",
      uploadedAt: 1_700_000_000_000,
      ...over,
    });

    it("stores the bytes once per id, lists a claim's attachments oldest first, and reads them back", async () => {
      const bytes = pdf("bill of sale");
      const first = await storage.claims.putAttachment(record("a-2", { size: bytes.length }), bytes);
      expect(first).toEqual(record("a-2", { size: bytes.length }));
      await storage.claims.putAttachment(record("a-1", { uploadedAt: 1_600_000_000_000 }), pdf("older"));
      await storage.claims.putAttachment(record("a-9", { claimId: "cl-other" }), pdf("other claim"));
      // The same id again keeps what was stored first (the caller compares the hash).
      const again = await storage.claims.putAttachment(
        record("a-2", { sha256: "b".repeat(64) }),
        pdf("other"),
      );
      expect(again.sha256).toBe("a".repeat(64));
      expect((await storage.claims.listAttachments("demo", "cl-1")).map((r) => r.id)).toEqual(["a-1", "a-2"]);
      const read = await storage.claims.getAttachment("demo", "cl-1", "a-2");
      expect(read?.record).toEqual(first);
      expect(new TextDecoder().decode(read?.content)).toBe(new TextDecoder().decode(bytes));
      expect(await storage.claims.getAttachment("demo", "cl-other", "a-2")).toBeNull();
      expect(await storage.claims.getAttachment("other", "cl-1", "a-1")).toBeNull();
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-attachments-"));
attachmentContract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "contract.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);
describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("attachments");
  attachmentContract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});

describe("claim attachments over HTTP", () => {
  const agent = demoUser("agent@demo.rangeline.test");
  const customer = demoUser("customer@demo.rangeline.test");
  const otherCustomer = demoUser("customer@other.rangeline.test");
  const admin = demoUser("admin@demo.rangeline.test");
  let server: TestServer;
  const base = () => `http://127.0.0.1:${server.port}/api/orgs/demo/claims`;
  const upload = async (user: typeof agent, claim: string, id: string, name: string, body: Uint8Array) =>
    fetch(`${base()}/${claim}/attachments?id=${id}&name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.token(user)}`,
        "content-type": "application/octet-stream",
      },
      body: body as Uint8Array<ArrayBuffer>,
    });
  const get = async (user: typeof agent, path: string) =>
    fetch(`${base()}/${path}`, { headers: { authorization: `Bearer ${await server.token(user)}` } });

  beforeAll(async () => {
    server = await startTestServer();
    // cl-mine names the demo customer (c-demo), cl-theirs another customer (ACL7: the server's link).
    for (const [claim, customerId] of [
      ["cl-mine", "c-demo"],
      ["cl-theirs", "c-2"],
    ] as const) {
      const client = connect(server.syncUrl, `org/demo/claim/${claim}`, await server.token(agent));
      expect(await client.ready).toBe(true);
      client.doc.getMap("claim").set("customerId", customerId);
      await vi.waitFor(async () =>
        expect(await server.storage.claims.getClaimCustomer("demo", claim)).toBe(customerId),
      );
      client.destroy();
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it("[ACL7] an agent attaches a PDF; the type comes from the content, a retry is the same attachment", async () => {
    const body = pdf("proof of ownership");
    const response = await upload(agent, "cl-mine", "att-1", "brand inspection.png", body);
    expect(response.status).toBe(201);
    const { attachment } = (await response.json()) as { attachment: Record<string, unknown> };
    expect(attachment).toMatchObject({
      id: "att-1",
      name: "brand inspection.png",
      contentType: "application/pdf",
      size: body.length,
      uploadedBy: agent.sub,
    });
    expect(attachment.sha256).toMatch(/^[0-9a-f]{64}$/);
    const retry = await upload(agent, "cl-mine", "att-1", "brand inspection.png", body);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { attachment: unknown }).attachment).toEqual(attachment);
    const clash = await upload(agent, "cl-mine", "att-1", "x.pdf", pdf("something else"));
    expect(clash.status).toBe(409);
  });

  it("[ACL7] the customer the claim names reads the list and the file; nobody else does", async () => {
    expect((await upload(agent, "cl-mine", "att-2", "tag.png", png)).status).toBe(201);
    const list = await get(customer, "cl-mine/attachments");
    expect(list.status).toBe(200);
    const { attachments } = (await list.json()) as { attachments: { id: string; contentType: string }[] };
    expect(attachments.map((a) => [a.id, a.contentType])).toEqual([
      ["att-1", "application/pdf"],
      ["att-2", "image/png"],
    ]);
    const file = await get(customer, "cl-mine/attachments/att-2");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
    // Another customer's claim, another organisation's customer, an admin: refused.
    expect((await get(customer, "cl-theirs/attachments")).status).toBe(403);
    expect((await get(otherCustomer, "cl-mine/attachments/att-2")).status).toBe(403);
    expect((await get(admin, "cl-mine/attachments")).status).toBe(403);
    expect((await get(customer, "cl-mine/attachments/nope")).status).toBe(404);
  });

  it("[STORE5] an attachment's bytes are sealed at rest under the data key, and read back plain", async () => {
    const body = pdf("SEALED-MARKER-42 bill of sale");
    expect((await upload(agent, "cl-mine", "att-sealed", "sale.pdf", body)).status).toBe(201);
    const db = new DatabaseSync(join(server.dataDir, "rangeline.sqlite"), { readOnly: true });
    try {
      const row = db
        .prepare("SELECT content FROM claim_attachments WHERE claim_id = ? AND id = ?")
        .get("cl-mine", "att-sealed") as { content: Uint8Array };
      const stored = Buffer.from(row.content);
      expect(stored.subarray(0, 4).toString()).toBe("RLE1");
      expect(stored.includes(Buffer.from("SEALED-MARKER-42"))).toBe(false);
    } finally {
      db.close();
    }
    const file = await get(customer, "cl-mine/attachments/att-sealed");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(body);
  });

  it("[ACL7] the customer cannot attach to their own claim", async () => {
    const response = await upload(customer, "cl-mine", "att-3", "mine.pdf", pdf("x"));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /Only agents of demo may attach/,
    );
  });

  it("refuses a file that is not a PDF, PNG, JPEG or HEIC, an empty one and one over 10 MB, saying why", async () => {
    const html = await upload(agent, "cl-mine", "att-4", "receipt.pdf", new TextEncoder().encode("<html>"));
    expect(html.status).toBe(415);
    expect(((await html.json()) as { message: string }).message).toMatch(
      /receipt.pdf is not a PDF, PNG, JPEG or HEIC file \(checked by its content\)/,
    );
    expect((await upload(agent, "cl-mine", "att-5", "empty.pdf", new Uint8Array())).status).toBe(400);
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(pdf("big"));
    const tooBig = await upload(agent, "cl-mine", "att-6", "big.pdf", big);
    expect(tooBig.status).toBe(413);
    const bad = await upload(agent, "cl-mine", "../x", "a/b.pdf", pdf("x"));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /id: must be an id.*name: a file name has no slashes/,
    );
  });
});
