import { describe, expect, it } from "vitest";
import { configSchema, publicUrl, readConfig, tokenIssuer } from "./config";

describe("configuration", () => {
  it("[CONF1] runs on embedded defaults with no configuration", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ NODE_ENV: "development", PORT: 8080, AUTH0_AUDIENCE: "rangeline-api" });
    expect("errors" in config).toBe(false);
  });

  it("[CONF1] lists every problem, one line per variable", () => {
    const result = readConfig({ PORT: "eighty", DATABASE_URL: "mysql://db/x", REDIS_URL: "not a url" });
    expect(result).toEqual({
      errors: [
        expect.stringMatching(/^PORT: /),
        "DATABASE_URL: must start with postgres:// or postgresql://",
        "REDIS_URL: must be a redis URL",
      ],
    });
  });

  it("[CONF1] treats empty optional URLs as unset", () => {
    expect(readConfig({ DATABASE_URL: "", REDIS_URL: "" })).toMatchObject({ DATABASE_URL: undefined });
  });

  it("[CONF2] production requires Auth0, PostgreSQL and the public URL: no embedded identity provider", () => {
    expect(readConfig({ NODE_ENV: "production" })).toEqual({
      errors: [
        "AUTH0_DOMAIN: is required in production (the embedded identity provider never runs in production)",
        "DATABASE_URL: is required in production",
        "PUBLIC_URL: is required in production",
        "DATA_ENCRYPTION_KEY: is required in production (base64 of 32 random bytes: `openssl rand -base64 32`)",
      ],
    });
    const production = configSchema.parse({
      NODE_ENV: "production",
      AUTH0_DOMAIN: "rangeline.us.auth0.com",
      DATABASE_URL: "postgres://db/rangeline",
      PUBLIC_URL: "https://app.rangeline.example",
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    expect(tokenIssuer(production)).toEqual({
      issuer: "https://rangeline.us.auth0.com/",
      jwksUrl: new URL("https://rangeline.us.auth0.com/.well-known/jwks.json"),
    });
    expect(publicUrl(production)).toBe("https://app.rangeline.example/");
  });

  it("[CONF1] a data encryption key that is not the base64 of 32 bytes is refused, without echoing it", () => {
    for (const key of ["c2hvcnQ=", Buffer.alloc(33, 1).toString("base64"), "not base64 at all!"]) {
      const result = readConfig({ DATA_ENCRYPTION_KEY: key });
      expect(result).toEqual({
        errors: [
          "DATA_ENCRYPTION_KEY: must be the base64 of exactly 32 random bytes (e.g. `openssl rand -base64 32`)",
        ],
      });
    }
    expect(readConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64") })).toMatchObject({
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    });
  });

  it("[CONF2] elsewhere the server's own origin issues the tokens", () => {
    const config = configSchema.parse({});
    expect(tokenIssuer(config, 4321)).toEqual({ issuer: "http://localhost:4321/", jwksUrl: null });
  });
});
