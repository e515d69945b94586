import type { Hono } from "hono";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { SecretBox } from "./secret-box";
import { mountSettingsApi } from "./settings-api";

// Administration (issue 13; docs/administration.md): the server side of the settings screens.

export interface AdminOptions {
  storage: Storage;
  verify: VerifyToken;
  /** DATA_ENCRYPTION_KEY (32 bytes): organisation secrets are sealed under it. */
  dataKey: Buffer;
  now?: () => number;
}

export function mountAdminApi(app: Hono, options: AdminOptions): void {
  const secrets = new SecretBox(options.dataKey);
  mountSettingsApi(app, { storage: options.storage, verify: options.verify, secrets, now: options.now });
}
