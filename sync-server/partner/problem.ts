import type { Context } from "hono";

// RFC 9457 problem details: `type`, `title`, `status`, `detail`, `instance` (the request id), and for a
// refused input the `errors` (path and message of each issue). Media type application/problem+json.

export const PROBLEM_BASE = "https://rangeline.app/problems/";

export interface ProblemIssue {
  path: (string | number)[];
  message: string;
}

export function problem(
  c: Context,
  status: number,
  slug: string,
  title: string,
  detail: string,
  extra: { errors?: ProblemIssue[] } = {},
): Response {
  const requestId = (c.get("requestId" as never) as string | undefined) ?? "";
  return new Response(
    JSON.stringify({
      type: `${PROBLEM_BASE}${slug}`,
      title,
      status,
      detail,
      instance: `urn:request:${requestId}`,
      ...extra,
    }),
    {
      status,
      headers: {
        "content-type": "application/problem+json",
        "x-request-id": requestId,
        "cache-control": "no-store",
      },
    },
  );
}
