import { randomUUID } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
} from "jose";
import { z } from "zod";

/** The embedded identity provider's RS256 signing key pair. */
export interface SigningKeys {
  /** Key id, the RFC 7638 thumbprint of the public key; tokens carry it in their `kid` header. */
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as published in /.well-known/jwks.json. */
  publicJwk: JWK & { kid: string; alg: "RS256"; use: "sig" };
}

export const SIGNING_KEY_FILE = "identity-signing-key.json";

const storedKeySchema = z.object({
  kid: z.string().min(1),
  privateKeyPkcs8: z.string().includes("BEGIN PRIVATE KEY"),
  publicJwk: z.object({ kty: z.literal("RSA"), n: z.string().min(1), e: z.string().min(1) }),
});

/**
 * Reads the signing key pair from `dataDir`, generating and saving one on first start. Safe when two
 * processes start on one data directory at once: the file is created atomically and the loser reads
 * the winner's key.
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = join(dataDir, SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey, publicKey } = await generateKeyPair("RS256", {
      modulusLength: 2048,
      extractable: true,
    });
    const publicJwk = await exportJWK(publicKey);
    const stored = {
      kid: await calculateJwkThumbprint(publicJwk),
      privateKeyPkcs8: await exportPKCS8(privateKey),
      publicJwk: { kty: publicJwk.kty, n: publicJwk.n, e: publicJwk.e },
    };
    const temporary = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temporary, JSON.stringify(stored, null, 2), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  return readSigningKeys(file);
}

async function readSigningKeys(file: string): Promise<SigningKeys> {
  let parsed: z.infer<typeof storedKeySchema>;
  try {
    parsed = storedKeySchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new Error(
      `The identity signing key in ${file} is unreadable (${(error as Error).message}); delete the file to generate a new one.`,
    );
  }
  const privateKey = await importPKCS8(parsed.privateKeyPkcs8, "RS256");
  const publicJwk = { ...parsed.publicJwk, kid: parsed.kid, alg: "RS256" as const, use: "sig" as const };
  const publicKey = (await importJWK(publicJwk, "RS256")) as CryptoKey;
  return { kid: parsed.kid, privateKey, publicKey, publicJwk };
}
