import { SheetError } from "./sheet-error";

// The ZIP container of an XLSX workbook, read within bounds (XLSX1, docs/hardening.md): the central
// directory is checked — the file's size, the number of parts, what they unpack to — before a byte is
// inflated, and a part is then inflated as a stream (the platform's DecompressionStream, in Node and in
// the browser's worker alike), a small piece of the file at a time, so no part is ever whole in memory
// and a part that unpacks to more than its directory entry says is refused as it goes.

/** The workbook file itself: a larger one is refused before it is opened. */
export const MAX_XLSX_BYTES = 50_000_000;
/** What all the workbook's parts unpack to, as its directory says. */
export const MAX_XLSX_UNPACKED = 250_000_000;
/** The parts (files) in the workbook. */
export const MAX_XLSX_PARTS = 1_000;

/** Compressed bytes handed to the inflater at a time: with deflate's worst ratio (1:1032) ≤ 17 MB out. */
const PIECE = 16_384;

export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

/** Megabytes, rounded up to a tenth (a file just over the limit does not read as the limit). */
const mb = (bytes: number) => `${Math.ceil(bytes / 1e5) / 10} MB`;
const count = (n: number) => n.toLocaleString("en-US");
const unreadable = () =>
  new SheetError("the file is not an XLSX workbook that can be read (save it again as .xlsx or .csv)");

/** Refuses a workbook file larger than an import reads (also before a browser reads the file at all). */
export function checkWorkbookSize(size: number): void {
  if (size > MAX_XLSX_BYTES)
    throw new SheetError(
      `the workbook is ${mb(size)}, more than the ${mb(MAX_XLSX_BYTES)} an import reads (split it, or save it as .csv)`,
    );
}

/** The workbook's parts by lower-case name, after the size, part-count and unpacked-size checks. */
export function zipDirectory(bytes: Uint8Array): Map<string, ZipPart> {
  checkWorkbookSize(bytes.byteLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-directory record: in the last 22 bytes, or before a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryAt = view.getUint32(end + 16, true);
  if (entries === 0xffff || directoryAt === 0xffffffff)
    throw new SheetError(`the workbook has more than the ${count(MAX_XLSX_PARTS)} parts an import reads`);
  if (entries > MAX_XLSX_PARTS)
    throw new SheetError(
      `the workbook has ${count(entries)} parts, more than the ${count(MAX_XLSX_PARTS)} an import reads`,
    );
  if (directoryAt + directorySize > end) throw unreadable();
  const parts = new Map<string, ZipPart>();
  const names = new TextDecoder("utf-8");
  let unpacked = 0;
  let at = directoryAt;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw unreadable();
    const nameLength = view.getUint16(at + 28, true);
    const part: ZipPart = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
    };
    // 0xffffffff is ZIP64's "see the extra field": over 4 GB, far past the limit either way.
    unpacked += part.size;
    if (unpacked > MAX_XLSX_UNPACKED || part.size === 0xffffffff)
      throw new SheetError(
        `the workbook unpacks to more than the ${mb(MAX_XLSX_UNPACKED)} an import reads (${mb(unpacked)} in its first ${count(i + 1)} parts)`,
      );
    if ((view.getUint16(at + 8, true) & 1) === 1) throw unreadable(); // encrypted
    parts.set(part.name.replace(/^\//, "").toLowerCase(), part);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/** The part's unpacked bytes, a piece at a time; stopping early (break, throw) stops the inflater. */
async function* partBytes(bytes: Uint8Array, part: ZipPart): AsyncGenerator<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = part.headerOffset;
  if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== 0x04034b50) throw unreadable();
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + part.compressedSize > bytes.byteLength) throw unreadable();
  const data = bytes.subarray(start, start + part.compressedSize);
  if (part.method === 0) {
    if (data.byteLength !== part.size) throw unreadable();
    for (let at = 0; at < data.byteLength; at += PIECE * 64) yield data.subarray(at, at + PIECE * 64);
    return;
  }
  if (part.method !== 8) throw unreadable();
  let offset = 0;
  const input = new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (offset >= data.byteLength) return controller.close();
        // A copy: the inflater may take ownership of what it is given.
        controller.enqueue(data.slice(offset, offset + PIECE));
        offset += PIECE;
      },
    },
    { highWaterMark: 0 },
  );
  const reader = input.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let produced = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw unreadable();
      }
      if (next.done) break;
      produced += next.value.byteLength;
      if (produced > part.size)
        throw new SheetError(
          `${part.name} unpacks to more than the ${count(part.size)} bytes the workbook says it holds (the file is damaged or forged)`,
        );
      yield next.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The part's text, a piece at a time (UTF-8). */
export async function* partText(bytes: Uint8Array, part: ZipPart): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const piece of partBytes(bytes, part)) yield decoder.decode(piece, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A small part's whole text (the workbook, its relationships, its styles), refused past `max` bytes. */
export async function smallPartText(bytes: Uint8Array, part: ZipPart, max = 10_000_000): Promise<string> {
  if (part.size > max)
    throw new SheetError(
      `${part.name} unpacks to ${mb(part.size)}, more than the ${mb(max)} an import reads for it`,
    );
  let text = "";
  for await (const piece of partText(bytes, part)) text += piece;
  return text;
}
