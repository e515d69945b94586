import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { checkSchemaName, withSchemaLock } from "../storage/schema-lock";

// Web Push subscriptions (docs/market-data.md): one row per browser endpoint, owned by a user. SQLite in
// DATA_DIR/push.sqlite (one instance) or PostgreSQL (the server's database, shared by every instance).
// The endpoint is the key and belongs to the user who registered it first until it is removed (PUSH2): a
// browser that subscribes again renews its keys; another user's registration of it is refused; a user
// holds at most `maxPerUser` endpoints (PUSH3). Each `add` reads and writes in one transaction.

export interface PushSubscriptionRecord {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
  createdAt: number;
}

/** What `add` did: a new row, the owner's row renewed, or refused (another user's, or the user is full). */
export type AddOutcome = "added" | "renewed" | "taken" | "full";

export interface PushStore {
  /** Registers `record` unless its endpoint is another user's or its user already has `maxPerUser`. */
  add(record: PushSubscriptionRecord, maxPerUser: number): Promise<AddOutcome>;
  /** Removes the endpoint (only the owner's, when `userId` is given); true when a row went. */
  remove(endpoint: string, userId?: string): Promise<boolean>;
  listFor(userId: string): Promise<PushSubscriptionRecord[]>;
  close(): Promise<void>;
}

const TABLE = `CREATE TABLE IF NOT EXISTS push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at BIGINT NOT NULL
)`;
const INDEX = "CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions (user_id)";
const OWNER = "SELECT user_id FROM push_subscriptions WHERE endpoint = $1";
const COUNT = "SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = $1";
const RENEW = "UPDATE push_subscriptions SET p256dh = $1, auth = $2 WHERE endpoint = $3";
const INSERT =
  "INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)";

/** The rule of `add`, from the endpoint's owner and how many endpoints the user holds. */
function outcomeOf(owner: string | null, held: number, userId: string, maxPerUser: number): AddOutcome {
  if (owner === null) return held >= maxPerUser ? "full" : "added";
  return owner === userId ? "renewed" : "taken";
}
const SELECT =
  "SELECT endpoint, user_id, p256dh, auth, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at";

type Row = { endpoint: string; user_id: string; p256dh: string; auth: string; created_at: number | string };
const record = (r: Row): PushSubscriptionRecord => ({
  endpoint: r.endpoint,
  userId: r.user_id,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: Number(r.created_at),
});

/** The subscription store's file in a data directory (backed up with it: storage/data-folder.ts). */
export const PUSH_FILE = "push.sqlite";

export class SqlitePushStore implements PushStore {
  private readonly db: DatabaseSync;
  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
    this.db.exec(`${TABLE}; ${INDEX};`);
  }
  static inDataDir(dataDir: string) {
    return new SqlitePushStore(join(dataDir, PUSH_FILE));
  }
  private sql = (s: string) => s.replace(/\$(\d+)/g, "?$1");
  async add(r: PushSubscriptionRecord, maxPerUser: number) {
    const one = (s: string, arg: string) => this.db.prepare(this.sql(s)).get(arg);
    // Synchronous statements between BEGIN IMMEDIATE and COMMIT: no other writer interleaves.
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const owner = (one(OWNER, r.endpoint) as { user_id: string } | undefined)?.user_id ?? null;
      const held = Number((one(COUNT, r.userId) as { n: number | bigint }).n);
      const outcome = outcomeOf(owner, held, r.userId, maxPerUser);
      if (outcome === "renewed") this.db.prepare(this.sql(RENEW)).run(r.p256dh, r.auth, r.endpoint);
      if (outcome === "added")
        this.db.prepare(this.sql(INSERT)).run(r.endpoint, r.userId, r.p256dh, r.auth, r.createdAt);
      this.db.exec("COMMIT");
      return outcome;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }
  async remove(endpoint: string, userId?: string) {
    const result = userId
      ? this.db
          .prepare("DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?")
          .run(endpoint, userId)
      : this.db.prepare("DELETE FROM push_subscriptions WHERE endpoint = ?").run(endpoint);
    return Number(result.changes) > 0;
  }
  async listFor(userId: string) {
    return (this.db.prepare(this.sql(SELECT)).all(userId) as Row[]).map(record);
  }
  async close() {
    this.db.close();
  }
}

export class PostgresPushStore implements PushStore {
  private constructor(private readonly pool: pg.Pool) {}
  static async open(options: { connectionString: string; schema?: string }): Promise<PostgresPushStore> {
    const schema = checkSchemaName(options.schema ?? "public");
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      options: `-c search_path=${schema}`,
      max: 4,
    });
    pool.on("error", (error) => console.error("PostgreSQL pool error (push):", error.message));
    try {
      await withSchemaLock(pool, schema, async (client) => {
        await client.query(TABLE);
        await client.query(INDEX);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresPushStore(pool);
  }
  async add(r: PushSubscriptionRecord, maxPerUser: number) {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // One registration of a user at a time (the count), and of an endpoint (its owner).
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`push-user:${r.userId}`]);
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`push-endpoint:${r.endpoint}`]);
      const owner =
        ((await client.query(OWNER, [r.endpoint])).rows[0]?.user_id as string | undefined) ?? null;
      const held = Number((await client.query(COUNT, [r.userId])).rows[0]?.n ?? 0);
      const outcome = outcomeOf(owner, held, r.userId, maxPerUser);
      if (outcome === "renewed") await client.query(RENEW, [r.p256dh, r.auth, r.endpoint]);
      if (outcome === "added")
        await client.query(INSERT, [r.endpoint, r.userId, r.p256dh, r.auth, r.createdAt]);
      await client.query("COMMIT");
      return outcome;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
  async remove(endpoint: string, userId?: string) {
    const result = userId
      ? await this.pool.query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2", [
          endpoint,
          userId,
        ])
      : await this.pool.query("DELETE FROM push_subscriptions WHERE endpoint = $1", [endpoint]);
    return (result.rowCount ?? 0) > 0;
  }
  async listFor(userId: string) {
    return ((await this.pool.query(SELECT, [userId])).rows as Row[]).map(record);
  }
  async close() {
    await this.pool.end();
  }
}
