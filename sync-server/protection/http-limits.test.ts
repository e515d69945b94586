import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { bodyBytes, SMALL_BODY_BYTES } from "../routes/limits";
import { bodyLimits } from "./http-limits";

// [BOUND1] The body-limit middleware enforces the limit of the matched route's row in the route table
// (sync-server/routes/limits.ts), not paths of its own: a declared route gets its row's limit, wherever
// it is mounted, and a route with no row the smallest (SMALL_BODY_BYTES), even under /api.

const config = (() => {
  const read = readConfig({ HTTP_MAX_BODY_BYTES: "65536" });
  if ("errors" in read) throw new Error(read.errors.join("; "));
  return read;
})();

function app() {
  const hono = new Hono();
  hono.use("*", bodyLimits(config));
  const answer = async (c: import("hono").Context) => c.json({ read: (await c.req.text()).length });
  // A declared route (the book import: `import`, 16 times the API's limit) in a sub-app, and a route no
  // row declares.
  const orgs = new Hono();
  orgs.post("/:orgId/book-imports", answer);
  hono.route("/api/orgs", orgs);
  hono.post("/api/undeclared", answer);
  hono.post("/api/orgs/:orgId/api-keys", answer);
  return hono;
}

const post = (path: string, bytes: number, type = "application/json") =>
  app().request(path, {
    method: "POST",
    headers: { "content-type": type, "content-length": String(bytes) },
    body: " ".repeat(bytes),
  });

describe("[BOUND1] body limits come from the route table", () => {
  it("a declared route gets its row's limit: the import's, past the API's", async () => {
    const limit = bodyBytes("import", config) as number;
    expect(limit).toBeGreaterThan(config.HTTP_MAX_BODY_BYTES);
    expect((await post("/api/orgs/demo/book-imports", limit)).status).toBe(200);
    const over = await post("/api/orgs/demo/book-imports", limit + 1);
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toContain(`larger than ${limit} bytes`);
    expect((await post("/api/orgs/demo/api-keys", config.HTTP_MAX_BODY_BYTES)).status).toBe(200);
    expect((await post("/api/orgs/demo/api-keys", config.HTTP_MAX_BODY_BYTES + 1)).status).toBe(413);
  });

  it("a route with no row gets the smallest limit, under /api too", async () => {
    expect(SMALL_BODY_BYTES).toBeLessThan(config.HTTP_MAX_BODY_BYTES);
    expect((await post("/api/undeclared", SMALL_BODY_BYTES)).status).toBe(200);
    expect((await post("/api/undeclared", SMALL_BODY_BYTES + 1)).status).toBe(413);
  });
});
