import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";

// The server's VAPID key pair (Web Push, docs/alerts.md). Production: VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY from the environment (every instance must sign with the same pair). Elsewhere:
// generated on first start into DATA_DIR/vapid.json (mode 0600) and read back after. The private key
// is never sent, logged or put in a document.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
}

/** The generated key pair's file in a data directory (a secret a restore needs: storage/data-folder.ts). */
export const VAPID_FILE = "vapid.json";

export function loadVapidKeys(options: {
  dataDir: string;
  publicKey?: string;
  privateKey?: string;
  subject: string;
}): VapidKeys {
  if (options.publicKey && options.privateKey)
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  const file = join(options.dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: string; privateKey?: string };
    if (!stored.publicKey || !stored.privateKey) throw new Error(`${file}: no VAPID key pair in it`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: options.subject };
  }
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
  return { ...keys, subject: options.subject };
}
