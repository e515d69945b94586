import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Organisation secrets at rest (docs/administration.md): AES-256-GCM under DATA_ENCRYPTION_KEY — the key the
// internal documents are sealed with (sync-server/storage/encryption.ts) — bound to the organisation
// and the secret's name, so a sealed value moved to another row does not open. The plain value lives
// only in memory while the server uses it (an integration call), never in a document, a response or a log.

const MAGIC = Buffer.from("RLS1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

const aad = (orgId: string, name: string) => Buffer.from(`org-secret:${orgId}/${name}`);

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("The data encryption key must be 32 bytes.");
  }

  seal(orgId: string, name: string, value: string): Uint8Array {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(aad(orgId, name));
    const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return new Uint8Array(Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
  }

  /** The value; throws an error naming the secret (never its content) when it does not open. */
  open(orgId: string, name: string, sealed: Uint8Array): string {
    const blob = Buffer.from(sealed);
    try {
      if (!blob.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error("not sealed");
      const iv = blob.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = blob.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
      decipher.setAAD(aad(orgId, name));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(blob.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      throw new Error(`The secret ${name} of ${orgId} does not open with DATA_ENCRYPTION_KEY.`);
    }
  }
}
