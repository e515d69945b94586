import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocumentName } from "../../shared/documents/names";
import type { ClaimTables } from "../claims/tables";
import { foldUpdates } from "./archive-tables";
import { updateAuthor } from "./authors";
import { withOverrides } from "./overrides";
import { mergeStates } from "./rows";
import type { Storage } from "./types";

// Encryption at rest (docs/agent-book.md): every stored byte of the agents-only internal documents
// (`org/{o}/customer/{c}/internal`, which hold the full tax ids) — their compacted state, their update
// log rows and their records in SQLite's write-ahead file — is sealed with AES-256-GCM under
// DATA_ENCRYPTION_KEY, bound to the document's name. A wrapper around any Storage does it by name; the
// storages never see the plain bytes of such a document. Other documents are stored as they are.

/** The file that holds the generated key outside production (base64 of 32 bytes), like the signing key. */
export const DATA_KEY_FILE = "data-encryption-key";

/** A sealed blob: magic | 12-byte IV | 16-byte tag | ciphertext. */
const MAGIC = Buffer.from("RLE1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored document that cannot be decrypted: the message names the document, never its content. */
export class DataKeyError extends Error {
  readonly code = "data-key-mismatch";
}

/** Whether a document's stored bytes are encrypted: the internal documents (tax ids, notes). */
export const isEncryptedDocument = (name: string): boolean =>
  name.endsWith("/internal") && parseDocumentName(name)?.kind === "customerInternal";

/** The name a claim attachment's bytes are sealed under (docs/claims.md): bound to its claim and id. */
export const attachmentBlobName = (orgId: string, claimId: string, id: string): string =>
  `org/${orgId}/claim/${claimId}/attachment/${id}`;
const isAttachmentBlob = (name: string): boolean =>
  /^org\/[^/]+\/claim\/[^/]+\/attachment\/[^/]+$/.test(name);

/** The key from its base64 text; throws a message that says what is wrong (never the key). */
export function parseDataKey(base64: string): Buffer {
  const text = base64.trim();
  const key = Buffer.from(text, "base64");
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(text) || key.length !== 32) {
    throw new Error("must be the base64 of exactly 32 random bytes (e.g. `openssl rand -base64 32`)");
  }
  return key;
}

/**
 * Reads the key from `dataDir`, generating one on first start (development and test). Safe when two
 * processes start on one directory at once: the file is created atomically, the loser reads the winner's.
 */
export function loadOrCreateDataKey(dataDir: string): Buffer {
  const file = join(dataDir, DATA_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temporary, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  try {
    return parseDataKey(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`The data encryption key in ${file} is unreadable: it ${(error as Error).message}.`);
  }
}

/** A name for the key that reveals nothing about it: what the database remembers it was written with. */
export const keyFingerprint = (key: Buffer): string =>
  createHmac("sha256", key).update("rangeline data encryption key").digest("hex").slice(0, 16);

export class DocumentCipher {
  constructor(
    private readonly key: Buffer,
    private readonly encrypts: (name: string) => boolean = (name) =>
      isEncryptedDocument(name) || isAttachmentBlob(name),
  ) {}

  get fingerprint(): string {
    return keyFingerprint(this.key);
  }

  seal(name: string, bytes: Uint8Array): Uint8Array {
    if (!this.encrypts(name)) return bytes;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(name));
    const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return new Uint8Array(Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
  }

  /**
   * The plain bytes of a stored blob. Bytes without the magic were stored before encryption existed
   * and are returned as they are (they are sealed at the next compaction). Throws DataKeyError when
   * the blob does not open with this key.
   */
  open(name: string, bytes: Uint8Array): Uint8Array {
    if (!this.encrypts(name)) return bytes;
    const blob = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (blob.length < MAGIC.length || !blob.subarray(0, MAGIC.length).equals(MAGIC)) return bytes;
    const iv = blob.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = blob.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(tag);
      const body = blob.subarray(MAGIC.length + IV_BYTES + TAG_BYTES);
      return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
    } catch {
      throw new DataKeyError(
        `Cannot decrypt the stored document ${name}: DATA_ENCRYPTION_KEY (fingerprint ${this.fingerprint}) is not the key it was written with.`,
      );
    }
  }
}

