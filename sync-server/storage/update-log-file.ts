import { closeSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { crc32 } from "node:zlib";

/** One client update in the log, with the sequence number the storage gave it. */
export interface LoggedUpdate {
  seq: number;
  name: string;
  instanceId: string;
  update: Uint8Array;
  receivedAt: number;
  /** The verified user who sent it (the document's history); null or absent: the server. */
  author?: string | null;
}

// Record layout, little-endian: u32 body length | u32 CRC-32 of the body | body, where the body is
// f64 seq | f64 receivedAt | u16 name length | name (UTF-8) | u16 instance length | instance (UTF-8) |
// [u16 author length | author (UTF-8), when the name length's top bit is set] | the update's bytes.
// (Records written before authors were kept have that bit clear and read as the server's.)
const HEAD = 8;
const HAS_AUTHOR = 0x8000;
/** The file is rewritten with only its live records once it is this big and at least half settled. */
const REWRITE_FROM_BYTES = 1 << 20;

/**
 * The SQLite storage's write-ahead file for client updates (rule STORE1): an update is acknowledged once
 * its record is written here (one `write` per append), which costs a fraction of a SQLite
 * commit. A record stays live until the database holds it: either the storage moved it into its
 * `document_updates` table, or a compaction stored its document's state and archived it (`settle`).
 * When every record is settled the file is emptied; when most of a large file is, it is rewritten with
 * the live records (a new file renamed over the old one, so a crash leaves one or the other whole).
 * Like SQLite's WAL with synchronous=NORMAL, a written record survives a crash of the process, not of
 * the operating system. A record cut short by such a crash is recognised by its length and checksum,
 * and it and anything after it are dropped when the file is read. A settled record that a crash left in
 * the file is stored again on the next start, which changes nothing (same seq, and Yjs applies an
 * update once).
 */
export class UpdateLogFile {
  private fd: number;
  /** Bytes of complete records in the file. */
  private size = 0;
  /** The encoded records in the file that the database does not hold yet, by seq, in file order. */
  private readonly live = new Map<number, Buffer>();
  private liveBytes = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, "a+");
  }

  /** The records in the file up to the first incomplete or damaged one, and how many bytes follow it. */
  read(): { records: LoggedUpdate[]; droppedBytes: number } {
    const bytes = readFileSync(this.path);
    const records: LoggedUpdate[] = [];
    let at = 0;
    while (at + HEAD <= bytes.length) {
      const length = bytes.readUInt32LE(at);
      const end = at + HEAD + length;
      if (end > bytes.length) break;
      const body = bytes.subarray(at + HEAD, end);
      if (crc32(body) !== bytes.readUInt32LE(at + 4)) break;
      const record = decode(body);
      if (!record) break;
      records.push(record);
      this.keep(record.seq, bytes.subarray(at, end));
      at = end;
    }
    this.size = at;
    return { records, droppedBytes: bytes.length - at };
  }

  /**
   * Writes the records in one call; on failure the file is cut back to what it held and this throws.
   * Each record's `update` becomes a view into its encoded bytes (same content).
   */
  append(records: readonly LoggedUpdate[]): void {
    const encoded = records.map(encode);
    const buffer = encoded.length === 1 ? (encoded[0] as Buffer) : Buffer.concat(encoded);
    try {
      writeAll(this.fd, buffer);
    } catch (error) {
      ftruncateSync(this.fd, this.size);
      throw error;
    }
    this.size += buffer.length;
    for (let i = 0; i < records.length; i++) {
      const record = records[i] as LoggedUpdate;
      const bytes = encoded[i] as Buffer;
      this.keep(record.seq, bytes);
      // From now on the record's update is its bytes in the encoding: the caller's buffer — on the sync
      // server a view into a socket's whole read buffer — is not kept alive while the record waits
      // (up to a compaction or a flush) for the database.
      const length = record.update.length;
      record.update = new Uint8Array(bytes.buffer, bytes.byteOffset + bytes.length - length, length);
    }
  }

  private keep(seq: number, bytes: Buffer): void {
    this.live.set(seq, bytes);
    this.liveBytes += bytes.length;
  }

  /** Records still waiting for the database. */
  get liveCount(): number {
    return this.live.size;
  }

  /**
   * The database now holds these records: the file forgets them. Emptied when nothing is live; rewritten
   * with the live records when it is large and mostly settled. A failed rewrite leaves the file as it
   * was (its settled records are harmless) and is tried again at a later settle.
   */
  settle(seqs: Iterable<number>): void {
    for (const seq of seqs) {
      const bytes = this.live.get(seq);
      if (!bytes) continue;
      this.live.delete(seq);
      this.liveBytes -= bytes.length;
    }
    if (this.live.size === 0) this.clear();
    else if (this.size >= REWRITE_FROM_BYTES && this.size > 2 * this.liveBytes) this.rewrite();
  }

  private rewrite(): void {
    const next = `${this.path}.next`;
    try {
      const fd = openSync(next, "w");
      try {
        writeAll(fd, Buffer.concat([...this.live.values()]));
      } finally {
        closeSync(fd);
      }
      renameSync(next, this.path);
    } catch (error) {
      rmSync(next, { force: true });
      console.warn(`[sqlite] ${this.path}: not rewritten yet: ${(error as Error).message}`);
      return;
    }
    // Appends go to the new file (opened for appending, like the first).
    closeSync(this.fd);
    this.fd = openSync(this.path, "a+");
    this.size = this.liveBytes;
  }

  /** Empties the file (its records are in the database). */
  clear(): void {
    ftruncateSync(this.fd, 0);
    this.size = 0;
    this.live.clear();
    this.liveBytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

function writeAll(fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) written += writeSync(fd, buffer, written);
}

