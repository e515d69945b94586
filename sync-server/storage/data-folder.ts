import { existsSync } from "node:fs";
import { join } from "node:path";
import { UNSUBSCRIBE_SECRET_FILE } from "../campaigns/unsubscribe-link";
import { SIGNING_KEY_FILE } from "../identity/keys";
import { JOBS_FILE } from "../jobs/tables";
import { PUSH_FILE } from "../push/store";
import { VAPID_FILE } from "../push/vapid";
import { DATA_KEY_FILE } from "./encryption";

// What the server keeps in its data folder (DATA_DIR) on SQLite, in one place (BACKUP1,
// docs/hardening.md "Backups"): the databases a backup holds beside rangeline.sqlite, and the secret
// files it never holds, which a restore on a new machine needs.

/** SQLite stores of the data folder besides the document database (rangeline.sqlite). */
export const DATA_FOLDER_STORES = [PUSH_FILE, JOBS_FILE] as const;

interface SecretFile {
  file: string;
  /** Settings that replace the file when all are set. */
  settings: readonly string[];
  /** What is lost when neither the file nor the settings are there. */
  without: string;
  /** Only outside production (the embedded sign-in provider). */
  developmentOnly?: boolean;
}

/** The secret files a restore needs, each with the settings that stand in for it. */
export const DATA_FOLDER_SECRETS: readonly SecretFile[] = [
  {
    file: DATA_KEY_FILE,
    settings: ["DATA_ENCRYPTION_KEY"],
    without: "the agents-only documents (tax ids, notes) stay sealed and cannot be opened",
  },
  {
    file: VAPID_FILE,
    settings: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    without:
      "the server makes a new VAPID key pair and every restored push subscription is dead (each device must turn price alerts on again)",
  },
  {
    file: UNSUBSCRIBE_SECRET_FILE,
    settings: ["UNSUBSCRIBE_SECRET"],
    without: "every unsubscribe link already sent stops working",
  },
  {
    file: SIGNING_KEY_FILE,
    settings: [],
    without: "the embedded sign-in provider makes a new key and every device must sign in again",
    developmentOnly: true,
  },
];

/** One line per secret: the file and the settings that stand in for it. */
export const secretsList = (): string =>
  DATA_FOLDER_SECRETS.map(
    (s) =>
      `  ${s.file}${s.settings.length ? ` (or ${s.settings.join(" and ")})` : ""}${s.developmentOnly ? " (outside production only)" : ""}`,
  ).join("\n");

/**
 * A sentence for each secret the data folder `dataDir` lacks (neither the file nor its settings in
 * `env`), naming what is lost without it; none when all are there.
 */
export function missingSecrets(dataDir: string, env: Record<string, string | undefined>): string[] {
  const production = env.NODE_ENV === "production";
  return DATA_FOLDER_SECRETS.filter(
    (s) =>
      !(s.developmentOnly && production) &&
      !existsSync(join(dataDir, s.file)) &&
      !(s.settings.length > 0 && s.settings.every((name) => env[name])),
  ).map(
    (s) =>
      `${join(dataDir, s.file)} is missing${s.settings.length ? ` and ${s.settings.join(" and ")} ${s.settings.length > 1 ? "are" : "is"} not set` : ""}: without it ${s.without}; copy it from the old data folder before starting the server.`,
  );
}
