import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Subject } from "../../shared/access/documents";
import { isRole, type Role } from "../../shared/access/roles";
import { groupMembers, mergeStates } from "./rows";
import { SQLITE_TYPES, schemaSql } from "./schema";
import { SqliteCheckpointer } from "./sqlite-checkpointer";
import type {
  CompactionCover,
  MemberRecord,
  Storage,
  StoredDocument,
  UserRecord,
  ViolationRecord,
} from "./types";

interface PendingAppend {
  name: string;
  update: Uint8Array;
  instanceId: string;
  resolve: (seq: number) => void;
  reject: (error: unknown) => void;
}

const bytes = (value: unknown): Uint8Array => new Uint8Array(value as Uint8Array);

/**
 * SQLite through Node's built-in node:sqlite, one file, WAL. An appended update is committed to the WAL
 * before appendUpdate's promise resolves, so it survives a crash or kill of the server process. With synchronous=NORMAL the WAL is not fsynced on every commit, so an operating
 * system crash or power loss may lose the last commits; production runs PostgreSQL.
 */
export class SqliteStorage implements Storage {
  readonly kind = "sqlite" as const;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Checkpoints the WAL off the event loop (absent for an in-memory database: one connection only). */
  private readonly checkpointer: SqliteCheckpointer | null = null;

