import { emailSenderFrom } from "../outbound/email";
import type { MountResource } from "../routes/context";
import { InvitationLinks } from "./invitation-links";
import { mountOrgMembers } from "./org-routes";
import { mountProfileApi } from "./profile-routes";
import { mountMembersApi } from "./routes";

/** People (docs/administration.md): invitations and roles, an organisation's members, one's own profile. */
export const mountMembers: MountResource = (api, ctx) => {
  const { storage, verify, config } = ctx;
  mountProfileApi(api, { storage, verify });
  mountMembersApi(api, {
    storage,
    verify,
    links: new InvitationLinks(ctx.dataKey),
    email: emailSenderFrom(config, storage),
    publicUrl: config.PUBLIC_URL,
    invitationTtlMs: config.INVITATION_TTL_HOURS * 3_600_000,
    counts: config,
    production: config.NODE_ENV === "production",
    embeddedUsers: ctx.embeddedUsers,
    onMembershipChanged: ctx.membershipChanged,
  });
  mountOrgMembers(api, { storage, verify, counts: config, onMembershipChanged: ctx.membershipChanged });
};
