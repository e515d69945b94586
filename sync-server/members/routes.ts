import type { Context, Hono } from "hono";
import { z } from "zod";
import { ROLES, type Role } from "../../shared/access/roles";
import { grantProblem, lastAdminProblem } from "../../shared/admin/members";
import { nowMs } from "../clock";
import type { Config } from "../config";
import type { DemoUser } from "../identity/demo-users";
import { rememberEmbeddedUser } from "../identity/invited-users";
import { requestAppOrigin } from "../identity/origins";
import type { EmailSender } from "../outbound/email";
import { countRefusal } from "../routes/limits";
import { callerOf, idSchema, invalid, parseBody, signedIn, toIssues } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { InvitationRecord } from "./account-tables";
import type { InvitationLinks } from "./invitation-links";
import { mergeUser } from "./records";

// Users of an organisation (docs/administration.md). Membership stays in the server's
// tables (ACL11); each change is audited and reaches live connections through onMembershipChanged.
//   GET    /api/orgs/{o}/people                  members, roles, last sign-in; open invitations
//   POST   /api/orgs/{o}/invitations             {email, roles, customerId?, replace?} → e-mailed link
//   DELETE /api/orgs/{o}/invitations/{email}     revokes the address's open invitation (INVITE1)
//   PUT    /api/orgs/{o}/members/{userId}/roles  {roles}: the member's roles, exactly
//   DELETE /api/orgs/{o}/members/{userId}        every role in the organisation
//   GET    /api/invitations/accept?token=…       the link: signs the invitee in (embedded provider)
//   POST   /api/invitations/accept               {token}, signed in (production: after Auth0 sign-in)
// Admins grant admin, agent, customer and partner; agents invite and manage customers only; the last
// admin of an organisation cannot lose the role or leave.

export interface MembersApiOptions {
  storage: Storage;
  verify: VerifyToken;
  links: InvitationLinks;
  email: EmailSender;
  /** The public origin the links point at (PUBLIC_URL, else http://localhost:PORT: identity/origins.ts). */
  publicUrl?: string;
  invitationTtlMs: number;
  /** BOUND2: the open invitations an organisation may have. */
  counts: Pick<Config, "INVITATIONS_OPEN_PER_ORG" | "MEMBERS_PER_ORG">;
  production: boolean;
  /** Outside production: the embedded provider's users, so an accepted invitation can sign in. */
  embeddedUsers?: DemoUser[];
  onMembershipChanged?: (orgId: string, userId: string) => Promise<void>;
  now?: () => number;
}

const rolesSchema = z
  .array(z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }))
  .max(ROLES.length)
  .refine((r) => new Set(r).size === r.length, "lists a role twice");
const inviteSchema = z
  .strictObject({
    email: z
      .email({ error: "must be a valid e-mail address" })
      .max(320)
      .transform((e) => e.toLowerCase()),
    roles: rolesSchema.refine((r) => r.length > 0, "give at least one role"),
    customerId: idSchema.nullable().optional(),
    /** INVITE1: the address has an open invitation: send a new one, and the old link stops working. */
    replace: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.roles.includes("customer") && !v.customerId)
      ctx.addIssue({
        code: "custom",
        path: ["customerId"],
        message: "a customer's account is linked to a customer record: choose one",
      });
  });
const setRolesSchema = z.strictObject({ roles: rolesSchema });
const emailParam = z
  .email({ error: "must be the invited e-mail address" })
  .max(320)
  .transform((e) => e.toLowerCase());
const acceptSchema = z.strictObject({ token: z.string().min(1).max(200) });

const PROBLEMS = {
  malformed: "This invitation link is incomplete: open the whole link from the e-mail.",
  forged: "This invitation link is not valid: it was changed or not issued by this server.",
  expired: "This invitation has expired: ask your agency's admin for a new one.",
  used: "This invitation was already used: sign in instead, or ask for a new one.",
  unknown:
    "This invitation link no longer works: it was revoked, or replaced by a newer invitation (open the newest e-mail), or never existed.",
} as const;

