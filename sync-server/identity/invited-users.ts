import type { Storage } from "../storage/types";
import { DEMO_USERS, type DemoUser } from "./demo-users";

// The embedded identity provider's users (development and test, docs/administration.md): the demo users, and those
// who joined through an invitation. Invitees are kept in the `identity_users` table, so they can still
// sign in after a restart; their roles are read from the membership table (ACL11) when the server starts.

/** The users the embedded provider signs in: the demo users, then every invitee stored (replacing a demo user of the same subject). */
export async function loadEmbeddedUsers(storage: Storage): Promise<DemoUser[]> {
  const users: DemoUser[] = [...DEMO_USERS];
  for (const invited of await storage.identity.listIdentityUsers()) {
    const subject = await storage.members.loadSubject(invited.sub);
    const user: DemoUser = {
      sub: invited.sub,
      email: invited.email,
      name: invited.name,
      roles: subject.memberships.filter((m) => m.orgId === invited.orgId).map((m) => m.role),
      orgId: invited.orgId,
      customerId: invited.customerId,
    };
    const at = users.findIndex((u) => u.sub === user.sub);
    if (at >= 0) users[at] = user;
    else users.push(user);
  }
  return users;
}

/** Adds or replaces `user` in the live list and stores it, so the next start knows it too. */
export async function rememberEmbeddedUser(
  storage: Storage,
  users: DemoUser[],
  user: DemoUser,
  at: number,
): Promise<void> {
  await storage.identity.putIdentityUser({
    sub: user.sub,
    email: user.email,
    name: user.name,
    orgId: user.orgId,
    customerId: user.customerId,
    createdAt: at,
  });
  const existing = users.findIndex((u) => u.sub === user.sub);
  if (existing >= 0) users[existing] = user;
  else users.push(user);
}
