import type { Context } from "hono";
import { z } from "zod";
import type { Role } from "../../shared/access/roles";
import type { Identity } from "../identity/verify";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// What every administration route shares: the caller's verified identity and roles (from the server's
// membership table, ACL11), and bad input answered 400 `invalid-input` naming where (rule INPUT4).

export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_|-][A-Za-z0-9_.|-]{0,127}$/, "must be an id (letters, digits, _ . | -)");

export type Issue = { path: (string | number)[]; message: string };

export const toIssues = (error: z.ZodError): Issue[] =>
  error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
  }));

export const invalid = (c: Context, where: string, issues: Issue[], status: 400 | 413 | 415 = 400) =>
  c.json(
    {
      error: status === 400 ? "invalid-input" : status === 413 ? "body-too-large" : "unsupported-type",
      message: `The ${where} is invalid: ${issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
      issues,
    },
    status,
  );

export async function jsonBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

export type Caller = { identity: Identity; roles: Role[]; allRoles: Role[] };

/**
 * The caller, when their token verifies and they hold one of `allowed` in `orgId` (null: in any
 * organisation — the platform's superAdmin routes); otherwise the 401/403 response to send.
 */
export async function callerOf(
  c: Context,
  deps: { storage: Storage; verify: VerifyToken },
  orgId: string | null,
  allowed: readonly Role[],
): Promise<Caller | { response: Response }> {
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  let identity: Identity;
  try {
    identity = await deps.verify(token);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "token-invalid";
    return { response: c.json({ error: "unauthorized", message: `Sign in first (${code}).` }, 401) };
  }
  const subject = await deps.storage.loadSubject(identity.sub);
  const allRoles = subject.memberships.map((m) => m.role);
  const roles =
    orgId === null ? allRoles : subject.memberships.filter((m) => m.orgId === orgId).map((m) => m.role);
  if (!roles.some((role) => allowed.includes(role))) {
    const where = orgId === null ? "the platform" : orgId;
    return {
      response: c.json(
        { error: "forbidden", message: `Only ${allowed.join(" or ")} of ${where} may do this.` },
        403,
      ),
    };
  }
  return { identity, roles, allRoles };
}
