import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import type { TestServer } from "./harness";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// The setup the table contracts and the HTTP suites share (applications, partner API).

function storageSuite(
  title: string,
  open: () => Promise<Storage>,
  cleanup: () => Promise<void>,
  suite: (storage: () => Storage) => void,
) {
  describe(title, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await open();
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });
    suite(() => storage);
  });
}

/**
 * One contract on both databases: `suite` runs as "{title}: SQLite" on a fresh SQLite file and, where
 * the machine has PostgreSQL, as "{title}: PostgreSQL" on a fresh schema named after `id`; its argument
 * gives the open storage inside its tests (`const storage = opened();`).
 */
export function onBothDatabases(title: string, id: string, suite: (opened: () => Storage) => void): void {
  const dir = mkdtempSync(join(tmpdir(), `rangeline-${id}-`));
  storageSuite(
    `${title}: SQLite`,
    async () => new SqliteStorage(join(dir, "contract.sqlite")),
    async () => rmSync(dir, { recursive: true, force: true }),
    suite,
  );
  describe.runIf(postgresAvailable)("PostgreSQL", () => {
    const schema = uniqueSchema(id);
    storageSuite(
      `${title}: PostgreSQL`,
      () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
      () => dropSchema(schema),
      suite,
    );
  });
}

/** A call to the test server signed in as `user` (its access token as a Bearer header, a JSON body). */
export const signedInFetch = async (
  server: TestServer,
  user: { sub: string },
  path: string,
  init: RequestInit = {},
): Promise<Response> =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await server.token(user)}`, "content-type": "application/json" },
  });
