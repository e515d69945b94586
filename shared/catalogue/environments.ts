// Spec §3 "Environments" and §7 "Environment".

export const ENVIRONMENTS = ["development", "production", "staging", "test"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** §7: "Version 0.0.1 outside production and test, otherwise the release number (2.736.2)." */
export const DEVELOPMENT_VERSION = "0.0.1";
export const RELEASE_VERSION = "2.736.2";
export const appVersion = (env: Environment): string =>
  env === "production" || env === "test" ? RELEASE_VERSION : DEVELOPMENT_VERSION;

/**
 * §7: the environment comes from the browser host name — "staging" or "test" in it, or one of the
 * product's production names (the spec does not list them, so the caller passes them); otherwise
 * development. The host name is passed in (shared/ reads no globals).
 */
export function environmentForHost(hostname: string, productionHostnames: readonly string[]): Environment {
  const host = hostname.toLowerCase();
  if (host.includes("staging")) return "staging";
  if (host.includes("test")) return "test";
  if (productionHostnames.some((name) => name.toLowerCase() === host)) return "production";
  return "development";
}
