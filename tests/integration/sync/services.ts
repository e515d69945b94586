import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import pg from "pg";

// The machine's PostgreSQL and Redis for the integration suites. In CI (CI=true) they must be there:
// a suite that needs one fails when it is unreachable. Elsewhere the suite is skipped with a notice.

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const reachable = (url: string, fallbackPort: number) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = createConnection({ host: hostname, port: Number(port || fallbackPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });

async function service(name: string, url: string, port: number): Promise<boolean> {
  const ok = await reachable(url, port);
  if (ok) return true;
  if (process.env.CI === "true") throw new Error(`${name} at ${url} is unreachable, and CI requires it.`);
  console.warn(`NOTICE: ${name} at ${url} is unreachable; skipping the tests that need it.`);
  return false;
}

export const postgresAvailable = await service("PostgreSQL", POSTGRES_URL, 5432);
export const redisAvailable = await service("Redis", REDIS_URL, 6379);

/** A fresh schema name for one test run; drop it with dropSchema. */
export const uniqueSchema = (label: string) => `t_${label}_${randomBytes(5).toString("hex")}`;

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
