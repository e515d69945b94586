import type { Hono } from "hono";
import { nowMs } from "../clock";
import { logEntry } from "../log-line";

// Where browsers report Content-Security-Policy violations (the policy's `report-uri`). Each report
// is logged in one line (LOG1: its values escaped, sync-server/log-line.ts) — the directive, the document's path and the blocked resource without its
// query (a query may hold a code or a token) — and the last ones are kept in memory. Outside
// production GET returns them, so an end-to-end test can see violations in workers and the service
// worker too, which no page listener hears.

export const CSP_REPORT_PATH = "/api/csp-report";
const KEEP = 200;

export interface CspViolation {
  directive: string;
  documentPath: string;
  blocked: string;
  sample: string;
  at: number;
}

/** A URL without its query and fragment ("inline", "eval" and other keywords stay as they are). */
const withoutQuery = (value: unknown): string => {
  if (typeof value !== "string") return "";
  if (!URL.canParse(value)) return value.slice(0, 100);
  const url = new URL(value);
  return `${url.origin === "null" ? url.protocol : url.origin}${url.pathname}`;
};

/** The reports in a body of either format (report-uri's csp-report, or the Reporting API's list). */
export function readViolations(body: unknown, now: number): CspViolation[] {
  const reports: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const item of body) {
      const report = (item as { body?: unknown })?.body;
      if (report && typeof report === "object") reports.push(report as Record<string, unknown>);
    }
  } else if (body && typeof body === "object" && "csp-report" in body) {
    const report = (body as Record<string, unknown>)["csp-report"];
    if (report && typeof report === "object") reports.push(report as Record<string, unknown>);
  }
  return reports.map((r) => ({
    directive: String(
      r["effective-directive"] ?? r.effectiveDirective ?? r["violated-directive"] ?? "",
    ).slice(0, 100),
    documentPath: withoutQuery(r["document-uri"] ?? r.documentURL),
    blocked: withoutQuery(r["blocked-uri"] ?? r.blockedURL),
    sample:
      typeof (r["script-sample"] ?? r.sample) === "string"
        ? String(r["script-sample"] ?? r.sample).slice(0, 40)
        : "",
    at: now,
  }));
}

export function mountCspReports(app: Hono, options: { production: boolean; log: (m: string) => void }) {
  const kept: CspViolation[] = [];
  app.post(CSP_REPORT_PATH, async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: "invalid-input", message: "The report is not JSON." }, 400);
    }
    const violations = readViolations(body, nowMs());
    for (const v of violations) {
      // The report's values are the sender's words: escaped JSON after the message (LOG1).
      options.log(
        logEntry("CSP violation", {
          directive: v.directive,
          blocked: v.blocked || "(inline)",
          document: v.documentPath,
        }),
      );
      kept.push(v);
    }
    kept.splice(0, Math.max(0, kept.length - KEEP));
    return c.body(null, 204);
  });
  if (!options.production) {
    app.get(CSP_REPORT_PATH, (c) => c.json({ violations: kept }));
  }
}
