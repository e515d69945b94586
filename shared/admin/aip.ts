import { z } from "zod";
import { getInsuranceProvider, INSURANCE_PROVIDERS, type InsuranceProviderId } from "../catalogue/providers";

// AIP settings (docs/administration.md): which of the spec's insurance providers (§3 catalogue) an agency writes
// with, per plan; its primary; data sync (only providers that can sync, §9); the agent-management link
// and file-name prefixes. Kept in the organisation's settings as `aip`; absent: the whole catalogue.

const PROVIDER_IDS = INSURANCE_PROVIDERS.map((p) => p.id) as [InsuranceProviderId, ...InsuranceProviderId[]];
const prefix = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, "a file-name prefix is 1 to 40 letters, digits, _ . or -")
  .nullable();
const pair = z.strictObject({ application: prefix, endorsement: prefix });

export const orgProviderSchema = z.strictObject({
  plans: z.array(z.enum(["lrp", "lgm"])).max(2),
  dataSync: z.boolean(),
  agentMgmtLink: z
    .url({ protocol: /^https$/, error: "the agent-management link must be an https:// address" })
    .nullable(),
  fileNamePrefixes: z.strictObject({
    lrp: pair,
    lgm: z.strictObject({ cattle: pair, swine: pair }),
  }),
});
export type OrgProvider = z.infer<typeof orgProviderSchema>;

export const aipSettingsSchema = z
  .strictObject({
    providers: z.partialRecord(
      z.enum(PROVIDER_IDS, { error: "is not a provider of the catalogue" }),
      orgProviderSchema,
    ),
    primary: z.enum(PROVIDER_IDS).nullable(),
  })
  .superRefine((aip, ctx) => {
    for (const [id, p] of Object.entries(aip.providers) as [InsuranceProviderId, OrgProvider][]) {
      const catalogue = getInsuranceProvider(id);
      if (!catalogue) continue;
      for (const plan of p.plans) {
        if (!catalogue.plans.includes(plan))
          ctx.addIssue({
            code: "custom",
            path: ["providers", id, "plans"],
            message: `${catalogue.name} does not write ${plan.toUpperCase()}`,
          });
      }
      if (p.dataSync && !catalogue.canSyncData)
        ctx.addIssue({
          code: "custom",
          path: ["providers", id, "dataSync"],
          message: `${catalogue.name} cannot sync data (only Arbor and Farmers Mutual Hail can)`,
        });
    }
    if (aip.primary && !(aip.providers[aip.primary]?.plans.length ?? 0))
      ctx.addIssue({
        code: "custom",
        path: ["primary"],
        message: "the primary provider must be one the agency writes with",
      });
  });
export type AipSettings = z.infer<typeof aipSettingsSchema>;

export const emptyOrgProvider = (): OrgProvider => ({
  plans: [],
  dataSync: false,
  agentMgmtLink: null,
  fileNamePrefixes: {
    lrp: { application: null, endorsement: null },
    lgm: {
      cattle: { application: null, endorsement: null },
      swine: { application: null, endorsement: null },
    },
  },
});

/** The org's AIP settings when valid; null (the whole catalogue) otherwise. */
export function aipOf(settings: unknown): AipSettings | null {
  const value =
    typeof settings === "object" && settings !== null ? (settings as { aip?: unknown }).aip : undefined;
  const parsed = aipSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// The helpers that choose among an organisation's providers live in aip-providers.ts: the quote screens
// use them, and that module carries no zod (a signed-out visitor's first screen does not load it).
export { orgDefaultProviderId, orgProviderIds } from "./aip-providers";
