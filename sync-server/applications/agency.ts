import type { Hono } from "hono";
import * as Y from "yjs";
import { aipOf, orgDefaultProviderId, orgProviderIds } from "../../shared/admin/aip";
import { INSURANCE_PLANS, type InsurancePlan, type InsuranceProviderId } from "../../shared/catalogue";
import { recordIdSchema } from "../../shared/documents/book";
import { documentName } from "../../shared/documents/names";
import { orgDisabled } from "../admin/disabled-orgs";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";

// GET /api/applications/agency/{orgId} (anyone): which agency an application from this link goes to —
// its name, so a producer who was sent the link (or typed the address) sees who will receive their tax
// id before typing it — and the insurance providers it writes each plan with (its AIP settings, issue
// 13 §2; the whole catalogue when it names none) with the default of each (spec §9). Only an
// organisation that takes applications (has an agent) answers; the name is the one its administrators
// set (settings.name), else its id. Cached for 30 s per organisation.

const TTL_MS = 30_000;

/** The refusal of an organisation that takes no applications (also POST /api/applications). */
export const noAgencyMessage = (orgId: string) =>
  `No agency "${orgId}" takes applications here: check the link your agency sent.`;

/** Whether `orgId` takes applications: it is not disabled (ORG1) and has at least one agent. */
export async function takesApplications(storage: Storage, orgId: string): Promise<boolean> {
  if (await orgDisabled(storage, orgId)) return false;
  const members = await storage.members.listMembers(orgId);
  return members.some((m) => m.roles.includes("agent"));
}

export interface Agency {
  orgId: string;
  name: string;
  /** Per plan, the providers the agency writes it with (its primary first). */
  providers: Record<InsurancePlan, InsuranceProviderId[]>;
  /** Per plan, the provider preselected on the form. */
  defaults: Record<InsurancePlan, InsuranceProviderId>;
}

/** The agency as its organisation document describes it (name, AIP settings). */
export async function agencyOf(storage: Storage, orgId: string): Promise<Agency> {
  const stored = await storage.loadDocument(documentName.org(orgId));
  const doc = new Y.Doc();
  try {
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
    const settings = doc.getMap("settings").toJSON() as Record<string, unknown>;
    const aip = aipOf(settings);
    const per = <T>(f: (plan: InsurancePlan) => T) =>
      Object.fromEntries(INSURANCE_PLANS.map((plan) => [plan, f(plan)])) as Record<InsurancePlan, T>;
    const name =
      typeof settings.name === "string" && settings.name.trim() !== "" ? settings.name.trim() : orgId;
    return {
      orgId,
      name,
      providers: per((plan) => orgProviderIds(aip, plan)),
      defaults: per((plan) => orgDefaultProviderId(aip, plan)),
    };
  } finally {
    doc.destroy();
  }
}

export function mountAgencyRoute(app: Hono, options: { storage: Storage; now?: () => number }): void {
  const now = options.now ?? nowMs;
  const cache = new Map<string, { at: number; agency: Agency | null }>();
  app.get("/api/applications/agency/:orgId", async (c) => {
    const org = recordIdSchema.safeParse(c.req.param("orgId"));
    if (!org.success)
      return c.json({ error: "invalid-input", message: "The agency id in the link is invalid." }, 400);
    let hit = cache.get(org.data);
    // A disabling counts at once (ORG1), not when the cached answer expires.
    if (hit?.agency && (await orgDisabled(options.storage, org.data))) hit = undefined;
    if (!hit || now() - hit.at >= TTL_MS) {
      const agency = (await takesApplications(options.storage, org.data))
        ? await agencyOf(options.storage, org.data)
        : null;
      hit = { at: now(), agency };
      if (cache.size > 1000) cache.clear();
      cache.set(org.data, hit);
    }
    c.header("Cache-Control", "no-cache");
    if (hit.agency === null)
      return c.json({ error: "unknown-organisation", message: noAgencyMessage(org.data) }, 404);
    return c.json(hit.agency);
  });
}
