import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Invitation links (docs/administration.md): `{id}.{expires}.{signature}` — a random id (the invitations table's
// key), the expiry in epoch seconds, and an HMAC-SHA256 of both under a key derived from
// DATA_ENCRYPTION_KEY. Forged or altered links fail the signature; the table makes them single-use.

export class InvitationLinks {
  private readonly key: Buffer;
  constructor(dataKey: Buffer) {
    this.key = createHmac("sha256", dataKey).update("rangeline invitation links v1").digest();
  }

  newId(): string {
    return randomBytes(16).toString("base64url");
  }

  token(id: string, expiresAtMs: number): string {
    const exp = Math.floor(expiresAtMs / 1000);
    return `${id}.${exp}.${this.sign(`${id}.${exp}`)}`;
  }

  /** The invitation id of a token, or why it is refused. */
  read(token: string, nowMs: number): { id: string } | { problem: "malformed" | "forged" | "expired" } {
    const parts = token.split(".");
    if (
      parts.length !== 3 ||
      !/^[A-Za-z0-9_-]{22}$/.test(parts[0] ?? "") ||
      !/^\d{1,12}$/.test(parts[1] ?? "")
    )
      return { problem: "malformed" };
    const [id, exp, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${id}.${exp}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: "forged" };
    if (Number(exp) * 1000 <= nowMs) return { problem: "expired" };
    return { id };
  }

  private sign(text: string): string {
    return createHmac("sha256", this.key).update(text).digest("base64url");
  }
}
