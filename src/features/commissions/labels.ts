import {
  INSURANCE_PROVIDER_NAME_BY_ID,
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITY_LABEL_BY_CODE,
} from "../../../shared/catalogue";

// Names the commission screens show for codes: the company, the plan with its commodity.

export const companyName = (providerId: string | undefined): string =>
  providerId ? ((INSURANCE_PROVIDER_NAME_BY_ID as Record<string, string>)[providerId] ?? providerId) : "—";

export const commodityName = (plan: string, code: string): string =>
  ((plan === "lrp" ? LRP_COMMODITY_LABEL_BY_CODE : LGM_COMMODITY_LABEL_BY_CODE) as Record<string, string>)[
    code
  ] ?? code;

export const planCommodityLabel = (plan: string, commodity: string | undefined): string =>
  `${plan.toUpperCase()} · ${commodity ? commodityName(plan, commodity) : "every commodity"}`;