  /** A prepared statement, compiled once per connection. */
  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    this.db.exec("PRAGMA busy_timeout = 5000;");
    this.db.exec(schemaSql(SQLITE_TYPES));
    if (file !== ":memory:") {
      // Checkpoints run in the checkpointer's worker, never inside a commit on the event loop.
      this.db.exec("PRAGMA wal_autocheckpoint = 0;");
      this.checkpointer = new SqliteCheckpointer(file, {
        log: (message) => console.warn(`[sqlite] ${message}`),
      });
    }
  }

  async loadDocument(name: string): Promise<StoredDocument> {
    this.commitAppends(); // reads see every append already requested
    const row = this.statement("SELECT state FROM documents WHERE name = ?").get(name) as
      | { state: Uint8Array }
      | undefined;
    const updates = this.statement(
      "SELECT seq, update_data FROM document_updates WHERE name = ? ORDER BY seq",
    ).all(name) as { seq: number; update_data: Uint8Array }[];
    return {
      state: row ? bytes(row.state) : null,
      updates: updates.map((u) => ({ seq: Number(u.seq), update: bytes(u.update_data) })),
    };
  }

  /**
   * Appends are group-committed: those requested in one turn of the event loop (typically the updates of
   * several sockets read in one poll phase) are inserted in one transaction, committed before any of the
   * promises resolves. A caller therefore still has its update in the WAL before it goes on (STORE1),
   * and the loop pays one commit (and a share of the WAL pages) per batch instead of one per update.
   */
  appendUpdate(name: string, update: Uint8Array, instanceId: string): Promise<number> {
    if (!(update instanceof Uint8Array)) {
      return Promise.reject(
        new TypeError(`appending to the update log of ${name}: the update is not a Uint8Array`),
      );
    }
    return new Promise((resolve, reject) => {
      this.appendQueue.push({ name, update, instanceId, resolve, reject });
      if (this.appendQueue.length === 1) setImmediate(() => this.commitAppends());
    });
  }

  private appendQueue: PendingAppend[] = [];

  /** Commits the queued appends in one transaction and settles their promises. */
  private commitAppends(): void {
    const batch = this.appendQueue;
    this.appendQueue = [];
    if (batch.length === 0) return;
    const insert = this.statement(
      "INSERT INTO document_updates (name, instance_id, update_data, received_at) VALUES (?, ?, ?, ?)",
    );
    const at = Date.now();
    const run = (a: PendingAppend) => Number(insert.run(a.name, a.instanceId, a.update, at).lastInsertRowid);
    let seqs: number[] | null = null;
    try {
      seqs = this.transaction(() => batch.map(run));
    } catch {
      // Rolled back: each append on its own, so one failing append does not refuse the others.
    }
    if (seqs) {
      for (const [i, append] of batch.entries()) append.resolve(seqs[i] as number);
      return;
    }
    for (const append of batch) {
      try {
        append.resolve(run(append));
      } catch (error) {
        append.reject(error);
      }
    }
  }

  /** Runs `work` in one write transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK on error). */
  private transaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  async compactDocument(name: string, state: Uint8Array, covered: CompactionCover): Promise<void> {
    this.transaction(() => {
      const row = this.statement("SELECT state FROM documents WHERE name = ?").get(name) as
        | { state: Uint8Array }
        | undefined;
      const merged = mergeStates(row ? bytes(row.state) : null, state);
      this.statement(
        "INSERT INTO documents (name, state, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
      ).run(name, merged, Date.now());
      this.statement(
        "DELETE FROM document_updates WHERE name = ? AND ((instance_id = ? AND seq <= ?) OR seq <= ?)",
      ).run(name, covered.instanceId, covered.throughSeq, covered.loadedThroughSeq);
    });
  }

  async listDocuments(prefix: string): Promise<string[]> {
    this.commitAppends();
    const rows = this.statement(
      "SELECT name FROM documents WHERE substr(name, 1, length(?)) = ? UNION SELECT name FROM document_updates WHERE substr(name, 1, length(?)) = ? ORDER BY name",
    ).all(prefix, prefix, prefix, prefix) as { name: string }[];
    return rows.map((r) => r.name);
  }

  async upsertUser(user: UserRecord): Promise<void> {
    this.statement(
      "INSERT INTO users (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name",
    ).run(user.id, user.email, user.name);
  }

  async addMembership(userId: string, orgId: string, role: Role): Promise<void> {
    this.statement(
      "INSERT INTO org_memberships (user_id, org_id, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ).run(userId, orgId, role);
  }

  async removeMembership(userId: string, orgId: string, role: Role): Promise<void> {
    this.statement("DELETE FROM org_memberships WHERE user_id = ? AND org_id = ? AND role = ?").run(
      userId,
      orgId,
      role,
    );
  }

  async linkCustomer(userId: string, orgId: string, customerId: string): Promise<void> {
    this.statement(
      "INSERT INTO customer_links (user_id, org_id, customer_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ).run(userId, orgId, customerId);
  }

  async loadSubject(userId: string): Promise<Subject> {
    const memberships = this.statement(
      "SELECT org_id, role FROM org_memberships WHERE user_id = ? ORDER BY org_id, role",
    ).all(userId) as { org_id: string; role: string }[];
    const links = this.statement(
      "SELECT org_id, customer_id FROM customer_links WHERE user_id = ? ORDER BY org_id, customer_id",
    ).all(userId) as { org_id: string; customer_id: string }[];
    return {
      userId,
      memberships: memberships.flatMap((m) => (isRole(m.role) ? [{ orgId: m.org_id, role: m.role }] : [])),
      customerLinks: links.map((l) => ({ orgId: l.org_id, customerId: l.customer_id })),
    };
  }

  async listMembers(orgId: string): Promise<MemberRecord[]> {
    const rows = this.statement(
      "SELECT u.id, u.email, u.name, m.role FROM org_memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.id, m.role",
    ).all(orgId) as { id: string; email: string | null; name: string | null; role: string }[];
    return groupMembers(rows);
  }

  async setClaimCustomer(orgId: string, claimId: string, customerId: string | null): Promise<void> {
    if (customerId === null) {
      this.statement("DELETE FROM claim_links WHERE org_id = ? AND claim_id = ?").run(orgId, claimId);
      return;
    }
    this.statement(
      "INSERT INTO claim_links (org_id, claim_id, customer_id) VALUES (?, ?, ?) ON CONFLICT (org_id, claim_id) DO UPDATE SET customer_id = excluded.customer_id",
    ).run(orgId, claimId, customerId);
  }

  async getClaimCustomer(orgId: string, claimId: string): Promise<string | null> {
    const row = this.statement("SELECT customer_id FROM claim_links WHERE org_id = ? AND claim_id = ?").get(
      orgId,
      claimId,
    ) as { customer_id: string } | undefined;
    return row?.customer_id ?? null;
  }

  async recordViolation(violation: Omit<ViolationRecord, "id">): Promise<number> {
    const result = this.statement(
      "INSERT INTO sync_violations (document_name, user_id, at, issues) VALUES (?, ?, ?, ?)",
    ).run(violation.documentName, violation.userId, violation.at, JSON.stringify(violation.issues));
    return Number(result.lastInsertRowid);
  }

  async listViolations(filter: { documentPrefix?: string; limit?: number } = {}): Promise<ViolationRecord[]> {
    const prefix = filter.documentPrefix ?? "";
    const rows = this.statement(
      "SELECT id, document_name, user_id, at, issues FROM sync_violations WHERE substr(document_name, 1, length(?)) = ? ORDER BY id DESC LIMIT ?",
    ).all(prefix, prefix, filter.limit ?? 100) as {
      id: number;
      document_name: string;
      user_id: string | null;
      at: number;
      issues: string;
    }[];
    return rows.map((r) => ({
      id: Number(r.id),
      documentName: r.document_name,
      userId: r.user_id,
      at: Number(r.at),
      issues: JSON.parse(r.issues),
    }));
  }

  async claimMarker(key: string): Promise<boolean> {
    const result = this.statement("INSERT INTO markers (key) VALUES (?) ON CONFLICT DO NOTHING").run(key);
    return Number(result.changes) === 1;
  }

  async close(): Promise<void> {
    this.commitAppends();
    await this.checkpointer?.close();
    if (this.db.isOpen) this.db.close();
  }
}
