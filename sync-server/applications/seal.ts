import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { DocumentCipher } from "../storage/encryption";

// Applications at rest (docs/applications.md): the whole application, tax ids included, is sealed with AES-256-GCM
// under DATA_ENCRYPTION_KEY (the key of the internal documents), bound to its id so a sealed blob moved
// to another row does not open. The applicant's status token is an HMAC of the submission id under a
// key derived from the data key: a retry of the same submission gets the same token back without the
// server keeping the token, and only its hash is stored.

export class ApplicationSeal {
  private readonly cipher: DocumentCipher;
  private readonly tokenKey: Buffer;

  constructor(dataKey: Buffer) {
    this.cipher = new DocumentCipher(dataKey, () => true);
    this.tokenKey = createHmac("sha256", dataKey).update("rangeline application status token v1").digest();
  }

  seal(id: string, json: string): Uint8Array {
    return this.cipher.seal(`application/${id}`, new TextEncoder().encode(json));
  }

  open(id: string, sealed: Uint8Array): string {
    return new TextDecoder().decode(this.cipher.open(`application/${id}`, sealed));
  }

  token(id: string): string {
    return createHmac("sha256", this.tokenKey).update(id).digest("base64url");
  }

  /** Whether `token` is the status token of `id` (constant time). */
  checkToken(id: string, token: string): boolean {
    const want = Buffer.from(this.token(id));
    const got = Buffer.from(token);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}

export const sha256Hex = (text: string): string => createHash("sha256").update(text).digest("hex");
