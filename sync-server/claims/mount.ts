import type { MountResource } from "../routes/context";
import { mountClaimsApi } from "./routes";

/** A claim's attachments and history (docs/claims.md). */
export const mountClaims: MountResource = (api, ctx) => {
  mountClaimsApi(api, {
    storage: ctx.storage,
    verify: ctx.verify,
    maxBytesPerOrg: ctx.config.ATTACHMENT_MAX_BYTES_PER_ORG,
  });
};
