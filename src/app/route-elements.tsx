import type { ComponentType } from "react";
import type { RouteId } from "../../shared/access/routes";

// Which screen each route of the table shows. Every screen is its own lazily loaded module, so a
// later issue replaces one line here (or one file) per screen. A screen module default-exports its
// component; the shell renders the title, the role gate and the frame around it.

export type ScreenModule = {
  default: ComponentType;
  /**
   * Runs when the route has loaded the screen, before its first render (the quote screens start the
   * pricing worker and the market snapshot's download). Not a side effect of the screen's module: a
   * chunk that holds it may also be loaded by other screens for what they share with it.
   */
  onRouteLoad?: () => void;
};
export type ScreenLoader = () => Promise<ScreenModule>;

export const ROUTE_ELEMENTS: Record<RouteId, ScreenLoader> = {
  home: () => import("../features/home/home-page"),
  apply: () => import("../features/apply/apply-page"),
  "apply-business": () => import("../features/apply/apply-business-page"),
  "apply-individual": () => import("../features/apply/apply-individual-page"),
  login: () => import("../features/auth/login-page"),
  "silent-login": () => import("../features/auth/silent-login-page"),
  "auth-callback": () => import("../features/auth/auth-callback-page"),
  "auth-sync-user": () => import("../features/auth/auth-sync-user-page"),
  "sign-in": () => import("../features/auth/sign-in-page"),
  "my-coverages": () => import("../features/customers/my-coverages-page"),
  "lrp-quote": () => import("../features/lrp-quote/lrp-quote-page"),
  lgm: () => import("../features/lgm-quote/lgm-quote-page"),
  "lgm-quote": () => import("../features/lgm-quote/lgm-quote-page"),
  "scenario-analysis": () => import("../features/scenario-analysis/scenario-analysis-page"),
  "breakeven-calculator": () => import("../features/breakeven/breakeven-page"),
  media: () => import("../features/content/media-page"),
  faq: () => import("../features/content/faq-page"),
  "contact-us": () => import("../features/content/contact-page"),
  terms: () => import("../features/content/terms-page"),
  "terms-lrp": () => import("../features/content/lrp-terms-page"),
  profile: () => import("../features/profile/profile-page"),
  settings: () => import("../features/settings/settings-page"),
  "api-keys": () => import("../features/api-keys/api-keys-page"),
  watchlist: () => import("../features/watchlist/watchlist-page"),
  "manage-users": () => import("../features/settings/manage-users-page"),
  tools: () => import("../features/platform/tools-page"),
  "settings-app": () => import("../features/settings/app-settings-page"),
  "settings-aip": () => import("../features/settings/aip-settings-page"),
  orgs: () => import("../features/platform/orgs-page"),
  "settings-commissions": () => import("../features/commissions/commission-rates-page"),
  "agent-commissions": () => import("../features/commissions/commissions-page"),
  "agent-hub": () => import("../features/agent-hub/agent-hub-page"),
  "agent-customers": () => import("../features/customers/customers-page"),
  "agent-policies": () => import("../features/policies/policies-page"),
  "agent-coverages": () => import("../features/coverages/coverages-page"),
  "lrp-coverage-create": () => import("../features/coverages/lrp-coverage-create-page"),
  "lrp-coverage": () => import("../features/coverages/lrp-coverage-page"),
  "lrp-coverage-edit": () => import("../features/coverages/lrp-coverage-edit-page"),
  "lgm-endorsement": () => import("../features/coverages/lgm-endorsement-page"),
  "quote-campaigns": () => import("../features/campaigns/campaigns-page"),
  "quote-campaign-create": () => import("../features/campaigns/campaign-form-page"),
  "quote-campaign-edit": () => import("../features/campaigns/campaign-form-page"),
  claims: () => import("../features/claims/claims-page"),
  claim: () => import("../features/claims/claim-page"),
  entities: () => import("../features/entities/entities-page"),
  "book-import": () => import("../features/book-import/book-import-page"),
  "entity-create": () => import("../features/entities/entity-create-page"),
  entity: () => import("../features/entities/entity-page"),
  "entity-action": () => import("../features/entities/entity-action-page"),
  "policy-create": () => import("../features/policies/policy-create-page"),
  policy: () => import("../features/policies/policy-page"),
  "policy-action": () => import("../features/policies/policy-action-page"),
  unsubscribe: () => import("../features/unsubscribe/unsubscribe-page"),
  resubscribe: () => import("../features/unsubscribe/resubscribe-page"),
};
