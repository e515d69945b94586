import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseDataKey } from "./storage/encryption";

const optionalUrl = (protocols: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      if (!URL.canParse(value)) {
        ctx.addIssue({ code: "custom", message: `must be a ${what} URL` });
      } else if (!protocols.includes(new URL(value).protocol)) {
        ctx.addIssue({
          code: "custom",
          message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
        });
      }
    });

const perMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

// Every environment variable the server reads, with its default. The README's configuration table
// mirrors this schema.
export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** The interface to listen on; default loopback (127.0.0.1) outside production, 0.0.0.0 in it (HOST1). */
    HOST: z.string().trim().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    STATIC_DIR: z.string().min(1).default("./dist"),
    /** The server's public origin; the embedded identity provider's issuer. Default http://localhost:PORT/. */
    PUBLIC_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** PostgreSQL for documents and tables; unset means SQLite in DATA_DIR. */
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "postgres"),
    /** Redis for fanning updates out between several instances; unset means a single instance. */
    REDIS_URL: optionalUrl(["redis:", "rediss:"], "redis"),
    /** Auth0 tenant domain (e.g. rangeline.us.auth0.com); required in production. */
    AUTH0_DOMAIN: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional()
      .refine((value) => value === undefined || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(value), {
        message: "must be a host name such as rangeline.us.auth0.com",
      }),
    /** The API audience access tokens must carry. */
    AUTH0_AUDIENCE: z.string().trim().min(1).default("rangeline-api"),
    /**
     * A machine-to-machine application of the tenant with the Management API's `delete:sessions` and
     * `delete:refresh_tokens`: "Sign out on all devices" then ends the user's Auth0 sessions too
     * (sync-server/identity/auth0-management.ts). The secret is read from the environment only.
     */
    AUTH0_MANAGEMENT_CLIENT_ID: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    AUTH0_MANAGEMENT_CLIENT_SECRET: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** The Management API's origin; default https://AUTH0_DOMAIN (set it to the tenant's own domain behind a custom domain). */
    AUTH0_MANAGEMENT_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /**
     * AES-256-GCM key (base64 of 32 bytes) for the documents encrypted at rest (tax ids); outside
     * production generated on first start in DATA_DIR when unset; required in production.
     */
    DATA_ENCRYPTION_KEY: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        try {
          parseDataKey(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    /** Largest WebSocket message the sync server accepts, bytes. */
    SYNC_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(8 * 1024 * 1024),
    // --- Hardening (docs/hardening.md; sync-server/protection): rate limits, caps and body limits. Each rate is
    // "so many per minute" per address or per user, with bursts up to the same number.
    /** Sign-in and token endpoints (/authorize, /oauth/token, /v2/logout, /api/session/*), per address. */
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: perMinute(300),
    /** Sign-in attempts for one account (the login hint), per minute. */
    RATE_LIMIT_SIGN_IN_PER_USER: perMinute(120),
    /** The HTTP API (/api/*), per address. */
    RATE_LIMIT_API_PER_ADDRESS: perMinute(1200),
    /** The HTTP API, per signed-in user. */
    RATE_LIMIT_API_PER_USER: perMinute(600),
    /** The partner API (/api/v1, docs/partner-api.md), requests per minute per API key. */
    PARTNER_API_PER_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** New sync sockets (WebSocket upgrades), per address. */
    RATE_LIMIT_SOCKETS_PER_ADDRESS: perMinute(600),
    /** Document connections (authentications on the sync socket), per user. */
    RATE_LIMIT_SOCKETS_PER_USER: perMinute(3000),
    /** Documents one sync socket may have open at once. */
    SYNC_MAX_DOCUMENTS_PER_SOCKET: z.coerce.number().int().min(1).default(500),
    /** Sync sockets one user may have open at once (with at least one document). */
    SYNC_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(256),
    // --- docs/hardening.md §2: pre-sign-in memory and document caps.
    /** Bytes a sync socket may send before it signs in (INPUT3). */
    SYNC_PRE_AUTH_BYTES_PER_SOCKET: z.coerce
      .number()
      .int()
      .min(1024)
      .default(192 * 1024),
    /** Bytes all sockets not yet signed in may hold together (INPUT3). */
    SYNC_PRE_AUTH_BYTES_TOTAL: z.coerce
      .number()
      .int()
      .min(1024)
      .default(32 * 1024 * 1024),
    /** Time a sync socket has to sign in, ms (INPUT3 states 30 s; tests shorten it). */
    SYNC_AUTH_DEADLINE_MS: z.coerce.number().int().min(100).default(30_000),
    /** Largest stored size of one document, bytes (LIMIT5). */
    SYNC_MAX_DOCUMENT_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .default(32 * 1024 * 1024),
    /** Documents one user may create per hour (LIMIT6). */
    SYNC_DOCUMENTS_CREATED_PER_HOUR: z.coerce.number().int().min(1).default(200),
    /** Documents one organisation may create per hour, every path together (IMPORT3). */
    ORG_DOCUMENTS_CREATED_PER_HOUR: z.coerce.number().int().min(1).default(5000),
    /** Worker threads for work that grows with a request's input (IMPORT1); default: cores − 1, at least 1. */
    WORK_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, availableParallelism() - 1)),
    /** Large requests that may wait for a work thread; past it the server answers 503 at once (IMPORT1). */
    WORK_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(8),
    /** Largest request body of /api/*, bytes; every other route accepts 16 KiB at most. */
    HTTP_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** Bytes all claim attachments of one organisation may take (ATTACH2); over it an upload gets 413. */
    ATTACHMENT_MAX_BYTES_PER_ORG: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .default(1024 * 1024 * 1024),
    // BOUND2 (docs/limits.md): how many records of a kind may exist at once; over it the creating route answers 409.
    /** Open (unused, unexpired) invitations of one organisation. */
    INVITATIONS_OPEN_PER_ORG: z.coerce.number().int().min(1).default(500),
    /** People (members) of one organisation: added by an admin, or invited while it has fewer. */
    MEMBERS_PER_ORG: z.coerce.number().int().min(1).default(10_000),
    /** Quote campaigns of one organisation. */
    CAMPAIGNS_PER_ORG: z.coerce.number().int().min(1).default(200),
    /** Applications one organisation has received and not yet accepted or declined. */
    APPLICATIONS_WAITING_PER_ORG: z.coerce.number().int().min(1).default(1000),
    /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket's address). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    // --- Market data feed (docs/market-data.md; sync-server/market): where each trading day's files come from. An
    // address may hold {yyyymmdd}, {date} (YYYY-MM-DD) and {ry} (RMA's reinsurance year). None set: the
    // embedded sample data is the market.
    /** RMA's A00630_LrpRate (the daily ADMLivestockLrp zip, or the text member itself). */
    MARKET_A00630_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** RMA's A00620_LrpActualEndingValue (usually the same zip as A00630). */
    MARKET_A00620_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** RMA's A00600_LgmGrossMargin (the ADMLivestockLgm zip, or the member). */
    MARKET_A00600_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** RMA's A00610_LgmDraw (usually the same zip as A00600). */
    MARKET_A00610_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** Futures settlements and implied volatilities as the CSV of README "Market data files". */
    MARKET_FUTURES_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** Futures from "csv" (MARKET_FUTURES_URL) or "barchart" (Barchart OnDemand; key in BARCHART_API_KEY). */
    MARKET_FUTURES_PROVIDER: z.enum(["csv", "barchart"]).default("csv"),
    /** Barchart OnDemand API key (secret: environment only). */
    BARCHART_API_KEY: z.string().optional(),
    /** Barchart OnDemand address (its published server by default). */
    BARCHART_BASE_URL: optionalUrl(["http:", "https:"], "http(s)"),
    /** Central time of the first fetch on a trading day (RMA posts about 3:30 pm). */
    MARKET_FETCH_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM")
      .default("15:30"),
    /** Central time after which no new attempt starts that day (the last good snapshot stays). */
    MARKET_FETCH_DEADLINE: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM")
      .default("20:00"),
    /** Longest wait for one file, milliseconds. */
    MARKET_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** How often the schedule is checked, milliseconds. */
    MARKET_FETCH_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
    /** Weekday LGM files are fetched (0 Sunday … 6 Saturday; LGM sells weekly, on Thursdays). */
    MARKET_LGM_WEEKDAY: z.coerce.number().int().min(0).max(6).default(4),
    /** Web Push VAPID key pair (production: from here, else Web Push is off; elsewhere generated into DATA_DIR/vapid.json). */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** Contact the push services may use (mailto: or https:). */
    VAPID_SUBJECT: z.string().default("mailto:alerts@rangeline.invalid"),
    /**
     * Tests only: origins (http://127.0.0.1:PORT, comma-separated) of loopback stand-ins of a push service,
     * accepted as push endpoints besides the known push services (PUSH1). Refused in production.
     */
    PUSH_TEST_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ""),
      )
      .refine((origins) => origins.every((o) => URL.canParse(o) && new URL(o).origin === o), {
        message: "must be origins such as http://127.0.0.1:4100, comma-separated",
      }),
    // --- end of market data feed
    // --- Administration (docs/administration.md) ---
    /** Outbound e-mail through SMTP (smtp:// or smtps://, with its user and password); unset: the local outbox table. */
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "smtp(s)"),
    /** The From address of the server's e-mails (invitations). */
    EMAIL_FROM: z.email({ error: "must be an e-mail address" }).default("no-reply@rangeline.test"),
    /** How long an invitation link stays valid, hours. */
    INVITATION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    // --- end of administration
    // --- Quote campaigns (docs/campaigns.md) ---
    /** HMAC key of unsubscribe links (base64, ≥ 32 bytes); required in production, else generated in DATA_DIR. */
    UNSUBSCRIBE_SECRET: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** How often the campaign scheduler looks for due runs, seconds. */
    CAMPAIGN_SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Twilio's auth token: checks the signature of inbound SMS (STOP/HELP); unset: the webhook refuses all. */
    TWILIO_AUTH_TOKEN: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** Twilio account (AC…) for campaign texts; with TWILIO_AUTH_TOKEN and TWILIO_FROM, SMS goes through Twilio, else campaign_sms_outbox. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** The Twilio number campaign texts come from when the organisation has no twilioSmsSenderNumber (E.164). */
    TWILIO_FROM: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{6,14})?$/, "must be an E.164 phone number, e.g. +15555550100")
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /**
     * The verification key of SendGrid's signed Event Webhook (base64 DER, as SendGrid shows it, or PEM):
     * bounces, drops and spam reports after acceptance reach POST /api/campaigns/email/events; unset:
     * that endpoint refuses every request.
     */
    SENDGRID_WEBHOOK_PUBLIC_KEY: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    /** SendGrid API key (secret: environment only); set, e-mail goes through SendGrid instead of SMTP or the outbox. */
    SENDGRID_API_KEY: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    // --- end of quote campaigns
    /**
     * Tests only (end-to-end runs): the instant the server's clock starts at, ISO 8601 with a zone
     * (2026-11-18T18:00:00Z); it runs from there (sync-server/clock.ts). Refused in production.
     */
    CLOCK_FIXED_AT: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .optional()
      .refine((value) => value === undefined || z.iso.datetime({ offset: true }).safeParse(value).success, {
        message: "must be an ISO 8601 date and time with its zone, e.g. 2026-11-18T18:00:00Z",
      }),
  })
  .superRefine((config, ctx) => {
    if (config.MARKET_FUTURES_PROVIDER === "barchart" && !config.BARCHART_API_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["BARCHART_API_KEY"],
        message: "is required when MARKET_FUTURES_PROVIDER is barchart",
      });
    if (Boolean(config.AUTH0_MANAGEMENT_CLIENT_ID) !== Boolean(config.AUTH0_MANAGEMENT_CLIENT_SECRET))
      ctx.addIssue({
        code: "custom",
        path: [
          config.AUTH0_MANAGEMENT_CLIENT_ID ? "AUTH0_MANAGEMENT_CLIENT_SECRET" : "AUTH0_MANAGEMENT_CLIENT_ID",
        ],
        message: "AUTH0_MANAGEMENT_CLIENT_ID and AUTH0_MANAGEMENT_CLIENT_SECRET are set together",
      });
    if (config.NODE_ENV !== "production") return;
    if (config.CLOCK_FIXED_AT)
      ctx.addIssue({
        code: "custom",
        path: ["CLOCK_FIXED_AT"],
        message: "is for tests only: production reads the system clock (unset it)",
      });
    if (config.PUSH_TEST_ORIGINS.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_TEST_ORIGINS"],
        message: "is for tests only: production posts only to the known push services (unset it)",
      });
    if (config.AUTH0_MANAGEMENT_URL?.startsWith("http:"))
      ctx.addIssue({
        code: "custom",
        path: ["AUTH0_MANAGEMENT_URL"],
        message: "must use https in production",
      });
    if (!config.AUTH0_DOMAIN) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH0_DOMAIN"],
        message: "is required in production (the embedded identity provider never runs in production)",
      });
    }
    if (!config.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required in production" });
    }
    if (!config.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production" });
    }
    if (!config.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY"],
        message: "is required in production (base64 of 32 random bytes: `openssl rand -base64 32`)",
      });
    }
  })
  // HOST1 (docs/hardening.md): outside production the password-less development sign-in stays on this
  // machine unless HOST=0.0.0.0 says otherwise.
  .transform((config) => ({
    ...config,
    HOST: config.HOST ?? (config.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
  }));

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; on failure returns a readable list of what is wrong. */
export function readConfig(env: Record<string, string | undefined>): Config | { errors: string[] } {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  return { errors: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
}

/** The server's public origin with a trailing slash: PUBLIC_URL, else http://localhost:PORT/. */
export function publicUrl(config: Config, port = config.PORT): string {
  const url = new URL(config.PUBLIC_URL ?? `http://localhost:${port}/`);
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** Who issues the access tokens the sync server accepts: Auth0 in production, the server itself elsewhere. */
export function tokenIssuer(config: Config, port = config.PORT): { issuer: string; jwksUrl: URL | null } {
  if (config.AUTH0_DOMAIN) {
    const issuer = `https://${config.AUTH0_DOMAIN}/`;
    return { issuer, jwksUrl: new URL(".well-known/jwks.json", issuer) };
  }
  return { issuer: publicUrl(config, port), jwksUrl: null };
}
