import { DEFAULT_COLOR_SCHEME } from "../../shared/catalogue/app-defaults";
import type { RunOrg } from "./sender";

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/** A logo address this server gave (its own /api/orgs/… path), never an arbitrary one. */
const logoPathOf = (value: unknown): string | null =>
  typeof value === "string" && /^\/api\/orgs\/[A-Za-z0-9_.|-]+\/assets\/[A-Za-z]+\/[0-9a-f]{16}$/.test(value)
    ? value
    : null;

/**
 * An organisation as a campaign run sees it, from its settings (spec §3): name, colours, postal address
 * (CAN-SPAM), sender and contact addresses, time zone, SMS and combined-e-mail switches.
 */
export function runOrgFromSettings(orgId: string, settings: Record<string, unknown>): RunOrg {
  return {
    id: orgId,
    name: String(settings.name ?? orgId),
    primaryColor: String(
      (settings.colorScheme as { primary?: string } | undefined)?.primary ?? DEFAULT_COLOR_SCHEME.primary,
    ),
    senderEmail: text(settings.senderEmail),
    email: text(settings.email),
    phone: text(settings.phone),
    addressLine1: text(settings.addressLine1),
    addressLine2: text(settings.addressLine2),
    city: text(settings.city),
    state: text(settings.state),
    zip: text(settings.zip),
    timeZone: text(settings.timezone) ?? "America/Chicago",
    enableSMSCampaigns: settings.enableSMSCampaigns === true,
    enableCombinedQuoteCampaignsToSingleEmail: settings.enableCombinedQuoteCampaignsToSingleEmail !== false,
    smsFrom: text(settings.twilioSmsSenderNumber),
    logoPath: logoPathOf(settings.fullLogo),
  };
}
