import { useCallback } from "react";
import { documentName } from "../../../../shared/documents/names";
import {
  type LgmWatchSetup,
  type LrpWatchSetup,
  watchSetupSchema,
} from "../../../../shared/documents/watchlist";
import { useSession } from "../../auth/session";
import { useDocument } from "./hooks";
import { mayKeepWatchlist } from "./watchlist-access";

/** A setup to save: everything but the id and timestamps, which saving adds. */
export type NewWatchSetup =
  | Without<LrpWatchSetup, "id" | "addedAt" | "updatedAt">
  | Without<LgmWatchSetup, "id" | "addedAt" | "updatedAt">;

/** Omit that keeps the known keys of a type with an index signature (zod's loose objects). */
export type Without<T, K extends string> = { [P in keyof T as P extends K ? never : P]: T[P] };

export interface SaveToWatchlist {
  /** False when nobody is signed in, or for a role without a watchlist (spec §6: agents and customers). */
  available: boolean;
  /** Saves the setup into the user's watchlist and returns its id; throws DomainError when invalid. */
  save(setup: NewWatchSetup, now?: Date): string;
}

/** For the quote screens' "Save to watchlist": saves a setup into the signed-in user's watchlist. */
export function useSaveToWatchlist(): SaveToWatchlist {
  const session = useSession();
  const userId = session.status === "signed-in" ? (session.user?.sub ?? null) : null;
  const allowed = mayKeepWatchlist(session.roles);
  const watchlist = useDocument<"watchlist">(userId && allowed ? documentName.watchlist(userId) : null);
  const save = useCallback(
    (setup: NewWatchSetup, now = new Date()) => {
      const id = crypto.randomUUID();
      const item = watchSetupSchema.parse({ ...setup, id, addedAt: now.toISOString() });
      watchlist.write((t) => t.set("items", [id], item));
      return id;
    },
    [watchlist.write],
  );
  return { available: userId !== null && allowed && !watchlist.readOnly, save };
}
