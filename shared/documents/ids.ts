// Record ids made on the device, so records can be created offline: ULIDs (26 characters of Crockford's
// base 32: 48 bits of milliseconds, then 80 random bits). They sort by creation time and do not collide.
// Pure: the caller passes the clock and the random source (crypto.getRandomValues in the app).

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function ulid(nowMs: number, randomBytes: (length: number) => Uint8Array): string {
  if (!Number.isInteger(nowMs) || nowMs < 0 || nowMs > 2 ** 48 - 1)
    throw new RangeError(`ulid: bad time ${nowMs}`);
  let time = "";
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = "";
  for (let i = 0; i < 16; i++) random += ALPHABET[(bytes[i] as number) % 32];
  return time + random;
}
