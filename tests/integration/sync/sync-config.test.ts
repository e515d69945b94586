import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("start-up configuration", () => {
  it("[CONF1][CONF2] production without Auth0 refuses to start: a readable list, exit 1", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", join(root, "sync-server", "main.ts")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        AUTH0_DOMAIN: "",
        DATABASE_URL: "",
        PUBLIC_URL: "",
      },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Rangeline cannot start; the configuration is invalid:");
    expect(result.stderr).toContain(
      "  - AUTH0_DOMAIN: is required in production (the embedded identity provider never runs in production)",
    );
    expect(result.stderr).toContain("  - DATABASE_URL: is required in production");
  });
});
