import { z } from "zod";
import { ROLES, type Role } from "../shared/access/roles";
import { ADMIN_GRANTABLE_ROLES } from "../shared/admin/members";
import { configSchema, publicUrl } from "../sync-server/config";
import { InvitationLinks } from "../sync-server/members/invitation-links";
import { openStorage } from "../sync-server/storage";
import {
  checkDataKey,
  DocumentCipher,
  loadOrCreateDataKey,
  parseDataKey,
} from "../sync-server/storage/encryption";
import type { ParsedArgs } from "./args";
import { UsageError } from "./args";

// `rangeline admin invite --org ORG --email ADDRESS --role admin[,agent…]` (docs/administration.md): the
// production bootstrap. Writes an invitation into the server's database (the same configuration as
// the server: DATABASE_URL or DATA_DIR, DATA_ENCRYPTION_KEY, PUBLIC_URL) and prints its link, so the
// first admin of an organisation is invited without editing the database by hand.

const orgSchema = z
  .string()
  .regex(/^[A-Za-z0-9_|-][A-Za-z0-9_.|-]{0,127}$/, "--org must be an id (letters, digits, _ . | -)");

export async function adminCommand(
  args: ParsedArgs,
  env: Record<string, string | undefined>,
  out: (text: string) => void,
  now: () => number = Date.now,
): Promise<number> {
  const [, sub] = args.positional;
  if (sub !== "invite") throw new UsageError(`unknown admin command "${sub ?? ""}": use invite`);
  const org = orgSchema.safeParse(args.options.get("org") ?? "");
  if (!org.success) throw new UsageError(org.error.issues[0]?.message ?? "--org is required");
  const email = z.email().safeParse((args.options.get("email") ?? "").toLowerCase());
  if (!email.success) throw new UsageError("--email must be a valid e-mail address");
  const roles = (args.options.get("role") ?? "admin").split(",").map((r) => r.trim()) as Role[];
  for (const role of roles) {
    if (!ROLES.includes(role) || !ADMIN_GRANTABLE_ROLES.includes(role) || role === "customer")
      throw new UsageError(`--role ${role}: use admin, agent or partner (comma-separated)`);
  }
  const parsed = configSchema.safeParse(env);
  if (!parsed.success)
    throw new UsageError(
      `the server's configuration is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  const config = parsed.data;
  const key = config.DATA_ENCRYPTION_KEY
    ? parseDataKey(config.DATA_ENCRYPTION_KEY)
    : loadOrCreateDataKey(config.DATA_DIR);
  const storage = await openStorage(config);
  try {
    // The link is signed with the server's key: refuse a key the database was not written with.
    await checkDataKey(storage, new DocumentCipher(key));
    const links = new InvitationLinks(key);
    const at = now();
    const id = links.newId();
    const expiresAt = at + config.INVITATION_TTL_HOURS * 3_600_000;
    await storage.members.createInvitation({
      id,
      orgId: org.data,
      email: email.data,
      roles,
      customerId: null,
      createdBy: "cli",
      createdAt: at,
      expiresAt,
      usedAt: null,
      usedBy: null,
    });
    await storage.settings.appendAdminAudit({
      orgId: org.data,
      actorId: "cli",
      action: "invitation.created",
      target: email.data,
      detail: roles.join(","),
      at,
    });
    const link = `${publicUrl(config, config.PORT)}api/invitations/accept?token=${links.token(id, expiresAt)}`;
    out(
      `Invitation for ${email.data} (${roles.join(", ")} of ${org.data}), valid until ${new Date(expiresAt).toISOString()}:\n${link}\n`,
    );
    return 0;
  } finally {
    await storage.close();
  }
}
