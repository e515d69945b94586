import type pg from "pg";

// Rule SCHEMA1 (docs/hardening.md): every module that creates or migrates PostgreSQL tables does it here,
// in one transaction holding one advisory lock. Instances starting at the same moment on an empty
// database (a rolling deploy) then create the schema one after the other; the later ones find every
// table there. Without it, two concurrent CREATE TABLE IF NOT EXISTS of one table both pass the "not
// exists" check and one dies on `duplicate key value violates unique constraint
// "pg_type_typname_nsp_index"` (`pg_namespace_nspname_index` for CREATE SCHEMA).

/** The advisory-lock key: any fixed number, the same in every module and every instance. */
export const SCHEMA_LOCK_KEY = 7_261_746_101;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** `schema` when it is a plain PostgreSQL name (it goes into SQL text and `search_path`); throws otherwise. */
export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}".`);
  return schema;
}

/**
 * Creates `schema` when missing and runs `migrate` on one connection of `pool`, inside a transaction
 * that holds the schema lock (released at commit or rollback, or when the connection dies). PostgreSQL's
 * DDL is transactional: a failed migration leaves nothing half-made.
 */
export async function withSchemaLock(
  pool: pg.Pool,
  schema: string,
  migrate: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  checkSchemaName(schema);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [SCHEMA_LOCK_KEY]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await migrate(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
