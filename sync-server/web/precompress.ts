import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Static files compressed once, at build time (docs/first-visit.md): next to each compressible file of the build
// its brotli (`.br`) and gzip (`.gz`) copies, at the highest levels (the cost is paid once, not per
// request). The server (static-files.ts) serves the copy the browser accepts. One list of encodings
// for both sides.

/** The encodings written and served, in the server's order of preference. */
export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

export type Encoding = (typeof ENCODINGS)[number]["name"];

/** Text files worth compressing; images and woff2 are compressed already, source maps are not sent. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** Below this a compressed copy saves less than a packet: the file travels as it is. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const compressors: Record<Encoding, (data: Buffer) => Buffer> = {
  br: (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzipSync(data, { level: 9 }),
};

/**
 * Writes `.br` and `.gz` next to every compressible file under `dir` (a copy only when it is smaller).
 * Returns the bytes before and after (brotli) for the build's log.
 */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const path of [...files(dir)]) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    totals.files++;
    totals.bytes += data.length;
    for (const { name, suffix } of ENCODINGS) {
      const packed = compressors[name](data);
      if (packed.length >= data.length) continue;
      writeFileSync(path + suffix, packed);
      if (name === "br") totals.brotli += packed.length;
    }
  }
  return totals;
}