/**
 * The UTF-8 bytes of the names a record carries (document, instance, author): the same few strings
 * come again with every update, so each is encoded once (at most TEXT_CACHE_SIZE kept).
 */
const textBytes = new Map<string, Buffer>();
const TEXT_CACHE_SIZE = 4096;
function utf8(text: string): Buffer {
  let bytes = textBytes.get(text);
  if (bytes === undefined) {
    if (textBytes.size >= TEXT_CACHE_SIZE) textBytes.clear();
    bytes = Buffer.from(text);
    textBytes.set(text, bytes);
  }
  return bytes;
}

function encode(record: LoggedUpdate): Buffer {
  const name = utf8(record.name);
  const instance = utf8(record.instanceId);
  const author = record.author ? utf8(record.author) : null;
  if (name.length >= HAS_AUTHOR || instance.length > 0xffff || (author?.length ?? 0) > 0xffff) {
    throw new RangeError(
      `a document name over 32767 bytes, or an instance id or author over 65535 bytes, cannot be logged (${record.name.slice(0, 80)}…)`,
    );
  }
  const authorBytes = author ? 2 + author.length : 0;
  const length = 8 + 8 + 2 + name.length + 2 + instance.length + authorBytes + record.update.length;
  const buffer = Buffer.allocUnsafe(HEAD + length);
  let at = HEAD;
  at = buffer.writeDoubleLE(record.seq, at);
  at = buffer.writeDoubleLE(record.receivedAt, at);
  at = buffer.writeUInt16LE(name.length | (author ? HAS_AUTHOR : 0), at);
  buffer.set(name, at);
  at += name.length;
  at = buffer.writeUInt16LE(instance.length, at);
  buffer.set(instance, at);
  at += instance.length;
  if (author) {
    at = buffer.writeUInt16LE(author.length, at);
    buffer.set(author, at);
    at += author.length;
  }
  buffer.set(record.update, at);
  buffer.writeUInt32LE(length, 0);
  buffer.writeUInt32LE(crc32(buffer.subarray(HEAD)), 4);
  return buffer;
}

function decode(body: Buffer): LoggedUpdate | null {
  if (body.length < 20) return null;
  const seq = body.readDoubleLE(0);
  const receivedAt = body.readDoubleLE(8);
  const nameField = body.readUInt16LE(16);
  const nameEnd = 18 + (nameField & ~HAS_AUTHOR);
  if (nameEnd + 2 > body.length) return null;
  const name = body.toString("utf8", 18, nameEnd);
  const instanceLength = body.readUInt16LE(nameEnd);
  const instanceEnd = nameEnd + 2 + instanceLength;
  if (instanceEnd > body.length) return null;
  const instanceId = body.toString("utf8", nameEnd + 2, instanceEnd);
  let author: string | undefined;
  let end = instanceEnd;
  if (nameField & HAS_AUTHOR) {
    if (end + 2 > body.length) return null;
    const authorEnd = end + 2 + body.readUInt16LE(end);
    if (authorEnd > body.length) return null;
    author = body.toString("utf8", end + 2, authorEnd);
    end = authorEnd;
  }
  const update = new Uint8Array(body.subarray(end));
  return author === undefined
    ? { seq, receivedAt, name, instanceId, update }
    : { seq, receivedAt, name, instanceId, author, update };
}
