import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { checkSchemaName, withSchemaLock } from "../storage/schema-lock";

// Web Push subscriptions (docs/market-data.md): one row per browser endpoint, owned by a user. SQLite in
// DATA_DIR/push.sqlite (one instance) or PostgreSQL (the server's database, shared by every instance).
// The endpoint is the key: a browser that subscribes again replaces its row.

export interface PushSubscriptionRecord {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
  createdAt: number;
}

export interface PushStore {
  save(record: PushSubscriptionRecord): Promise<void>;
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
const UPSERT = `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`;
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

export class SqlitePushStore implements PushStore {
  private readonly db: DatabaseSync;
  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
    this.db.exec(`${TABLE}; ${INDEX};`);
  }
  static inDataDir(dataDir: string) {
    return new SqlitePushStore(join(dataDir, "push.sqlite"));
  }
  private sql = (s: string) => s.replace(/\$(\d+)/g, "?$1");
  async save(r: PushSubscriptionRecord) {
    this.db.prepare(this.sql(UPSERT)).run(r.endpoint, r.userId, r.p256dh, r.auth, r.createdAt);
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
  async save(r: PushSubscriptionRecord) {
    await this.pool.query(UPSERT, [r.endpoint, r.userId, r.p256dh, r.auth, r.createdAt]);
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
