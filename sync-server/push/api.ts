import type { Context, Hono } from "hono";
import { z } from "zod";
import type { PushStore } from "./store";

// Web Push subscriptions of the signed-in user (issue 15 §4):
//   GET    /api/push/vapid-public-key   → { publicKey } (the application server key the browser needs)
//   POST   /api/push/subscriptions      { endpoint, keys: { p256dh, auth } } → 201
//   DELETE /api/push/subscriptions      { endpoint } → 204 (404 when the user has no such subscription)

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+=*$/, "expected base64url text")
  .max(200);
const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "expected the push service's http(s) address" }).max(1000),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
const removeSchema = z.object({ endpoint: z.string().min(1).max(1000) });

export interface PushApiOptions {
  store: PushStore;
  publicKey: string;
  verify: (token: string) => Promise<{ sub: string }>;
  now?: () => number;
}

export function mountPushApi(app: Hono, options: PushApiOptions): void {
  const caller = async (c: Context): Promise<string | Response> => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    try {
      return (await options.verify(token)).sub;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "token-invalid";
      return c.json({ error: "unauthorized", message: `Sign in first (${code}).` }, 401);
    }
  };
  const body = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return undefined;
    }
  };
  const invalid = (c: Context, error: z.ZodError) =>
    c.json(
      {
        error: "invalid-input",
        message: error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "),
      },
      400,
    );

  app.get("/api/push/vapid-public-key", (c) => c.json({ publicKey: options.publicKey }));

  app.post("/api/push/subscriptions", async (c) => {
    const userId = await caller(c);
    if (typeof userId !== "string") return userId;
    const parsed = subscriptionSchema.safeParse(await body(c));
    if (!parsed.success) return invalid(c, parsed.error);
    await options.store.save({
      endpoint: parsed.data.endpoint,
      userId,
      p256dh: parsed.data.keys.p256dh,
      auth: parsed.data.keys.auth,
      createdAt: (options.now ?? Date.now)(),
    });
    return c.json({ ok: true }, 201);
  });

  app.delete("/api/push/subscriptions", async (c) => {
    const userId = await caller(c);
    if (typeof userId !== "string") return userId;
    const parsed = removeSchema.safeParse(await body(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const removed = await options.store.remove(parsed.data.endpoint, userId);
    if (!removed)
      return c.json({ error: "not-found", message: "This device has no notification subscription." }, 404);
    return c.body(null, 204);
  });
}
