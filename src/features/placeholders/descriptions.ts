import type { RouteId } from "../../../shared/access/routes";

/** What each screen that a later issue builds will do, shown on its "not built yet" page. */
export const PLANNED: Partial<Record<RouteId, string>> = {
  "quote-campaigns": "Scheduled LRP and LGM quotes sent to customers by e-mail or SMS.",
  "quote-campaign-create": "Set up a quote campaign: content, schedule and recipients.",
  "quote-campaign-edit": "Change a quote campaign's content, schedule or recipients.",
};
