// Spec §9 defaults of identity, cross-application logout, theme and query cache; §3 "Session"; §7.

/** §3: the cross-application sign-out marker. §4/§9: polling and cookie lifetime. */
export const LOGOUT_DEFAULTS = {
  cookieName: "hiqLogout",
  pollingIntervalMs: 1000,
  cookieLifetimeSeconds: 60,
  /** §4: the cookie goes on the shared parent domain, "localhost when local". */
  localCookieDomain: "localhost",
} as const;

/** §9 "Identity defaults", §5 token checks and §7 identity-provider calls. */
export const IDENTITY_DEFAULTS = {
  httpTimeoutMs: 10_000,
  popupTimeoutSeconds: 60,
  authorizeTimeoutSeconds: 60,
  tokenLeewaySeconds: 60,
  scope: "openid profile email",
  sessionCheckCookieDays: 1,
  transactionCookieDays: 1,
  silentTokenLockWaitMs: 5000,
  silentTokenLockAttempts: 10,
  cacheExpiryMarginSeconds: 60,
  popupWidth: 400,
  popupHeight: 600,
  /** §5: identity tokens are signed with RS256. */
  idTokenAlgorithm: "RS256",
  /** §7: POST /oauth/token is retried up to 3 times. */
  tokenRequestRetries: 3,
  /** §7: "Refresh tokens are not used." */
  useRefreshTokens: false,
} as const;

/** §9 "Theme defaults". The breakpoint names are ours; the spec gives the numbers (px). */
export const THEME_DEFAULTS = {
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  spacingPx: 8,
  borderRadiusPx: 4,
  fontFamily: "Roboto",
  fontSizePx: 14,
} as const;

/** §3 Organisation "Default colours". */
export const DEFAULT_COLOR_SCHEME = {
  primary: "#AC141C",
  secondary: "#EF767A",
  success: "#49DCB1",
  info: "#445699",
  warning: "#EEB868",
  error: "#AC141C",
} as const;

/** §9 "Query cache 5 minutes; retry back-off from 1 s doubling to 30 s"; §7 query errors use error boundaries. */
export const QUERY_DEFAULTS = {
  cacheTimeMs: 5 * 60 * 1000,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  throwOnError: true,
} as const;

/** Delay before retry number `attempt` (0 = first retry): 1 s, 2 s, 4 s, ... capped at 30 s. */
export const queryRetryDelayMs = (attempt: number): number =>
  Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** Math.max(0, attempt), QUERY_DEFAULTS.retryMaxDelayMs);
