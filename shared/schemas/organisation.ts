import { z } from "zod";
import { aipSettingsSchema } from "../admin/aip";
import { DEFAULT_COLOR_SCHEME } from "../catalogue/app-defaults";
import { REGIONS_BY_STATE } from "../catalogue/regions";
import { phoneSchema } from "./formats";
import { colourMessage, STATE_MESSAGE, TIMEZONE_MESSAGE, ZIP_MESSAGE } from "./messages";

// Spec §3 "Organisation": every field, the spec's defaults, and the partial variant that requires only
// id and organizationType. §5: email and senderEmail must be valid e-mail addresses.
//
// The spec names the fields but not their types or which are required. Our choices: the full
// organisation requires id, createdAt, updatedAt, name, email, organizationType, isActive and isAdmin;
// the other fields may be absent, and the fields the spec calls nullable (sendgridDomainId,
// sendgridDomainDns) or that a new organisation naturally lacks (parentOrgId, disabledAt, contact and
// integration fields) accept null. Time stamps are ISO 8601 date-times.

export const STOCKGUARD_SLACK_CHANNELS = [
  "insureiq-activity-stockguard",
  "insureiq-activity-hiq-sub-agencies",
  "insureiq-activity-all",
  "portal-notifications",
] as const;
export type StockguardSlackChannel = (typeof STOCKGUARD_SLACK_CHANNELS)[number];

export const ORGANISATION_DEFAULTS = {
  colorScheme: DEFAULT_COLOR_SCHEME,
  isOrderButtonHidden: false,
  orderButtonText: "Order",
  enableCombinedQuoteCampaignsToSingleEmail: true,
} as const;

const colour = (name: string) =>
  z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, colourMessage(`the ${name} colour`));

export const colorSchemeSchema = z.object({
  primary: colour("primary"),
  secondary: colour("secondary"),
  success: colour("success"),
  info: colour("info"),
  warning: colour("warning"),
  error: colour("error"),
});
export type ColorScheme = z.infer<typeof colorSchemeSchema>;

/** Spec §5 (ours where the spec gives no message): a US state or DC by its postal abbreviation. */
export { STATE_MESSAGE, TIMEZONE_MESSAGE, ZIP_MESSAGE };

/** The IANA time zones the JavaScript engine knows (Intl.supportedValuesOf), plus UTC. */
export const timeZones = (): readonly string[] => {
  const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return supported.includes("UTC") ? supported : [...supported, "UTC"];
};
let zoneSet: Set<string> | null = null;
export const isTimeZone = (value: string): boolean => {
  zoneSet ??= new Set(timeZones());
  return zoneSet.has(value);
};