/** The setting that remembers which key the database's encrypted documents were written with. */
export const KEY_FINGERPRINT_SETTING = "data-encryption-key-fingerprint";

/**
 * `storage` with the internal documents sealed on the way in and opened on the way out. Every other
 * method (and any a later issue adds) goes straight to `storage`. Compaction merges the stored state
 * with the new one in plain form (the storage's merge hook) and seals the result.
 */
export function encryptedStorage(storage: Storage, cipher: DocumentCipher): Storage {
  const overrides: Partial<Storage> = {
    async loadDocument(name) {
      const stored = await storage.loadDocument(name);
      if (!isEncryptedDocument(name)) return stored;
      return {
        state: stored.state && cipher.open(name, stored.state),
        updates: stored.updates.map((u) => ({ seq: u.seq, update: cipher.open(name, u.update) })),
      };
    },
    appendUpdate(name, update, instanceId, author) {
      // The author is found by the plain update's bytes (authors.ts), before sealing makes new ones.
      return storage.appendUpdate(
        name,
        cipher.seal(name, update),
        instanceId,
        author ?? updateAuthor(update),
      );
    },
    // The history (docs/hardening.md) holds the log's sealed rows and a sealed base: opened on the way out,
    // folded in plain form and sealed again.
    async readArchive(name, until) {
      const archive = await storage.readArchive(name, until);
      if (!isEncryptedDocument(name)) return archive;
      const base = archive.base && {
        since: archive.base.since,
        state: archive.base.state && cipher.open(name, archive.base.state),
      };
      return { base, updates: archive.updates.map((u) => ({ ...u, update: cipher.open(name, u.update) })) };
    },
    pruneArchive(before, fold = foldUpdates) {
      return storage.pruneArchive(before, (name, base, updates) => {
        if (!isEncryptedDocument(name)) return fold(name, base, updates);
        const open = (bytes: Uint8Array) => cipher.open(name, bytes);
        return cipher.seal(name, fold(name, base && open(base), updates.map(open)));
      });
    },
    compactDocument(name, state, covered, merge) {
      if (!isEncryptedDocument(name)) return storage.compactDocument(name, state, covered, merge);
      const combine = merge ?? ((stored: Uint8Array | null) => mergeStates(stored, state));
      return storage.compactDocument(name, state, covered, (stored) =>
        cipher.seal(name, combine(stored && cipher.open(name, stored))),
      );
    },
    // Claim attachments (ownership and sales papers) are sealed too (docs/claims.md).
    claims: withOverrides(storage.claims, {
      putAttachment(record, content) {
        const name = attachmentBlobName(record.orgId, record.claimId, record.id);
        return storage.claims.putAttachment(record, cipher.seal(name, content));
      },
      async getAttachment(orgId, claimId, id) {
        const found = await storage.claims.getAttachment(orgId, claimId, id);
        if (!found) return null;
        return {
          record: found.record,
          content: cipher.open(attachmentBlobName(orgId, claimId, id), found.content),
        };
      },
    } satisfies Partial<ClaimTables>),
  };
  return withOverrides(storage, overrides);
}

/**
 * Checks that `cipher`'s key is the one the database's encrypted documents were written with (the
 * first start records its fingerprint), so a wrong key stops the server before it reads or writes
 * anything. Throws DataKeyError.
 */
export async function checkDataKey(storage: Storage, cipher: DocumentCipher): Promise<void> {
  const recorded = await storage.settings.claimSetting(KEY_FINGERPRINT_SETTING, cipher.fingerprint);
  if (recorded !== cipher.fingerprint) {
    throw new DataKeyError(
      `DATA_ENCRYPTION_KEY (fingerprint ${cipher.fingerprint}) is not the key this database's encrypted documents were written with (fingerprint ${recorded}). Start the server with that key; nothing was read or written.`,
    );
  }
}
