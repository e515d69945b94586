import type { Hono } from "hono";
import type { DemoUser } from "../identity/demo-users";
import { InvitationLinks } from "../members/invitation-links";
import { mountProfileApi } from "../members/profile-routes";
import { mountMembersApi } from "../members/routes";
import type { EmailSender } from "../outbound/email";
import { type MarketToolsOptions, mountMarketTools } from "../platform/market-tools";
import { mountPlatformApi } from "../platform/routes";
import { mountBrandingApi } from "../settings/branding";
import { mountSettingsApi } from "../settings/routes";
import { SecretBox } from "../settings/secret-box";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { DisabledOrgs } from "./disabled-orgs";

// Administration (issue 13; docs/administration.md): the server side of the settings screens.

export interface AdminOptions {
  storage: Storage;
  verify: VerifyToken;
  /** DATA_ENCRYPTION_KEY (32 bytes): organisation secrets are sealed under it. */
  dataKey: Buffer;
  email: EmailSender;
  publicUrl?: string;
  invitationTtlHours: number;
  production: boolean;
  embeddedUsers?: DemoUser[];
  /** The disabled-organisation filter the storage goes through (disabled-orgs.ts). */
  disabled: DisabledOrgs;
  onMembershipChanged?: (orgId: string, userId: string) => Promise<void>;
  /** The market feed's hooks for the tools screen (upload and publish, job runs); absent: not mounted. */
  market?: Pick<MarketToolsOptions, "latest" | "publish" | "runs">;
  now?: () => number;
}

export function mountAdminApi(app: Hono, options: AdminOptions): void {
  const secrets = new SecretBox(options.dataKey);
  mountSettingsApi(app, { storage: options.storage, verify: options.verify, secrets, now: options.now });
  mountBrandingApi(app, { storage: options.storage, verify: options.verify, now: options.now });
  mountPlatformApi(app, {
    storage: options.storage,
    verify: options.verify,
    disabled: options.disabled,
    onMembershipChanged: options.onMembershipChanged,
    now: options.now,
  });
  if (options.market)
    mountMarketTools(app, {
      storage: options.storage,
      verify: options.verify,
      ...options.market,
      now: options.now,
    });
  mountProfileApi(app, { storage: options.storage, verify: options.verify, now: options.now });
  mountMembersApi(app, {
    storage: options.storage,
    verify: options.verify,
    links: new InvitationLinks(options.dataKey),
    email: options.email,
    publicUrl: options.publicUrl,
    invitationTtlMs: options.invitationTtlHours * 3_600_000,
    production: options.production,
    embeddedUsers: options.embeddedUsers,
    onMembershipChanged: options.onMembershipChanged,
    now: options.now,
  });
}
