import type { Hono } from "hono";
import {
  applyProfileUpdate,
  DEFAULT_NOTIFICATIONS,
  notificationPreferencesSchema,
  profileUpdateSchema,
  type StoredProfile,
} from "../../shared/admin/profile";
import type { Identity } from "../identity/verify";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { invalid, jsonBody, toIssues } from "./http";

// The signed-in user's own profile (issue 13 §5): GET /api/me, PUT /api/me. Any signed-in user, for
// themselves only (the identity is the token's subject — there is no user id in the address).

export interface ProfileApiOptions {
  storage: Storage;
  verify: VerifyToken;
  now?: () => number;
}

const readStored = (json: string | null): StoredProfile | null => {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as StoredProfile;
    const notifications = notificationPreferencesSchema.safeParse(value.notifications);
    return { ...value, notifications: notifications.success ? notifications.data : DEFAULT_NOTIFICATIONS };
  } catch {
    return null;
  }
};

export function mountProfileApi(app: Hono, options: ProfileApiOptions): void {
  const { storage } = options;
  const now = options.now ?? Date.now;

  const who = async (authorization: string | undefined): Promise<Identity | null> => {
    const header = authorization ?? "";
    try {
      return await options.verify(header.startsWith("Bearer ") ? header.slice(7).trim() : "");
    } catch {
      return null;
    }
  };
  const view = async (identity: Identity) => {
    const stored = readStored(await storage.getUserProfile(identity.sub));
    const subject = await storage.loadSubject(identity.sub);
    const user = (await storage.listMembers(identity.orgId ?? "")).find((m) => m.id === identity.sub);
    const byOrg = new Map<string, string[]>();
    for (const m of subject.memberships) byOrg.set(m.orgId, [...(byOrg.get(m.orgId) ?? []), m.role]);
    return {
      id: identity.sub,
      email: identity.email,
      name: stored?.name ?? user?.name ?? null,
      mobilePhone: stored?.mobilePhone ?? null,
      notifications: stored?.notifications ?? DEFAULT_NOTIFICATIONS,
      smsConsent: stored?.smsConsentAt
        ? { given: true, at: stored.smsConsentAt }
        : { given: false, at: null },
      organisations: [...byOrg].map(([orgId, roles]) => ({ orgId, roles })),
      customerLinks: subject.customerLinks,
    };
  };

  app.get("/api/me", async (c) => {
    const identity = await who(c.req.header("authorization"));
    if (!identity) return c.json({ error: "unauthorized", message: "Sign in first." }, 401);
    c.header("Cache-Control", "no-store");
    return c.json(await view(identity));
  });

  app.put("/api/me", async (c) => {
    const identity = await who(c.req.header("authorization"));
    if (!identity) return c.json({ error: "unauthorized", message: "Sign in first." }, 401);
    const body = await jsonBody(c);
    if (!body.ok) return invalid(c, "request body", [{ path: [], message: "is not JSON" }]);
    const parsed = profileUpdateSchema.safeParse(body.body);
    if (!parsed.success) return invalid(c, "request body", toIssues(parsed.error));
    const at = now();
    const before = readStored(await storage.getUserProfile(identity.sub));
    const next = applyProfileUpdate(before, parsed.data, new Date(at).toISOString());
    await storage.putUserProfile(identity.sub, JSON.stringify(next), at);
    // The users table keeps the name for the members list (the e-mail stays the identity's).
    if (identity.email)
      await storage.upsertUser({ id: identity.sub, email: identity.email, name: next.name });
    c.header("Cache-Control", "no-store");
    return c.json(await view(identity));
  });
}
