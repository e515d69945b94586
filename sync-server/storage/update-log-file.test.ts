import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type LoggedUpdate, UpdateLogFile } from "./update-log-file";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempPath = () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-log-"));
  dirs.push(dir);
  return join(dir, "db.sqlite-updates");
};
const record = (seq: number, bytes: number[]): LoggedUpdate => ({
  seq,
  name: "org/demo/customer/ü-1",
  instanceId: "instance-1",
  update: new Uint8Array(bytes),
  receivedAt: 1_790_000_000_000 + seq,
});

describe("update log file", () => {
  it("[STORE1] reads back what it wrote, in order, across writes", () => {
    const path = tempPath();
    const log = new UpdateLogFile(path);
    log.append([record(1, [1, 2]), record(2, [])]);
    log.append([record(3, [3])]);
    expect(new UpdateLogFile(path).read()).toEqual({
      records: [record(1, [1, 2]), record(2, []), record(3, [3])],
      droppedBytes: 0,
    });
    log.clear();
    log.append([record(4, [4])]);
    expect(new UpdateLogFile(path).read().records).toEqual([record(4, [4])]);
    log.close();
  });

  it("[STORE1] a damaged record ends what is read: it and what follows are dropped", () => {
    const path = tempPath();
    const log = new UpdateLogFile(path);
    log.append([record(1, [1]), record(2, [2]), record(3, [3])]);
    log.close();
    const bytes = readFileSync(path);
    const second = bytes.length / 3; // three records of equal length
    bytes[second + 20] = (bytes[second + 20] as number) ^ 0xff; // a flipped byte inside the second
    writeFileSync(path, bytes);
    const { records, droppedBytes } = new UpdateLogFile(path).read();
    expect(records).toEqual([record(1, [1])]);
    expect(droppedBytes).toBe(2 * second);
  });

  it("[STORE1] names too long for the record are refused before anything is written", () => {
    const path = tempPath();
    const log = new UpdateLogFile(path);
    expect(() => log.append([record(1, [1]), { ...record(2, [2]), name: "x".repeat(70_000) }])).toThrow(
      /over 65535 bytes/,
    );
    expect(new UpdateLogFile(path).read().records).toEqual([]);
    log.close();
  });

  it("[HIST1] a record keeps its author (the document's history); one without reads as the server's", () => {
    const path = tempPath();
    const log = new UpdateLogFile(path);
    const authored = { ...record(1, [1, 2]), author: "auth0|agent-ü" };
    log.append([authored, record(2, [3]), { ...record(3, []), author: "u3" }]);
    expect(new UpdateLogFile(path).read()).toEqual({
      records: [authored, record(2, [3]), { ...record(3, []), author: "u3" }],
      droppedBytes: 0,
    });
    expect(() => log.append([{ ...record(4, [1]), name: "x".repeat(40_000) }])).toThrow(/over 32767 bytes/);
    log.close();
  });

  it("[STORE1] settled records are forgotten: the file empties when none is live and shrinks to the live ones when mostly settled", () => {
    const path = tempPath();
    const log = new UpdateLogFile(path);
    log.append([record(1, [1]), record(2, [2])]);
    log.settle([1]);
    expect(new UpdateLogFile(path).read().records.map((r) => r.seq)).toEqual([1, 2]); // small: kept as is
    log.settle([2]);
    expect(readFileSync(path).length).toBe(0);

    // Over a mebibyte, more than half of it settled: rewritten with the live records, appends go on.
    const big = Array.from({ length: 40 }, (_, i) =>
      record(
        10 + i,
        Array.from({ length: 40_000 }, () => i),
      ),
    );
    log.append(big);
    log.settle(big.slice(0, 30).map((r) => r.seq));
    expect(readFileSync(path).length).toBeLessThan(11 * 40_100);
    log.append([record(100, [7])]);
    const { records, droppedBytes } = new UpdateLogFile(path).read();
    expect(droppedBytes).toBe(0);
    expect(records.map((r) => r.seq)).toEqual([...big.slice(30).map((r) => r.seq), 100]);
    expect(records[0]).toEqual(big[30]);
    expect(log.liveCount).toBe(11);
    log.close();
  });
});
