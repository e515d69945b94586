import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Access, ROUTE_LIMITS } from "../sync-server/routes/limits";

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

/** The markdown table of every route's limits. */
export function routeLimitsTable(): string {
  const rows = ROUTE_LIMITS.map((r) =>
    [`\`${r.method} ${r.path}\``, who(r.access), r.body, r.rows, r.quota, r.work, r.logs]
      .map(cell)
      .join(" | "),
  );
  return [
    "| Route | Who may call it | Body | Rows | Quota | Work | Logs |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** The table as docs/limits.md holds it (between its markers), or null when the markers are missing. */
export function documentedTable(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start + START.length, end).trim();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL("../docs/limits.md", import.meta.url));
  const doc = readFileSync(path, "utf8");
  if (documentedTable(doc) === null) throw new Error(`${path} has no ${START} … ${END} markers`);
  const start = doc.indexOf(START) + START.length;
  writeFileSync(path, `${doc.slice(0, start)}\n\n${routeLimitsTable()}\n\n${doc.slice(doc.indexOf(END))}`);
}
