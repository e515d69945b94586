import type { Context, Hono } from "hono";
import { z } from "zod";
import { nowMs } from "../clock";
import { invalid, jsonBody, signedIn, toIssues } from "../routes/route";
import type { PushStore } from "./store";

// Web Push subscriptions of the signed-in user (docs/market-data.md):
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
  /**
   * The signed-in user and the body parsed with `schema`; a bad body is answered with its issues alone,
   * the root named `body` (the published answer).
   */
  const userAndBody = async <S extends z.ZodType>(c: Context, schema: S) => {
    const signed = await signedIn(c, options.verify);
    if ("response" in signed) return signed;
    const body = await jsonBody(c);
    const parsed = schema.safeParse(body.ok ? body.body : undefined);
    if (!parsed.success) return { response: invalid(c, "body", toIssues(parsed.error), 400, true) };
    return { userId: signed.identity.sub, data: parsed.data as z.output<S> };
  };

  app.get("/api/push/vapid-public-key", (c) => c.json({ publicKey: options.publicKey }));

  app.post("/api/push/subscriptions", async (c) => {
    const parsed = await userAndBody(c, subscriptionSchema);
    if ("response" in parsed) return parsed.response;
    const { userId } = parsed;
    await options.store.save({
      endpoint: parsed.data.endpoint,
      userId,
      p256dh: parsed.data.keys.p256dh,
      auth: parsed.data.keys.auth,
      createdAt: (options.now ?? nowMs)(),
    });
    return c.json({ ok: true }, 201);
  });

  app.delete("/api/push/subscriptions", async (c) => {
    const parsed = await userAndBody(c, removeSchema);
    if ("response" in parsed) return parsed.response;
    const { userId } = parsed;
    const removed = await options.store.remove(parsed.data.endpoint, userId);
    if (!removed)
      return c.json({ error: "not-found", message: "This device has no notification subscription." }, 404);
    return c.body(null, 204);
  });
}
