import { describe, expect, it } from "vitest";
import {
  DEFAULT_COLOR_SCHEME,
  IDENTITY_DEFAULTS,
  LOGOUT_DEFAULTS,
  QUERY_DEFAULTS,
  queryRetryDelayMs,
  THEME_DEFAULTS,
} from "./app-defaults";
import {
  LGM_CATTLE_DAIRY_MARKETING_MONTHS,
  LGM_SWINE_INSURANCE_PERIOD_MONTHS,
  LGM_SWINE_MARKETING_MONTHS,
  LIVE_TO_LEAN_HOG_FACTOR,
  MONTH_INDEXES,
  SPEC_CONSTANT_0_74,
  SPEC_CONSTANT_6,
  SPEC_NUMBERS_0_TO_11,
  SPEC_NUMBERS_2_TO_6,
  SPEC_NUMBERS_2_TO_11,
} from "./constants";
import {
  appVersion,
  DEVELOPMENT_VERSION,
  ENVIRONMENTS,
  environmentForHost,
  RELEASE_VERSION,
} from "./environments";

describe("§9 constants (meaning not shown)", () => {
  it("values", () => {
    expect(SPEC_CONSTANT_6).toBe(6);
    expect(SPEC_NUMBERS_0_TO_11).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(SPEC_NUMBERS_2_TO_11).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(SPEC_NUMBERS_2_TO_6).toEqual([2, 3, 4, 5, 6]);
    expect(SPEC_CONSTANT_0_74).toBe("0.74");
  });
  it("our readings point at the same values", () => {
    expect(LIVE_TO_LEAN_HOG_FACTOR).toBe("0.74");
    expect(MONTH_INDEXES).toBe(SPEC_NUMBERS_0_TO_11);
    expect(LGM_SWINE_INSURANCE_PERIOD_MONTHS).toBe(6);
    expect(LGM_CATTLE_DAIRY_MARKETING_MONTHS).toBe(SPEC_NUMBERS_2_TO_11);
    expect(LGM_SWINE_MARKETING_MONTHS).toBe(SPEC_NUMBERS_2_TO_6);
  });
});

describe("identity, logout, theme, query defaults (§3, §4, §5, §7, §9)", () => {
  it("logout", () => {
    expect(LOGOUT_DEFAULTS).toEqual({
      cookieName: "hiqLogout",
      pollingIntervalMs: 1000,
      cookieLifetimeSeconds: 60,
      localCookieDomain: "localhost",
    });
  });
  it("identity", () => {
    expect(IDENTITY_DEFAULTS).toEqual({
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
      idTokenAlgorithm: "RS256",
      tokenRequestRetries: 3,
      useRefreshTokens: false,
    });
  });
  it("theme and colours", () => {
    expect(Object.values(THEME_DEFAULTS.breakpoints)).toEqual([0, 600, 900, 1200, 1536]);
    expect([THEME_DEFAULTS.spacingPx, THEME_DEFAULTS.borderRadiusPx]).toEqual([8, 4]);
    expect([THEME_DEFAULTS.fontFamily, THEME_DEFAULTS.fontSizePx]).toEqual(["Roboto", 14]);
    expect(DEFAULT_COLOR_SCHEME).toEqual({
      primary: "#AC141C",
      secondary: "#EF767A",
      success: "#49DCB1",
      info: "#445699",
      warning: "#EEB868",
      error: "#AC141C",
    });
  });
  it("query cache 5 minutes, back-off 1 s doubling to 30 s", () => {
    expect(QUERY_DEFAULTS.cacheTimeMs).toBe(300_000);
    expect(QUERY_DEFAULTS.throwOnError).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(queryRetryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("environments (§3, §7)", () => {
  it("list and version", () => {
    expect(ENVIRONMENTS).toEqual(["development", "production", "staging", "test"]);
    expect([DEVELOPMENT_VERSION, RELEASE_VERSION]).toEqual(["0.0.1", "2.736.2"]);
    expect(ENVIRONMENTS.map(appVersion)).toEqual(["0.0.1", "2.736.2", "0.0.1", "2.736.2"]);
  });
  it.each([
    ["app.staging.example.com", "staging"],
    ["test.example.com", "test"],
    ["portal.example.com", "production"],
    ["PORTAL.example.com", "production"],
    ["localhost", "development"],
    ["other.example.com", "development"],
  ] as const)("%s → %s", (host, env) => {
    expect(environmentForHost(host, ["portal.example.com"])).toBe(env);
  });
});
