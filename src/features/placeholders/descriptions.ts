import type { RouteId } from "../../../shared/access/routes";

/** What each screen that a later issue builds will do, shown on its "not built yet" page. */
export const PLANNED: Partial<Record<RouteId, string>> = {
  profile: "Your name, e-mail address, organisation and roles.",
  settings: "The organisation's settings: name, logos, colours, contact details and features.",
  "manage-users": "Invite people to the organisation and set their roles.",
  tools: "Administration tools for super administrators.",
  "settings-app": "Application settings: order button, notifications and campaign options.",
  "settings-aip": "Approved Insurance Provider settings: providers, file prefixes and data sync.",
  orgs: "All organisations: create, deactivate and set parent agencies.",
  "quote-campaigns": "Scheduled LRP and LGM quotes sent to customers by e-mail or SMS.",
  "quote-campaign-create": "Set up a quote campaign: content, schedule and recipients.",
  "quote-campaign-edit": "Change a quote campaign's content, schedule or recipients.",
};
