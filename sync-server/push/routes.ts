import type { Context, Hono } from "hono";
import { z } from "zod";
import { nowMs } from "../clock";
import { invalid, jsonBody, signedIn, toIssues } from "../routes/route";
import { pushEndpointProblem } from "./services";
import type { PushStore } from "./store";

/** Devices (push endpoints) one user receives price alerts on (PUSH3). */
export const MAX_PUSH_DEVICES = 10;

// Web Push subscriptions of the signed-in user (docs/market-data.md):
//   GET    /api/push/vapid-public-key   → { publicKey } (the application server key the browser needs)
//   POST   /api/push/subscriptions      { endpoint, keys: { p256dh, auth } } → 201; 409 when the endpoint is
//                                        another user's (PUSH2) or the user has MAX_PUSH_DEVICES (PUSH3)
//   DELETE /api/push/subscriptions      { endpoint } → 204 (404 when the user has no such subscription)

/** base64url text of `bytes` bytes (the browser's P-256 public key: 65; its auth secret: 16). */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, "expected base64url text")
    .max(200)
    .refine((text) => Buffer.from(text, "base64url").length === bytes, `expected ${what} of ${bytes} bytes`);
const subscriptionSchema = (testOrigins: readonly string[]) =>
  z.object({
    endpoint: z
      .string()
      .max(1000, "a push endpoint has at most 1000 characters")
      .superRefine((endpoint, ctx) => {
        const problem = pushEndpointProblem(endpoint, testOrigins);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    keys: z.object({
      p256dh: base64url(65, "the browser's public key"),
      auth: base64url(16, "the browser's auth secret"),
    }),
  });
const removeSchema = z.object({ endpoint: z.string().min(1).max(1000) });

export interface PushApiOptions {
  store: PushStore;
  publicKey: string;
  verify: (token: string) => Promise<{ sub: string }>;
  /** Loopback stand-ins of a push service the tests run (PUSH_TEST_ORIGINS; never in production). */
  testOrigins?: readonly string[];
  now?: () => number;
}

export function mountPushApi(app: Hono, options: PushApiOptions): void {
  const addSchema = subscriptionSchema(options.testOrigins ?? []);
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
    const parsed = await userAndBody(c, addSchema);
    if ("response" in parsed) return parsed.response;
    const { userId } = parsed;
    const outcome = await options.store.add(
      {
        endpoint: parsed.data.endpoint,
        userId,
        p256dh: parsed.data.keys.p256dh,
        auth: parsed.data.keys.auth,
        createdAt: (options.now ?? nowMs)(),
      },
      MAX_PUSH_DEVICES,
    );
    if (outcome === "taken")
      return c.json(
        {
          error: "endpoint-taken",
          message:
            "This device's notifications are registered to another account: it stays theirs until that account turns price alerts off here.",
        },
        409,
      );
    if (outcome === "full")
      return c.json(
        {
          error: "too-many-devices",
          message: `An account gets price alerts on at most ${MAX_PUSH_DEVICES} devices: turn them off on one you no longer use (a device whose browser dropped its subscription is removed at the next alert).`,
        },
        409,
      );
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