export function mountMembersApi(app: Hono, options: MembersApiOptions): void {
  const { storage } = options;
  const now = options.now ?? nowMs;
  const orgOf = (c: Context) => idSchema.safeParse(c.req.param("orgId"));
  // Links point at the configured origin, never at the request's Host (ORIGIN1).
  const origin = (c: Context) => requestAppOrigin(c, options.publicUrl);
  const audit = (orgId: string, actorId: string, action: string, target: string, detail?: string) =>
    storage.settings.appendAdminAudit({ orgId, actorId, action, target, detail: detail ?? null, at: now() });
  const adminsOf = async (orgId: string) =>
    (await storage.members.listMembers(orgId)).filter((m) => m.roles.includes("admin")).map((m) => m.id);

  app.get("/api/orgs/:orgId/people", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const members = await storage.members.listMembers(org.data);
    const last = await storage.members.lastSignIns(members.map((m) => m.id));
    const invitations = await storage.members.listInvitations(org.data);
    const at = now();
    c.header("Cache-Control", "no-store");
    return c.json({
      members: members.map((m) => ({
        id: m.id,
        email: m.email,
        name: m.name,
        roles: m.roles,
        lastSignInAt: last.has(m.id) ? new Date(last.get(m.id) as number).toISOString() : null,
      })),
      invitations: invitations
        .filter((i) => i.expiresAt > at)
        .map((i) => ({
          email: i.email,
          roles: i.roles,
          customerId: i.customerId,
          createdAt: new Date(i.createdAt).toISOString(),
          expiresAt: new Date(i.expiresAt).toISOString(),
        })),
      you: { id: who.identity.sub, roles: who.roles },
    });
  });

  app.post("/api/orgs/:orgId/invitations", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, inviteSchema);
    if ("response" in parsed) return parsed.response;
    const refused = grantProblem(who.roles, parsed.data.roles);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    const at = now();
    const openNow = (await storage.members.listInvitations(org.data)).filter((i) => i.expiresAt > at);
    // INVITE1: one open invitation per address. A second one is refused with what to do, unless the caller
    // chose to send it again: then the old one is withdrawn and its link stops working.
    const previous = openNow.filter((i) => i.email === parsed.data.email);
    if (previous.length > 0) {
      if (!parsed.data.replace) return c.json(openInvitationRefusal(previous[0] as InvitationRecord), 409);
      const foreign = grantProblem(
        who.roles,
        previous.flatMap((i) => i.roles),
      );
      if (foreign) return c.json({ error: "forbidden", message: foreign }, 403);
    }
    // BOUND2: every invitation is an e-mail and a row; an organisation has at most so many open.
    const open = openNow.length - previous.length;
    // An organisation at its cap of people invites nobody new (so it holds at most MEMBERS_PER_ORG plus
    // its open invitations).
    const members = (await storage.members.listMembers(org.data)).length;
    const full =
      countRefusal("POST /api/orgs/:orgId/invitations", open, options.counts) ??
      countRefusal("POST /api/orgs/:orgId/members", members, options.counts);
    if (full) return c.json(full, 409);
    if (previous.length > 0) {
      await storage.members.withdrawInvitations(org.data, parsed.data.email);
      await audit(org.data, who.identity.sub, "invitation.replaced", parsed.data.email);
    }
    const invitation: InvitationRecord = {
      id: options.links.newId(),
      orgId: org.data,
      email: parsed.data.email,
      roles: parsed.data.roles,
      customerId: parsed.data.customerId ?? null,
      createdBy: who.identity.sub,
      createdAt: at,
      expiresAt: at + options.invitationTtlMs,
      usedAt: null,
      usedBy: null,
    };
    await storage.members.createInvitation(invitation);
    const link = `${origin(c)}/api/invitations/accept?token=${options.links.token(invitation.id, invitation.expiresAt)}`;
    const hours = Math.round(options.invitationTtlMs / 3_600_000);
    const sent = await options.email.send({
      to: invitation.email,
      subject: `You are invited to ${org.data} on Rangeline`,
      text: `You have been invited to join ${org.data} on Rangeline as ${invitation.roles.join(", ")}.\n\nOpen this link to accept (it works once, for ${hours} hours):\n${link}\n\nIf you did not expect this, ignore this e-mail.`,
      html: null,
      headers: { "X-Rangeline-Kind": "invitation" },
    });
    await audit(
      org.data,
      who.identity.sub,
      "invitation.created",
      invitation.email,
      invitation.roles.join(","),
    );
    return c.json(
      {
        invitation: {
          email: invitation.email,
          roles: invitation.roles,
          customerId: invitation.customerId,
          expiresAt: new Date(invitation.expiresAt).toISOString(),
        },
        delivery: { via: options.email.kind, id: sent.id },
        // Outside production the e-mail goes to the local outbox: the link is shown to the inviter.
        ...(options.production ? {} : { developmentLink: link }),
      },
      201,
    );
  });

  // INVITE1: an admin revokes any open invitation; an agent those of customers' portal accounts.
  app.delete("/api/orgs/:orgId/invitations/:email", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const email = emailParam.safeParse(c.req.param("email"));
    if (!email.success) return invalid(c, "e-mail address", toIssues(email.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const open = (await storage.members.listInvitations(org.data)).filter((i) => i.email === email.data);
    if (open.length === 0)
      return c.json(
        {
          error: "not-found",
          message: `${email.data} has no open invitation to ${org.data}: it was accepted, revoked or never sent.`,
        },
        404,
      );
    const refused = grantProblem(
      who.roles,
      open.flatMap((i) => i.roles),
    );
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    await storage.members.withdrawInvitations(org.data, email.data);
    await audit(org.data, who.identity.sub, "invitation.revoked", email.data);
    return c.json({ email: email.data, revoked: true });
  });

  /** The member's roles now, and whether the caller may change them at all. */
  const target = async (c: Context, orgId: string, callerRoles: Role[], userId: string) => {
    const member = (await storage.members.listMembers(orgId)).find((m) => m.id === userId);
    if (!member)
      return {
        response: c.json({ error: "not-found", message: `${userId} is no member of ${orgId}.` }, 404),
      };
    if (!callerRoles.includes("admin") && member.roles.some((r) => r !== "customer"))
      return {
        response: c.json(
          { error: "forbidden", message: "Agents manage customers' portal accounts only; ask an admin." },
          403,
        ),
      };
    return { member };
  };

  app.put("/api/orgs/:orgId/members/:userId/roles", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const userId = idSchema.safeParse(c.req.param("userId"));
    if (!userId.success) return invalid(c, "user id", toIssues(userId.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const parsed = await parseBody(c, setRolesSchema);
    if ("response" in parsed) return parsed.response;
    const found = await target(c, org.data, who.roles, userId.data);
    if ("response" in found) return found.response;
    const current = found.member.roles;
    const next = parsed.data.roles;
    const added = next.filter((r) => !current.includes(r));
    const removed = current.filter((r) => !next.includes(r));
    const refused = grantProblem(who.roles, [...added, ...removed]);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    const lastAdmin = lastAdminProblem(await adminsOf(org.data), userId.data, next);
    if (lastAdmin) return c.json({ error: "last-admin", message: lastAdmin }, 409);
    for (const role of added) await storage.members.addMembership(userId.data, org.data, role);
    for (const role of removed) await storage.members.removeMembership(userId.data, org.data, role);
    for (const role of added) await audit(org.data, who.identity.sub, "role.added", userId.data, role);
    for (const role of removed) await audit(org.data, who.identity.sub, "role.removed", userId.data, role);
    if (added.length || removed.length) await options.onMembershipChanged?.(org.data, userId.data);
    return c.json({ id: userId.data, roles: next });
  });

  app.delete("/api/orgs/:orgId/members/:userId", async (c) => {
    const org = orgOf(c);
    if (!org.success) return invalid(c, "organisation id", toIssues(org.error));
    const userId = idSchema.safeParse(c.req.param("userId"));
    if (!userId.success) return invalid(c, "user id", toIssues(userId.error));
    const who = await callerOf(c, options, { org: org.data, roles: ["admin", "agent"] });
    if ("response" in who) return who.response;
    const found = await target(c, org.data, who.roles, userId.data);
    if ("response" in found) return found.response;
    const refused = grantProblem(who.roles, found.member.roles);
    if (refused) return c.json({ error: "forbidden", message: refused }, 403);
    const lastAdmin = lastAdminProblem(await adminsOf(org.data), userId.data, []);
    if (lastAdmin) return c.json({ error: "last-admin", message: lastAdmin }, 409);
    for (const role of found.member.roles)
      await storage.members.removeMembership(userId.data, org.data, role);
    await audit(org.data, who.identity.sub, "member.removed", userId.data, found.member.roles.join(","));
    await options.onMembershipChanged?.(org.data, userId.data);
    return c.json({ id: userId.data, removed: true });
  });

  /** Checks a link and marks the invitation used by `userId`; the invitation, or the reason it is refused. */
  const redeem = async (
    token: string,
    userId: (i: InvitationRecord) => string,
  ): Promise<{ problem: keyof typeof PROBLEMS } | { invitation: InvitationRecord; userId: string }> => {
    const read = options.links.read(token, now());
    if ("problem" in read) return { problem: read.problem };
    const invitation = await storage.members.getInvitation(read.id);
    if (!invitation) return { problem: "unknown" };
    if (invitation.usedAt !== null) return { problem: "used" };
    return { invitation, userId: userId(invitation) };
  };
  const join = async (invitation: InvitationRecord, userId: string, name: string | null) => {
    if (!(await storage.members.redeemInvitation(invitation.id, userId, now()))) return false;
    // The invitee's stored record is theirs: a new user gets the invited e-mail; nothing is erased.
    const stored = await storage.members.getUser(userId);
    await storage.members.upsertUser(
      mergeUser(userId, stored, { email: stored?.email ?? invitation.email, name }),
    );
    for (const role of invitation.roles) await storage.members.addMembership(userId, invitation.orgId, role);
    if (invitation.customerId)
      await storage.members.linkCustomer(userId, invitation.orgId, invitation.customerId);
    await storage.members.recordSignIn(userId, now());
    await audit(
      invitation.orgId,
      userId,
      "invitation.accepted",
      invitation.email,
      invitation.roles.join(","),
    );
    await options.onMembershipChanged?.(invitation.orgId, userId);
    return true;
  };
  const page = (c: Context, status: 400 | 409 | 410, message: string) => {
    c.header("Cache-Control", "no-store");
    return c.html(
      `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Invitation</title><main style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Invitation</h1><p>${message}</p><p><a href="/">Go to Rangeline</a></p></main>`,
      status,
    );
  };

  app.get("/api/invitations/accept", async (c) => {
    const token = c.req.query("token") ?? "";
    if (options.production) {
      // Auth0 signs the invitee in; the profile screen then accepts with POST (the user's own identity).
      return c.redirect(`/login/?returnTo=${encodeURIComponent(`/profile?invitation=${token}`)}`, 303);
    }
    const users = options.embeddedUsers ?? [];
    const result = await redeem(
      token,
      (i) => users.find((u) => u.email === i.email)?.sub ?? `auth0|invited-${i.id}`,
    );
    if ("problem" in result) return page(c, result.problem === "used" ? 409 : 410, PROBLEMS[result.problem]);
    const { invitation, userId } = result;
    if (!(await join(invitation, userId, null))) return page(c, 409, PROBLEMS.used);
    // The embedded provider signs the new user in with the roles of the invitation.
    const subject = await storage.members.loadSubject(userId);
    const roles = subject.memberships.filter((m) => m.orgId === invitation.orgId).map((m) => m.role);
    const existing = users.findIndex((u) => u.sub === userId);
    const user: DemoUser = {
      sub: userId,
      email: invitation.email,
      name: existing >= 0 ? (users[existing] as DemoUser).name : invitation.email,
      roles,
      orgId: invitation.orgId,
      customerId: invitation.customerId,
    };
    await rememberEmbeddedUser(storage, users, user, now());
    return c.redirect(`/login/?login_hint=${encodeURIComponent(invitation.email)}&returnTo=%2F`, 303);
  });

  app.post("/api/invitations/accept", async (c) => {
    const parsed = await parseBody(c, acceptSchema);
    if ("response" in parsed) return parsed.response;
    const signed = await signedIn(c, options.verify, "Sign in first, then open the invitation link again.");
    if ("response" in signed) return signed.response;
    const { identity } = signed;
    const result = await redeem(parsed.data.token, () => identity.sub);
    // `reason` lets the profile screen say what to do: ask for a new one, sign in, or switch account.
    if ("problem" in result)
      return c.json(
        { error: "invitation-refused", reason: result.problem, message: PROBLEMS[result.problem] },
        410,
      );
    if ((identity.email ?? "").toLowerCase() !== result.invitation.email)
      return c.json(
        {
          error: "forbidden",
          reason: "wrong-email",
          invitedEmail: result.invitation.email,
          message: `This invitation is for ${result.invitation.email}; you are signed in as ${identity.email ?? "someone without an e-mail"}.`,
        },
        403,
      );
    if (!(await join(result.invitation, identity.sub, null)))
      return c.json({ error: "invitation-refused", reason: "used", message: PROBLEMS.used }, 410);
    return c.json({ orgId: result.invitation.orgId, roles: result.invitation.roles });
  });
}

/** INVITE1: the answer to a second invitation of an address with an open one: what is open, what to do. */
const openInvitationRefusal = (open: InvitationRecord) => ({
  error: "invitation-open",
  message: `${open.email} already has an open invitation: send it again to replace it (the old link then stops working), or revoke it.`,
  invitation: {
    email: open.email,
    roles: open.roles,
    customerId: open.customerId,
    createdAt: new Date(open.createdAt).toISOString(),
    expiresAt: new Date(open.expiresAt).toISOString(),
  },
});
