import { documentName } from "../../../shared/documents/names";
import { DomainError } from "../../../shared/errors";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync";
import type { Edit } from "./settings-draft";

const NO_SETTINGS: Record<string, unknown> = Object.freeze({});

/** The signed-in user's organisation settings (the `settings` section of `org/{orgId}`) and a writer. */
export function useOrgSettings() {
  const session = useSession();
  const orgId = session.orgId;
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const settings = (org.state?.data.settings ?? NO_SETTINGS) as Record<string, unknown>;
  /** Writes every edit in one transaction; returns the refusal's message, or null when written. */
  const apply = (edits: readonly Edit[]): string | null => {
    try {
      org.write((t) => {
        for (const e of edits) {
          if (e.op === "set") t.set("settings", e.path, e.value);
          else t.remove("settings", e.path);
        }
      });
      return null;
    } catch (error) {
      if (error instanceof DomainError || error instanceof Error) return error.message;
      throw error;
    }
  };
  return { orgId, session, settings, loaded: org.state?.loaded ?? false, readOnly: org.readOnly, apply };
}
