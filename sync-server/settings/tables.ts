import type { Db, SqlTypes } from "../storage/sql";
import { type DocumentBudgetTables, documentBudgetSchemaSql, documentBudgetTables } from "./document-budget";
import { type OrgSettingTables, orgSettingSchemaSql, orgSettingTables } from "./org-tables";

// An organisation's settings (org-tables.ts: secrets, logos, the audit log), keys the server sets once (the data encryption key's fingerprint, storage/encryption.ts) and one-time
// markers (a seed or an alert done once across instances), written once for both databases
// (docs/server-layout.md, the table seam).

export interface SettingTables extends OrgSettingTables, DocumentBudgetTables {
  /** Sets `key` to `value` unless it is set; returns the value stored (this one or the earlier). */
  claimSetting(key: string, value: string): Promise<string>;
  /** Sets a one-time marker; true when this call set it, false when it was already set. */
  claimMarker(key: string): Promise<boolean>;
}

export const settingSchemaSql = (t: SqlTypes): string => `
${orgSettingSchemaSql(t)}
${documentBudgetSchemaSql(t)}
CREATE TABLE IF NOT EXISTS markers (
  key TEXT PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS server_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);`;

export const settingTables = (db: Db): SettingTables => ({
  ...orgSettingTables(db),
  ...documentBudgetTables(db),
  async claimSetting(key, value) {
    await db.run("INSERT INTO server_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING", [
      key,
      value,
    ]);
    const [row] = await db.all<{ value: string }>("SELECT value FROM server_settings WHERE key = ?", [key]);
    return row?.value as string;
  },

  async claimMarker(key) {
    return (await db.run("INSERT INTO markers (key) VALUES (?) ON CONFLICT DO NOTHING", [key])) === 1;
  },
});
