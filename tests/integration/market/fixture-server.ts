import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateRawSync } from "node:zlib";

// A local market-data server on 127.0.0.1 that serves the fixtures the way RMA does (daily zip archives
// of ADM members) and the futures CSV — or fails, hangs, cuts a file short or serves the wrong day.

const FIXTURES = new URL("../../../shared/market/fixtures/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");

/** The fixture files moved to another trading day (they are for 2026-11-20). */
export function filesFor(date: string) {
  const ymd = date.replaceAll("-", "");
  const move = (text: string) => text.replaceAll("20261120", ymd).replaceAll("2026-11-20", date);
  return {
    lrpRate: move(read("A00630_LrpRate.txt")),
    lrpActualEndingValue: move(read("A00620_LrpActualEndingValue.txt")),
    lgmGrossMargin: move(read("A00600_LgmGrossMargin.txt")),
    lgmDraw: move(read("A00610_LgmDraw.txt")),
    futures: move(read("futures.csv")),
  };
}

/** A zip archive (deflated members), written independently of the server's reader. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, "utf8");
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export type Mode = "ok" | "fail" | "slow" | "truncated" | "wrong";

export interface FixtureServer {
  url: string;
  /** What the next requests get; `failFirst` makes the first N requests fail with 503 whatever the mode. */
  mode: Mode;
  failFirst: number;
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const state = { mode: "ok" as Mode, failFirst: 0, requests: [] as string[] };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    state.requests.push(path);
    if (state.failFirst > 0) {
      state.failFirst--;
      res.writeHead(503).end("try later");
      return;
    }
    if (state.mode === "fail") {
      res.writeHead(500).end("internal error");
      return;
    }
    const m = /^\/(lrp|lgm|futures)\/(\d{4})(\d{2})(\d{2})\.(zip|csv)$/.exec(path);
    if (!m) {
      res.writeHead(404).end("not found");
      return;
    }
    const date = `${m[2]}-${m[3]}-${m[4]}`;
    // "wrong": yesterday's files under today's address (RMA has not posted yet).
    const day =
      state.mode === "wrong" ? new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10) : date;
    const f = filesFor(day);
    const ymd = day.replaceAll("-", "");
    let body: Buffer;
    if (m[1] === "lrp")
      body = zip({
        [`2027_A00630_LrpRate_Daily_${ymd}.txt`]: f.lrpRate,
        [`2027_A00620_LrpActualEndingValue_Daily_${ymd}.txt`]: f.lrpActualEndingValue,
      });
    else if (m[1] === "lgm")
      body = zip({
        [`2027_A00600_LgmGrossMargin_Daily_${ymd}.txt`]: f.lgmGrossMargin,
        [`2027_A00610_LgmDraw_Daily_${ymd}.txt`]: f.lgmDraw,
      });
    else body = Buffer.from(f.futures);
    if (state.mode === "truncated") body = body.subarray(0, Math.floor(body.length * 0.6));
    const send = () => res.writeHead(200, { "content-length": body.length }).end(body);
    if (state.mode === "slow") setTimeout(send, 15_000).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
