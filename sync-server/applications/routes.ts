import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { INSURANCE_PROVIDER_NAME_BY_ID } from "../../shared/catalogue";
import { type Application, applicationSchema, submissionIdSchema } from "../../shared/documents/application";
import { recordIdSchema } from "../../shared/documents/book";
import { orgDisabled } from "../admin/disabled-orgs";
import { nowMs } from "../clock";
import type { Config } from "../config";
import { logEntry } from "../log-line";
import { requestAddress } from "../protection/http-limits";
import { type RateRule, type RateStore, retryAfterSeconds } from "../protection/rate-limit";
import { APPLICATIONS_PER_ADDRESS, countRefusal } from "../routes/limits";
import { invalid, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { agencyOf, mountAgencyRoute, noAgencyMessage, takesApplications } from "./agency";
import { callerIn } from "./caller";
import { ApplicationSeal, sha256Hex } from "./seal";
import type { ApplicationRecord } from "./tables";

// Applications for coverage (docs/applications.md):
//   POST /api/applications                          anyone: validates with applicationSchema, stores it sealed
//   GET  /api/applications/agency/{orgId}           anyone: the name of the agency a link sends to (agency.ts)
//   GET  /api/applications/{id}/status              the applicant's device, with X-Application-Token
//   GET  /api/orgs/{orgId}/applications             agents of the org: the list (no tax ids)
//   GET  /api/orgs/{orgId}/applications/{id}        agents of the org: the whole application (no-store)
//   POST /api/orgs/{orgId}/applications/{id}/decision  agents: {status:"accepted", customerId} | {status:"declined", reason}
// A retry with the same submission id and the same content answers as the first time (200, same
// token); other content under a used id is 409. Anonymous submissions are limited per address.

export interface ApplicationsApiOptions {
  storage: Storage;
  verify: VerifyToken;
  dataKey: Buffer;
  store: RateStore;
  trustedHops: number;
  /** BOUND2: the applications waiting for a decision an organisation may have. */
  counts: Pick<Config, "APPLICATIONS_WAITING_PER_ORG">;
  /** Submissions per address: default 10 an hour, burst 5. */
  submitRule?: RateRule;
  /** Where an e-mail to an agent goes (the outbound e-mail adapter). */
  sendEmail: (message: { to: string; subject: string; text: string; html: string | null }) => Promise<void>;
  /** The public origin of the app, for links in e-mails. */
  appUrl: () => string;
  now?: () => number;
  log?: (message: string) => void;
}

export const decisionSchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("accepted"), customerId: recordIdSchema }),
  z.strictObject({
    status: z.literal("declined"),
    reason: z.string().trim().min(1, "give the reason the applicant will be told").max(1000),
  }),
]);

const applicantName = (a: Application) =>
  (a.applicantType === "individual" ? a.individual?.name : a.business?.legalName) ?? "";

/** What the hub lists: never a tax id. */
export const listItem = (r: ApplicationRecord) => ({
  id: r.id,
  status: r.status,
  applicantType: r.applicantType,
  applicantName: r.applicantName,
  plans: r.plans,
  state: r.state,
  receivedAt: new Date(r.receivedAt).toISOString(),
  decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  declineReason: r.declineReason,
  customerId: r.customerId,
});

const statusOf = (r: ApplicationRecord) => ({
  id: r.id,
  status: r.status,
  receivedAt: new Date(r.receivedAt).toISOString(),
  decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  declineReason: r.declineReason,
});

