import type { Context } from "hono";
import { z } from "zod";
import type { Subject } from "../../shared/access/documents";
import type { Role } from "../../shared/access/roles";
import type { Identity } from "../identity/verify";
import type { MemberTables } from "../members/tables";
import type { VerifyToken } from "../sync/context";

// The route seam (docs/server-layout.md): what every /api handler shares, defined once.
//   - the bearer token of the request and the signed-in caller (401 `unauthorized`);
//   - the caller's roles from the server's membership table (ACL11) and the role and organisation
//     check (403 `forbidden`);
//   - zod parsing of an address, a query or a body, bad input answered 400 `invalid-input` naming
//     where the problem is (rule INPUT4).
// Each helper answers either its value or `{ response }`, the answer to send as it is.

export type Refused = { response: Response };

export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_|-][A-Za-z0-9_.|-]{0,127}$/, "must be an id (letters, digits, _ . | -)");

export type Issue = { path: (string | number)[]; message: string };

export const toIssues = (error: z.ZodError): Issue[] =>
  error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
  }));

/** The issues in words: `keys.auth: expected base64url text; name: …` (the root named `root`). */
const issueText = (issues: Issue[], root: string) =>
  issues.map((i) => `${i.path.join(".") || root}: ${i.message}`).join("; ");

/**
 * The answer to bad input: `The {where} is invalid: {issues}` with the issues, 400 `invalid-input`
 * (413 `body-too-large`, 415 `unsupported-type`). `bare`: the message is the issues alone, the root
 * named `where` (the push subscription API's published answer).
 */
export const invalid = (
  c: Context,
  where: string,
  issues: Issue[],
  status: 400 | 413 | 415 = 400,
  bare = false,
) =>
  c.json(
    {
      error: status === 400 ? "invalid-input" : status === 413 ? "body-too-large" : "unsupported-type",
      message: bare ? issueText(issues, where) : `The ${where} is invalid: ${issueText(issues, "(root)")}`,
      issues,
    },
    status,
  );

/** `value` parsed with `schema`, or the 400 answer naming `where` ("organisation id", "query"…). */
export function parse<S extends z.ZodType>(
  c: Context,
  schema: S,
  value: unknown,
  where: string,
): { data: z.output<S> } | Refused {
  const parsed = schema.safeParse(value);
  return parsed.success ? { data: parsed.data } : { response: invalid(c, where, toIssues(parsed.error)) };
}

export async function jsonBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/** The request body parsed with `schema`; not JSON or not the shape: 400 naming the request body. */
export async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ data: z.output<S> } | Refused> {
  const body = await jsonBody(c);
  if (!body.ok) return { response: invalid(c, "request body", [{ path: [], message: "is not JSON" }]) };
  return parse(c, schema, body.body, "request body");
}

/** The token of `Authorization: Bearer …`, or "" when there is none. */
export function bearerToken(c: Context): string {
  const header = c.req.header("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice(7).trim() : "";
}

/**
 * The caller whose bearer token verifies; else 401 `unauthorized`, saying `Sign in first ({code}).`
 * or `message` where a route has words of its own.
 */
export async function signedIn<I extends { sub: string } = Identity>(
  c: Context,
  verify: (token: string) => Promise<I>,
  message?: string,
): Promise<{ identity: I; token: string } | Refused> {
  const token = bearerToken(c);
  try {
    return { identity: await verify(token), token };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "token-invalid";
    return {
      response: c.json({ error: "unauthorized", message: message ?? `Sign in first (${code}).` }, 401),
    };
  }
}

export type Caller = {
  identity: Identity;
  /** The caller's roles in the organisation asked about (all of them for `org: null`). */
  roles: Role[];
  /** The caller's roles in every organisation. */
  allRoles: Role[];
  subject: Subject;
};

export interface CallerRule {
  /** The organisation the roles are held in; null: any organisation (the platform's routes). */
  org: string | null;
  /** One of these roles in `org` lets the caller in. */
  roles: readonly Role[];
  /** One of these roles in any organisation lets the caller in too (a superAdmin's reach). */
  anywhere?: readonly Role[];
  /** The 403 message; default `Only {roles} of {org} may do this.` */
  forbidden?: string;
}

/** The signed-in caller when they pass `rule`; otherwise the 401 or 403 answer to send. */
export async function callerOf(
  c: Context,
  deps: { storage: { members: Pick<MemberTables, "loadSubject"> }; verify: VerifyToken },
  rule: CallerRule,
): Promise<Caller | Refused> {
  const signed = await signedIn(c, deps.verify);
  if ("response" in signed) return signed;
  const { identity } = signed;
  const subject = await deps.storage.members.loadSubject(identity.sub);
  const allRoles = subject.memberships.map((m) => m.role);
  const roles =
    rule.org === null ? allRoles : subject.memberships.filter((m) => m.orgId === rule.org).map((m) => m.role);
  const allowed =
    roles.some((role) => rule.roles.includes(role)) ||
    allRoles.some((role) => rule.anywhere?.includes(role) ?? false);
  if (!allowed) {
    const message =
      rule.forbidden ?? `Only ${rule.roles.join(" or ")} of ${rule.org ?? "the platform"} may do this.`;
    return { response: c.json({ error: "forbidden", message }, 403) };
  }
  return { identity, roles, allRoles, subject };
}