const text = z.string();
const optionalText = text.nullable().optional();
const timestamp = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time` });
const emailAddress = (name: string) =>
  z.email({ error: `enter ${name} as a full e-mail address, such as office@youragency.com` });

/** Every field, no defaults: the shape both variants share. */
const organisationFields = {
  id: z.string().min(1, "id is required"),
  createdAt: timestamp("createdAt"),
  updatedAt: timestamp("updatedAt"),
  name: z.string().min(1, "enter the agency's name"),
  fullLogo: optionalText,
  compactLogo: optionalText,
  favicon: optionalText,
  loadingIndicator: optionalText,
  phone: phoneSchema.nullable().optional(),
  email: emailAddress("the agency's e-mail"),
  domain: optionalText,
  sendgridDomainId: text.nullable().optional(),
  /** DNS record → whether it validated. */
  sendgridDomainDns: z.record(z.string(), z.boolean()).nullable().optional(),
  colorScheme: colorSchemeSchema,
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  gaTrackingId: optionalText,
  hubspotAccountId: optionalText,
  hubspotAccessToken: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  state: z
    .string()
    .refine((v) => Object.hasOwn(REGIONS_BY_STATE, v), STATE_MESSAGE)
    .nullable()
    .optional(),
  zip: z
    .string()
    .regex(/^\d{5}(?:-\d{4})?$/, ZIP_MESSAGE)
    .nullable()
    .optional(),
  senderEmail: emailAddress("the sender e-mail").nullable().optional(),
  timezone: z.string().refine(isTimeZone, TIMEZONE_MESSAGE).nullable().optional(),
  fmhApiKey: optionalText,
  fmhSigningKey: optionalText,
  organizationType: z.string().min(1, "organizationType is required"),
  parentOrgId: optionalText,
  stockguardSlackChannel: z
    .enum(STOCKGUARD_SLACK_CHANNELS, {
      error: `stockguardSlackChannel must be one of ${STOCKGUARD_SLACK_CHANNELS.join(", ")}`,
    })
    .nullable()
    .optional(),
  enableNotificationCrons: z.boolean().optional(),
  enableClaimsUi: z.boolean().optional(),
  agWorksUsername: optionalText,
  agWorksAlias: optionalText,
  agWorksPassword: optionalText,
  enableSMSCampaigns: z.boolean().optional(),
  isOrderButtonHidden: z.boolean(),
  orderButtonText: z.string(),
  twilioSmsSenderNumber: optionalText,
  enableCombinedQuoteCampaignsToSingleEmail: z.boolean(),
  disabledAt: timestamp("disabledAt").nullable().optional(),
};

const base = z.object(organisationFields);

/** The full organisation; missing colorScheme, isOrderButtonHidden, orderButtonText and
 * enableCombinedQuoteCampaignsToSingleEmail take the spec's defaults. */
export const organisationSchema = base.extend({
  colorScheme: colorSchemeSchema.default(() => ({ ...DEFAULT_COLOR_SCHEME })),
  isOrderButtonHidden: z.boolean().default(ORGANISATION_DEFAULTS.isOrderButtonHidden),
  orderButtonText: z.string().default(ORGANISATION_DEFAULTS.orderButtonText),
  enableCombinedQuoteCampaignsToSingleEmail: z
    .boolean()
    .default(ORGANISATION_DEFAULTS.enableCombinedQuoteCampaignsToSingleEmail),
});
export type Organisation = z.infer<typeof organisationSchema>;
export type OrganisationInput = z.input<typeof organisationSchema>;

/** Requires only id and organizationType; every other field is validated when present and never
 * defaulted (a partial is a patch or a summary, and defaults would overwrite stored values). */
export const partialOrganisationSchema = base.partial().required({ id: true, organizationType: true });
export type PartialOrganisation = z.infer<typeof partialOrganisationSchema>;

// --- Administration (docs/administration.md) ---------------------------------------------

/**
 * The organisation's secrets: write-only, kept by the server alone (encrypted at rest), never in a
 * synced document, never returned by an API. Provider API keys are named `providerApiKey.{CODE}`.
 */
export const ORGANISATION_SECRET_FIELDS = [
  "hubspotAccessToken",
  "fmhApiKey",
  "fmhSigningKey",
  "agWorksPassword",
] as const;
export type OrganisationSecretField = (typeof ORGANISATION_SECRET_FIELDS)[number];
export const PROVIDER_API_KEY_PREFIX = "providerApiKey.";
export const SECRET_NAME_PATTERN =
  /^(?:hubspotAccessToken|fmhApiKey|fmhSigningKey|agWorksPassword|providerApiKey\.[A-Za-z][A-Za-z0-9_]{0,31})$/;

/** Fields the platform (superAdmin, the server) sets, not the organisation's admin. */
export const PLATFORM_ORGANISATION_FIELDS = [
  "id",
  "createdAt",
  "updatedAt",
  "isActive",
  "isAdmin",
  "organizationType",
  "parentOrgId",
  "disabledAt",
] as const;

const omitted = Object.fromEntries(
  [...ORGANISATION_SECRET_FIELDS, ...PLATFORM_ORGANISATION_FIELDS].map((f) => [f, true] as const),
) as Record<OrganisationSecretField | (typeof PLATFORM_ORGANISATION_FIELDS)[number], true>;

/**
 * The `settings` section of the `org/{orgId}` document: the organisation's own fields an admin edits,
 * every one optional (absent: the spec's default applies), validated as the Organisation entity, no
 * secret and no platform field (strict: anything else is refused).
 */
export const organisationSettingsSchema = z.strictObject({
  ...base.omit(omitted).partial().shape,
  /** The agency's insurance providers (docs/administration.md; shared/admin/aip.ts): not a field of the spec's entity. */
  aip: aipSettingsSchema.optional(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

// --- end of administration ----------------------------------------------------------------------------
