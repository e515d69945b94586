import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DATA_KEY_FILE,
  DataKeyError,
  DocumentCipher,
  isEncryptedDocument,
  keyFingerprint,
  loadOrCreateDataKey,
  parseDataKey,
} from "./encryption";

// Encryption at rest (rule STORE5): which documents, the sealed format's guarantees, and the key.

const INTERNAL = "org/demo/customer/c-1/internal";
const bytes = (text: string) => new TextEncoder().encode(text);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("data encryption", () => {
  it("[STORE5] seals the internal documents only", () => {
    expect(isEncryptedDocument(INTERNAL)).toBe(true);
    for (const name of [
      "org/demo/customer/c-1",
      "org/demo",
      "user/u/watchlist",
      "org/x/internal",
      "market/current",
    ])
      expect(isEncryptedDocument(name)).toBe(false);
    const cipher = new DocumentCipher(randomBytes(32));
    const plain = bytes("tax id 501234987");
    expect(cipher.seal("org/demo/customer/c-1", plain)).toBe(plain);
    const sealed = cipher.seal(INTERNAL, plain);
    expect(Buffer.from(sealed).includes("501234987")).toBe(false);
    expect(cipher.open(INTERNAL, sealed)).toEqual(plain);
    // A fresh IV each time: the same bytes seal differently.
    expect(Buffer.from(cipher.seal(INTERNAL, plain)).equals(Buffer.from(sealed))).toBe(false);
  });

  it("[STORE5] a sealed blob is bound to its document, and tampering or another key fails with a clear error", () => {
    const cipher = new DocumentCipher(randomBytes(32));
    const sealed = cipher.seal(INTERNAL, bytes("secret"));
    const other = "org/demo/customer/c-2/internal";
    expect(() => cipher.open(other, sealed)).toThrow(DataKeyError);
    const tampered = new Uint8Array(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1;
    expect(() => cipher.open(INTERNAL, tampered)).toThrow(
      `Cannot decrypt the stored document ${INTERNAL}: DATA_ENCRYPTION_KEY (fingerprint ${cipher.fingerprint}) is not the key it was written with.`,
    );
    expect(() => new DocumentCipher(randomBytes(32)).open(INTERNAL, sealed)).toThrow(DataKeyError);
  });

  it("[STORE5] bytes stored before encryption existed are read as they are", () => {
    const cipher = new DocumentCipher(randomBytes(32));
    const legacy = bytes("an update from before");
    expect(cipher.open(INTERNAL, legacy)).toBe(legacy);
  });

  it("[STORE5] the key: base64 of 32 bytes, generated once in DATA_DIR (owner-only), its fingerprint reveals nothing", () => {
    expect(() => parseDataKey("c2hvcnQ=")).toThrow("must be the base64 of exactly 32 random bytes");
    const key = randomBytes(32);
    expect(parseDataKey(key.toString("base64"))).toEqual(key);
    const dir = mkdtempSync(join(tmpdir(), "rangeline-key-"));
    dirs.push(dir);
    const first = loadOrCreateDataKey(dir);
    expect(first).toHaveLength(32);
    expect(loadOrCreateDataKey(dir)).toEqual(first);
    expect(statSync(join(dir, DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, DATA_KEY_FILE), "utf8").trim()).toBe(first.toString("base64"));
    expect(keyFingerprint(first)).toMatch(/^[0-9a-f]{16}$/);
    expect(keyFingerprint(first)).not.toContain(first.toString("hex").slice(0, 8));
    writeFileSync(join(dir, DATA_KEY_FILE), "garbage");
    expect(() => loadOrCreateDataKey(dir)).toThrow(
      `The data encryption key in ${join(dir, DATA_KEY_FILE)} is unreadable: it must be the base64 of exactly 32 random bytes`,
    );
  });
});
