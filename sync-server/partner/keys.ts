import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// API keys (docs/partner-api.md): `rl_live_{id}_{secret}` — a recognisable prefix (a leaked key is easy to spot
// and to scan for), a public id (16 lowercase base-32 characters: how lists and logs name the key), and
// a 256-bit secret. The server keeps only the SHA-256 of the whole key and compares hashes in constant
// time, so a key is shown once and can never be read back.

export const KEY_PREFIX = "rl_live_";
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const KEY_PATTERN = /^rl_live_([a-z2-7]{16})_([A-Za-z0-9_-]{43})$/;

export const hashKey = (key: string): string => createHash("sha256").update(key).digest("hex");

export function newApiKey(): { id: string; key: string; hash: string } {
  const bytes = randomBytes(16);
  const id = [...bytes].map((b) => ALPHABET[b & 31]).join("");
  const key = `${KEY_PREFIX}${id}_${randomBytes(32).toString("base64url")}`;
  return { id, key, hash: hashKey(key) };
}

/** The key's id when `text` has the shape of a key; null otherwise. */
export function keyIdOf(text: string): string | null {
  return KEY_PATTERN.exec(text)?.[1] ?? null;
}

/** Whether `key` hashes to `storedHash` (constant time in the hash). */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
