import type { Context } from "hono";
import type { Role } from "../../shared/access/roles";
import { callerOf } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// Who a signed-in request speaks for, and whether they hold one of `roles` in `orgId` (docs/applications.md's
// agent and partner routes). The answer is either the caller or the 401/403 response to send.

export type Caller = { sub: string; roles: Role[] };

export async function callerIn(
  c: Context,
  options: { storage: Storage; verify: VerifyToken },
  orgId: string,
  roles: readonly Role[],
  what: string,
): Promise<Caller | { response: Response }> {
  const who = await callerOf(c, options, {
    org: orgId,
    roles,
    forbidden: `Only ${roles.join(" or ")}s of ${orgId} may ${what}.`,
  });
  return "response" in who ? who : { sub: who.identity.sub, roles: who.roles };
}
