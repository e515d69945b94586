import type { connectedPayload, Extension } from "@hocuspocus/server";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { isSyncContext } from "../sync/context";

/**
 * Records each user's last sign-in (docs/administration.md; shown on the users screen): the time the user's app
 * last opened an authenticated sync connection — a signed-in app connects at once. Written at most
 * once a minute per user, off the connection's path (a failure is logged, never fatal).
 */
export function signInRecorder(
  storage: Storage,
  log: (m: string) => void,
  now: () => number = nowMs,
): Extension {
  const recent = new Map<string, number>();
  return {
    async connected({ context }: connectedPayload) {
      if (!isSyncContext(context)) return;
      const userId = context.identity.sub;
      const at = now();
      if ((recent.get(userId) ?? 0) > at - 60_000) return;
      if (recent.size > 10_000) recent.clear();
      recent.set(userId, at);
      storage.members
        .recordSignIn(userId, at)
        .catch((error: Error) => log(`last sign-in not recorded: ${error.message}`));
    },
  };
}
