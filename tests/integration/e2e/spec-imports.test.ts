import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every end-to-end spec takes `test` from tests/e2e/fixtures.ts, so that each of its browser contexts
// starts on the run's clock (docs/server-layout.md; README "End-to-end tests: one clock, fresh data"). A spec
// that takes it from @playwright/test would run its pages on the machine's date.
const e2e = fileURLToPath(new URL("../../e2e/", import.meta.url));
const specs = readdirSync(e2e).filter((name) => name.endsWith(".spec.ts"));

describe("end-to-end specs", () => {
  it("exist (this check reads the right folder)", () => {
    expect(specs.length).toBeGreaterThan(10);
  });

  it("import test from ./fixtures, never from @playwright/test", () => {
    const offenders = specs.filter((name) => {
      const source = readFileSync(join(e2e, name), "utf8");
      const fromPlaywright = /import\s*\{([^}]*)\}\s*from\s*"@playwright\/test"/g;
      for (const match of source.matchAll(fromPlaywright))
        if (/(^|[\s,])test([\s,]|$)/.test(match[1] ?? "")) return true;
      return !source.includes('from "./fixtures"');
    });
    expect(offenders).toEqual([]);
  });
});
