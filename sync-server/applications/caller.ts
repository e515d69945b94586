import type { Context } from "hono";
import type { Role } from "../../shared/access/roles";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// Who a signed-in request speaks for, and whether they hold one of `roles` in `orgId` (issue 14's
// agent and partner routes). The answer is either the caller or the 401/403 response to send.

export type Caller = { sub: string; roles: Role[] };

export async function callerIn(
  c: Context,
  options: { storage: Storage; verify: VerifyToken },
  orgId: string,
  roles: readonly Role[],
  what: string,
): Promise<Caller | { response: Response }> {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  let sub: string;
  try {
    sub = (await options.verify(token)).sub;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "token-invalid";
    return { response: c.json({ error: "unauthorized", message: `Sign in first (${code}).` }, 401) };
  }
  const subject = await options.storage.loadSubject(sub);
  const held = subject.memberships.filter((m) => m.orgId === orgId).map((m) => m.role);
  if (!held.some((r) => roles.includes(r)))
    return {
      response: c.json(
        { error: "forbidden", message: `Only ${roles.join(" or ")}s of ${orgId} may ${what}.` },
        403,
      ),
    };
  return { sub, roles: held };
}
