import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layer fences of biome.jsonc (docs/server-layout.md; CONVENTIONS 1, 7 and 11) fail on a crossing: the repo's
// own configuration lints a throw-away tree of one-import files, each either crossing a fence or a
// legal neighbour of one, and exactly the crossings are reported by noRestrictedImports.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const biome = join(root, "node_modules", ".bin", "biome");

/** [file, import specifier, crosses a fence] */
const CASES: readonly [string, string, boolean][] = [
  // feature → another feature, or the app shell
  ["src/features/coverages/a.tsx", "../lgm-quote/lgm-figures", true],
  ["src/features/coverages/b.tsx", "../../app/router", true],
  ["src/features/agent-hub/applications/c.tsx", "../../campaigns/campaigns-page", true],
  ["src/features/agent-hub/applications/d.tsx", "../../../app/router", true],
  ["src/features/settings/e.tsx", "../document-history", true],
  // …a feature's own files, src/components, src/lib and shared/ are fine
  ["src/features/coverages/f.tsx", "./lgm-endorsement-create", false],
  ["src/features/agent-hub/applications/g.tsx", "../campaigns-panel", false],
  ["src/features/coverages/h.tsx", "../../components/quote/lgm-figures", false],
  ["src/features/agent-hub/applications/i.tsx", "../../../lib/org/use-org-branding", false],
  ["src/features/coverages/j.tsx", "../../../shared/book/claims", false],
  // src/lib → src/components, src/features or src/app
  ["src/lib/format/k.ts", "../../components/ui/alert", true],
  ["src/lib/pricing/l.tsx", "../../features/lrp-quote/lrp-quote-page", true],
  ["src/lib/m.ts", "../app/router", true],
  ["src/lib/sync/react/n.tsx", "../../auth/session", false],
  // src/components → src/features or src/app
  ["src/components/quote/o.tsx", "../../features/lgm-quote/lgm-text", true],
  ["src/components/org-time/p.ts", "../../app/use-anything", true],
  ["src/components/quote/q.tsx", "../ui/button", false],
  // shared/ → src, worker, sync-server, Node
  ["shared/book/r.ts", "../../src/lib/format", true],
  ["shared/book/s.ts", "../../sync-server/server", true],
  ["shared/t.ts", "../worker/api", true],
  ["shared/book/u.ts", "../market/dates", false],
  // the app ↔ the server, the command line and the worker
  ["src/features/settings/v.tsx", "../../../sync-server/config", true],
  ["src/app/w.tsx", "../../cli/main", true],
  ["src/lib/pricing/x.ts", "../../../sync-server/market/feed", true],
  ["src/lib/pricing/x2.ts", "../../../worker/client", false],
  ["sync-server/market/y.ts", "../../src/lib/format", true],
  ["sync-server/market/y2.ts", "../../shared/market/dates", false],
  ["cli/z.ts", "../src/app/router", true],
  ["cli/z2.ts", "../sync-server/config", false],
  ["worker/aa.ts", "../src/lib/pricing/use-pricing", true],
  ["worker/ab.ts", "../sync-server/market/feed", true],
  ["worker/ac.ts", "../shared/pricing", false],
];

let dir: string;
let reported: Set<string>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fences-"));
  // The repo's configuration as it is, less the git integration (the throw-away tree is no repository).
  const config = readFileSync(join(root, "biome.jsonc"), "utf8").replace(
    /"vcs":\s*\{[^}]*\}/,
    '"vcs": { "enabled": false }',
  );
  expect(config).toContain('"vcs": { "enabled": false }');
  writeFileSync(join(dir, "biome.jsonc"), config);
  for (const [file, specifier] of CASES) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    // A static and a dynamic import of the same module: both are checked.
    writeFileSync(
      join(dir, file),
      `import { x } from "${specifier}";\nexport const y = [x, () => import("${specifier}")];\n`,
    );
  }
  const run = spawnSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string | { file: string } } }[];
  };
  reported = new Set(
    report.diagnostics
      .filter((d) => d.category === "lint/style/noRestrictedImports")
      .map((d) => {
        const path = d.location.path;
        return (typeof path === "string" ? path : path.file).replace(/\\/g, "/");
      }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the layer fences in lint", () => {
  it.each(CASES)("%s importing %s: crossing %s", (file, _specifier, crosses) => {
    expect(reported.has(file)).toBe(crosses);
  });

  it("reports the crossings and nothing else", () => {
    expect(reported.size).toBe(CASES.filter(([, , crosses]) => crosses).length);
  });
});