export function mountApplicationsApi(app: Hono, options: ApplicationsApiOptions): void {
  const { storage } = options;
  const now = options.now ?? nowMs;
  const seal = new ApplicationSeal(options.dataKey);
  const submitRule: RateRule = options.submitRule ?? APPLICATIONS_PER_ADDRESS;
  const log = options.log ?? (() => {});

  const notifyAgents = async (orgId: string, record: ApplicationRecord) => {
    // A disabled organisation's agents are told nothing (ORG1), even of one received as it was disabled.
    if (await orgDisabled(storage, orgId)) return;
    const members = await storage.members.listMembers(orgId);
    const link = `${options.appUrl().replace(/\/$/, "")}/agent?application=${encodeURIComponent(record.id)}`;
    for (const m of members) {
      if (!m.roles.includes("agent") || !m.email) continue;
      const plans = record.plans.map((p) => p.toUpperCase()).join(" and ");
      await options.sendEmail({
        to: m.email,
        subject: `New application: ${record.applicantName} (${plans})`,
        text: `${record.applicantName} applied for ${plans} coverage (${record.applicantType}, ${record.state}).\n\nReview it in the agent hub: ${link}\n`,
        html: null,
      });
    }
  };

  mountAgencyRoute(app, { storage, now });

  app.post("/api/applications", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(
        { error: "invalid-json", message: "The body is not JSON: send the application as a JSON object." },
        400,
      );
    }
    const parsed = applicationSchema.safeParse(body);
    if (!parsed.success) return invalid(c, "application", toIssues(parsed.error));
    const application = parsed.data;
    if (!(await takesApplications(storage, application.orgId)))
      return c.json({ error: "unknown-organisation", message: noAgencyMessage(application.orgId) }, 404);
    // The preferred provider of each plan is one the agency writes that plan with (its AIP settings).
    const agency = await agencyOf(storage, application.orgId);
    const notOffered = application.plans.flatMap((plan) => {
      const chosen = application.providers[plan];
      return chosen && !agency.providers[plan].includes(chosen)
        ? [
            {
              path: ["providers", plan],
              message: `${INSURANCE_PROVIDER_NAME_BY_ID[chosen]} is not one of ${agency.name}'s providers for ${plan.toUpperCase()}: choose another`,
            },
          ]
        : [];
    });
    if (notOffered.length > 0) return invalid(c, "application", notOffered);
    const json = JSON.stringify(application);
    const bodySha256 = sha256Hex(json);
    const existing = await storage.applications.getApplication(application.submissionId);
    if (!existing) {
      const waiting = await storage.applications.countWaiting(application.orgId);
      const full = countRefusal("POST /api/applications", waiting, options.counts);
      if (full) return c.json(full, 409);
      const address = requestAddress(c, options.trustedHops);
      const decision = await options.store.take(`apply:addr:${address}`, submitRule);
      if (!decision.allowed) {
        c.header("Retry-After", String(retryAfterSeconds(decision)));
        return c.json(
          { error: "rate-limited", message: "Too many applications from this address: try again later." },
          429,
        );
      }
    }
    const id = application.submissionId;
    const token = seal.token(id);
    const record: ApplicationRecord = {
      id,
      orgId: application.orgId,
      status: "received",
      tokenHash: sha256Hex(token),
      bodySha256,
      applicantType: application.applicantType,
      applicantName: applicantName(application),
      plans: application.plans,
      state: application.address.state,
      receivedAt: now(),
      decidedAt: null,
      decidedBy: null,
      declineReason: null,
      customerId: null,
    };
    const stored = existing
      ? { created: false, record: existing.record }
      : await storage.applications.putApplication(record, seal.seal(id, json));
    if (
      !stored.created &&
      (stored.record.bodySha256 !== bodySha256 || stored.record.orgId !== application.orgId)
    )
      return c.json(
        {
          error: "submission-id-taken",
          message: `Submission ${id} was received with other content: start a new application to send a changed one.`,
        },
        409,
      );
    if (stored.created)
      void notifyAgents(application.orgId, stored.record).catch((e) =>
        log(logEntry("application: notifying agents failed", { id, error: String(e) })),
      );
    return c.json({ ...statusOf(stored.record), statusToken: token }, stored.created ? 201 : 200);
  });

  app.get("/api/applications/:id/status", async (c) => {
    const id = submissionIdSchema.safeParse(c.req.param("id"));
    if (!id.success) return invalid(c, "submission id", toIssues(id.error));
    const token = c.req.header("x-application-token") ?? "";
    const found = await storage.applications.getApplication(id.data);
    // The same answer for an unknown id and a wrong token: the status tells nobody else anything.
    if (!found || !seal.checkToken(id.data, token))
      return c.json(
        { error: "not-found", message: `No application ${id.data} with this status token.` },
        404,
      );
    c.header("Cache-Control", "no-store");
    return c.json(statusOf(found.record));
  });

  const orgParam = (c: Context) => recordIdSchema.safeParse(c.req.param("orgId"));

  app.get("/api/orgs/:orgId/applications", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "address", toIssues(org.error));
    const who = await callerIn(c, options, org.data, ["agent"], "read its applications");
    if ("response" in who) return who.response;
    const rows = await storage.applications.listApplications(org.data, 200);
    c.header("Cache-Control", "no-store");
    return c.json({ applications: rows.map(listItem) });
  });

  app.get("/api/orgs/:orgId/applications/:id", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "address", toIssues(org.error));
    const who = await callerIn(c, options, org.data, ["agent"], "read its applications");
    if ("response" in who) return who.response;
    const found = await storage.applications.getApplication(c.req.param("id"));
    if (!found || found.record.orgId !== org.data)
      return c.json(
        { error: "not-found", message: `No application ${c.req.param("id")} in ${org.data}.` },
        404,
      );
    c.header("Cache-Control", "no-store");
    return c.json({
      ...listItem(found.record),
      application: JSON.parse(seal.open(found.record.id, found.sealed)),
    });
  });

  app.post("/api/orgs/:orgId/applications/:id/decision", async (c) => {
    const org = orgParam(c);
    if (!org.success) return invalid(c, "address", toIssues(org.error));
    const who = await callerIn(c, options, org.data, ["agent"], "decide its applications");
    if ("response" in who) return who.response;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "invalid-json", message: "The body is not JSON." }, 400);
    }
    const decision = decisionSchema.safeParse(body);
    if (!decision.success) return invalid(c, "decision", toIssues(decision.error));
    const id = c.req.param("id");
    const found = await storage.applications.getApplication(id);
    if (!found || found.record.orgId !== org.data)
      return c.json({ error: "not-found", message: `No application ${id} in ${org.data}.` }, 404);
    const d = decision.data;
    const changed = await storage.applications.decideApplication(id, {
      status: d.status,
      at: now(),
      by: who.sub,
      reason: d.status === "declined" ? d.reason : null,
      customerId: d.status === "accepted" ? d.customerId : null,
    });
    if (!changed)
      return c.json(
        { error: "already-decided", message: `Application ${id} was ${found.record.status} already.` },
        409,
      );
    const after = await storage.applications.getApplication(id);
    return c.json(listItem((after ?? found).record));
  });
}

/** A fresh submission id, for tests and tools (the app makes its own on the device). */
export const newSubmissionId = (): string => `sub_${randomUUID().replaceAll("-", "")}`;
