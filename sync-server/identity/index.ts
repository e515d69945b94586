import type { Hono } from "hono";
import type { Config } from "../config";

/**
 * Mounts the identity routes on the HTTP app. Outside production this is the embedded,
 * Auth0-compatible identity provider (/authorize, /oauth/token, /v2/logout, /.well-known/jwks.json).
 * Not built yet: the embedded provider arrives with the identity work (issue 4).
 */
export function mountIdentity(_app: Hono, _config: Config): void {}
