import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readConfig } from "../sync-server/config";
import {
  type Access,
  type CountCap,
  countMax,
  type RateKind,
  ROUTE_LIMITS,
} from "../sync-server/routes/limits";

// docs/limits.md's table of every HTTP route, made from the route table (sync-server/routes/limits.ts),
// its one definition: `npx tsx scripts/route-limits.ts` writes it between the doc's markers, and
// tests/integration/hardening/bounded-routes.test.ts fails when the doc's copy differs.

const START = "<!-- route-limits:start -->";
const END = "<!-- route-limits:end -->";
const cell = (text: string) => (text || "—").replace(/\|/g, "\\|");
const who = (a: Access) =>
  a.who === "org"
    ? `org: ${a.roles.join(", ")}`
    : a.who === "api-key"
      ? `API key (${a.scope})`
      : a.who === "provider"
        ? a.signature
        : a.who === "link"
          ? a.proof
          : a.who;

const RATES: Record<RateKind, string> = {
  api: "API",
  "sign-in": "sign-in",
  none: "none",
};

/** A count cap as the doc says it: the number (the setting's default) and what it counts. */
function count(cap: CountCap | undefined): string {
  if (!cap) return "";
  const defaults = readConfig({});
  if ("errors" in defaults) throw new Error(defaults.errors.join("; "));
  const setting = "setting" in cap ? ` (\`${cap.setting}\`)` : "";
  return `${countMax(cap, defaults).toLocaleString("en-US")}${setting} ${cap.what} per ${cap.per}`;
}

/** The markdown table of every route's limits. */
export function routeLimitsTable(): string {
  const rows = ROUTE_LIMITS.map((r) =>
    [
      `\`${r.method} ${r.path}\``,
      who(r.access),
      r.body,
      r.rows,
      RATES[r.rate],
      r.quota,
      count(r.count),
      r.work,
      r.logs,
    ]
      .map(cell)
      .join(" | "),
  );
  return [
    "| Route | Who may call it | Body | Rows | Rate | Quota | Count cap | Work | Logs |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** A markdown table with its cells' padding and its rule's dashes as routeLimitsTable writes them. */
const unpadded = (table: string) =>
  table
    .split("\n")
    .map((line) => {
      const cells = line
        .trim()
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^-+$/, "---"));
      return `| ${cells.join(" | ")} |`;
    })
    .join("\n");

/**
 * The table as docs/limits.md holds it (between its markers; the padding Biome's formatter adds taken
 * out), or null when the markers are missing.
 */
export function documentedTable(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : unpadded(doc.slice(start + START.length, end).trim());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL("../docs/limits.md", import.meta.url));
  const doc = readFileSync(path, "utf8");
  if (documentedTable(doc) === null) throw new Error(`${path} has no ${START} … ${END} markers`);
  const start = doc.indexOf(START) + START.length;
  writeFileSync(path, `${doc.slice(0, start)}\n\n${routeLimitsTable()}\n\n${doc.slice(doc.indexOf(END))}`);
  // The columns aligned as the lint (Biome) wants them.
  execFileSync("npx", ["biome", "format", "--write", path], { stdio: "inherit" });
}
