import { inflateRawSync } from "node:zlib";

// RMA publishes its daily ADM livestock files as .zip archives. This reads the members of one (stored
// or deflated, the two methods zip writers use) from its central directory, checking each member's
// CRC-32, so a truncated or damaged download is an error, never half a file.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export function readZip(bytes: Uint8Array, name = "archive"): Map<string, Uint8Array> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0)
    throw new Error(`${name}: not a complete zip archive (no end of central directory; truncated?)`);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const members = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL)
      throw new Error(`${name}: damaged zip central directory`);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const member = buf.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extra + comment;
    if (member.endsWith("/")) continue;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL)
      throw new Error(`${name}: damaged zip entry ${member}`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw new Error(`${name}: zip entry ${member} is truncated`);
    const raw = buf.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw);
      } catch {
        throw new Error(`${name}: zip entry ${member} does not inflate (damaged)`);
      }
    } else throw new Error(`${name}: zip entry ${member} uses compression method ${method}`);
    if (data.length !== size || crc32(data) !== crc)
      throw new Error(`${name}: zip entry ${member} fails its CRC check (damaged)`);
    members.set(member, new Uint8Array(data));
  }
  return members;
}

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
