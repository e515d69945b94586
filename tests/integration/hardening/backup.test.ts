import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SqlitePushStore } from "../../../sync-server/push/store";
import { DATA_FOLDER_SECRETS } from "../../../sync-server/storage/data-folder";
import { DATA_KEY_FILE } from "../../../sync-server/storage/encryption";
import { type Client, connect, demoUser, startTestServer, type TestServer, watchItem } from "../sync/harness";

// BACKUP1 (docs/hardening.md): `rangeline backup` copies every SQLite store of the data folder (the
// documents, the push subscriptions, the job runs) while the server is taking edits, and names the
// secret files it leaves out; `rangeline restore` puts the copy in a new data directory holding those
// secrets, whose server serves the same documents (every edit acknowledged before the backup started)
// and the same push subscriptions, signed with the same VAPID key; restored where secrets are missing,
// it names each (the real command, spawned as an operator would run it).

const bin = fileURLToPath(new URL("../../../bin/rangeline.mjs", import.meta.url));
const agent = demoUser("agent@demo.rangeline.test");
const WATCHLIST = `user/${agent.sub}/watchlist`;
const INTERNAL = "org/demo/customer/c-demo/internal";
const SUBSCRIPTION = {
  endpoint: "https://fcm.googleapis.com/fcm/send/backup-device",
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

const pushCall = async (server: TestServer, method: "POST" | "DELETE", body: unknown) =>
  fetch(`http://127.0.0.1:${server.port}/api/push/subscriptions`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${await server.token(agent)}` },
    body: JSON.stringify(body),
  });
const vapidKey = async (server: TestServer) =>
  (
    (await (await fetch(`http://127.0.0.1:${server.port}/api/push/vapid-public-key`)).json()) as {
      publicKey: string;
    }
  ).publicKey;

function rangeline(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("[BACKUP1] online backup of the embedded database and its restore", () => {
  const root = mkdtempSync(join(tmpdir(), "rangeline-backup-"));
  const servers: TestServer[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const server of servers) await server.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const open = async (server: TestServer, name: string) => {
    const client = connect(server.syncUrl, name, await server.token(agent));
    clients.push(client);
    expect(await client.ready).toBe(true);
    return client;
  };

  it("backs up while edits stream in; the restored data directory serves every edit acknowledged before", async () => {
    const dirA = join(root, "a");
    const dirB = join(root, "b");
    const file = join(root, "rangeline-backup.sqlite");
    const a = await startTestServer({}, { dataDir: dirA, compactAfterMs: 200 });
    servers.push(a);
    const writer = await open(a, WATCHLIST);
    const internal = await open(a, INTERNAL);
    internal.doc.getMap("notes").set("n-1", { id: "n-1", text: "sealed at rest" });
    const items = writer.doc.getMap("items");
    for (let i = 0; i < 40; i++) items.set(`w-${i}`, watchItem(`w-${i}`));
    await vi.waitFor(() =>
      expect(writer.provider.unsyncedChanges + internal.provider.unsyncedChanges).toBe(0),
    );
    const acknowledged = [...items.keys()];
    // A device turned price alerts on: its push subscription is kept in push.sqlite.
    expect((await pushCall(a, "POST", SUBSCRIPTION)).status).toBe(201);
    const publicKey = await vapidKey(a);

    // Edits keep coming while the backup runs.
    let streamed = 40;
    const stream = setInterval(() => {
      items.set(`w-${streamed}`, watchItem(`w-${streamed}`));
      streamed++;
    }, 3);
    const backup = await rangeline(["backup", "--out", file, "--data-dir", dirA]);
    clearInterval(stream);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .* to .*rangeline-backup\.sqlite \(\d+ bytes/);
    expect(backup.stdout).toContain("DATA_ENCRYPTION_KEY");
    // Every store is in the one file, and every secret file a restore needs is named.
    expect(backup.stdout).toMatch(/^Backed up rangeline\.sqlite, push\.sqlite of /);
    for (const secret of DATA_FOLDER_SECRETS) expect(backup.stdout).toContain(secret.file);
    // The server went on: the edits made during the backup are acknowledged too.
    await vi.waitFor(() => expect(writer.provider.unsyncedChanges).toBe(0));
    expect(streamed).toBeGreaterThan(40);

    // A backup never overwrites a file.
    const again = await rangeline(["backup", "--out", file, "--data-dir", dirA]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists");

    // Restored where secrets are missing, each is named with what is lost without it.
    const bare = await rangeline(["restore", "--from", file, "--data-dir", join(root, "bare")]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain(
      "vapid.json is missing and VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: without it the server makes a new VAPID key pair and every restored push subscription is dead",
    );
    for (const secret of DATA_FOLDER_SECRETS)
      expect(bare.stdout).toContain(`${join(root, "bare", secret.file)} is missing`);

    // Restore into a new data directory holding only the secret files of the old one.
    mkdirSync(dirB);
    for (const secret of DATA_FOLDER_SECRETS) copyFileSync(join(dirA, secret.file), join(dirB, secret.file));
    const restore = await rangeline(["restore", "--from", file, "--data-dir", dirB]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("Restored rangeline.sqlite, push.sqlite from");
    expect(restore.stdout).toContain("Every secret file a restore needs is there");
    const pushStore = SqlitePushStore.inDataDir(dirB);
    expect(await pushStore.listFor(agent.sub)).toEqual([
      expect.objectContaining({ endpoint: SUBSCRIPTION.endpoint, ...SUBSCRIPTION.keys }),
    ]);
    await pushStore.close();
    const b = await startTestServer({}, { dataDir: dirB });
    servers.push(b);
    // The restored server signs pushes with the same key the device subscribed to, and holds the device.
    expect(await vapidKey(b)).toBe(publicKey);
    expect((await pushCall(b, "DELETE", { endpoint: SUBSCRIPTION.endpoint })).status).toBe(204);
    const reader = await open(b, WATCHLIST);
    const restored = [...reader.doc.getMap("items").keys()];
    expect(restored).toEqual(expect.arrayContaining(acknowledged));
    expect(reader.doc.getMap("items").get("w-7")).toEqual(watchItem("w-7"));
    const sealed = await open(b, INTERNAL);
    expect(sealed.doc.getMap("notes").get("n-1")).toEqual({ id: "n-1", text: "sealed at rest" });
    await b.stop();
    servers.pop();

    // Restoring over a database is refused without --force; with it the old one is kept beside.
    const refused = await rangeline(["restore", "--from", file, "--data-dir", dirB]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--force");
    const forced = await rangeline(["restore", "--from", file, "--data-dir", dirB, "--force"]);
    expect(forced.code).toBe(0);
    expect(readdirSync(dirB).some((f) => f.includes("before-restore"))).toBe(true);

    // Not a backup: said plainly.
    const bogus = join(root, "bogus");
    mkdirSync(bogus);
    const notBackup = await rangeline(["restore", "--from", join(dirA, DATA_KEY_FILE), "--data-dir", bogus]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toMatch(/not a (readable )?SQLite database|not a Rangeline backup/);
    expect(existsSync(join(bogus, "rangeline.sqlite"))).toBe(false);
  }, 120_000);

  it("with DATABASE_URL set, the command points to PostgreSQL's own tools", async () => {
    const result = await rangeline(["backup", "--out", join(root, "x.sqlite")], {
      DATABASE_URL: "postgres://127.0.0.1:5432/test",
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pg_dump");
  });
});
