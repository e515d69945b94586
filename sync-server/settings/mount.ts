import type { MountResource } from "../routes/context";
import { mountBrandingApi } from "./branding";
import { mountDocumentBudgetApi } from "./document-budget";
import { mountSettingsApi } from "./routes";
import { SecretBox } from "./secret-box";

/** An organisation's settings (docs/administration.md): secrets sealed under the data key, logos, the audit log. */
export const mountSettings: MountResource = (api, ctx) => {
  const { storage, verify } = ctx;
  mountSettingsApi(api, { storage, verify, secrets: new SecretBox(ctx.dataKey) });
  mountBrandingApi(api, { storage, verify });
  mountDocumentBudgetApi(api, {
    storage,
    verify,
    defaultPerHour: ctx.config.ORG_DOCUMENTS_CREATED_PER_HOUR,
    changed: ctx.orgDocuments.changed,
  });
};
