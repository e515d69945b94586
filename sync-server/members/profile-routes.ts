import type { Hono } from "hono";
import {
  applyProfileUpdate,
  DEFAULT_NOTIFICATIONS,
  notificationPreferencesSchema,
  profileUpdateSchema,
  type StoredProfile,
} from "../../shared/admin/profile";
import { nowMs } from "../clock";
import type { Identity } from "../identity/verify";
import { parseBody, signedIn } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// The signed-in user's own profile (docs/administration.md): GET /api/me, PUT /api/me. Any signed-in user, for
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
  const now = options.now ?? nowMs;

  const view = async (identity: Identity) => {
    const stored = readStored(await storage.members.getUserProfile(identity.sub));
    const subject = await storage.members.loadSubject(identity.sub);
    const user = (await storage.members.listMembers(identity.orgId ?? "")).find((m) => m.id === identity.sub);
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
    const signed = await signedIn(c, options.verify, "Sign in first.");
    if ("response" in signed) return signed.response;
    const { identity } = signed;
    c.header("Cache-Control", "no-store");
    return c.json(await view(identity));
  });

  app.put("/api/me", async (c) => {
    const signed = await signedIn(c, options.verify, "Sign in first.");
    if ("response" in signed) return signed.response;
    const { identity } = signed;
    const parsed = await parseBody(c, profileUpdateSchema);
    if ("response" in parsed) return parsed.response;
    const at = now();
    const before = readStored(await storage.members.getUserProfile(identity.sub));
    const next = applyProfileUpdate(before, parsed.data, new Date(at).toISOString());
    await storage.members.putUserProfile(identity.sub, JSON.stringify(next), at);
    // The users table keeps the name for the members list (the e-mail stays the identity's).
    if (identity.email)
      await storage.members.upsertUser({ id: identity.sub, email: identity.email, name: next.name });
    c.header("Cache-Control", "no-store");
    return c.json(await view(identity));
  });
}
