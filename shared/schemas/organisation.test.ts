import { describe, expect, it } from "vitest";
import {
  ORGANISATION_DEFAULTS,
  organisationSchema,
  partialOrganisationSchema,
  STOCKGUARD_SLACK_CHANNELS,
} from "./organisation";

const minimal = {
  id: "org-1",
  createdAt: "2026-11-21T23:00:00.000Z",
  updatedAt: "2026-11-21T23:00:00Z",
  name: "High Plains Insurance",
  email: "office@highplains.example",
  organizationType: "agency",
  isActive: true,
  isAdmin: false,
};

const full = {
  ...minimal,
  fullLogo: "https://cdn.example/logo.svg",
  compactLogo: "https://cdn.example/logo-small.svg",
  favicon: "https://cdn.example/favicon.ico",
  loadingIndicator: "https://cdn.example/spinner.svg",
  phone: "+1 (785) 555-0100",
  domain: "highplains.example",
  sendgridDomainId: null,
  sendgridDomainDns: { "mail.highplains.example": true, "s1._domainkey": false },
  colorScheme: {
    primary: "#112233",
    secondary: "#445566",
    success: "#778899",
    info: "#aabbcc",
    warning: "#ddeeff",
    error: "#000",
  },
  gaTrackingId: "G-123",
  hubspotAccountId: "42",
  hubspotAccessToken: "token",
  addressLine1: "1 Main St",
  addressLine2: null,
  city: "Dodge City",
  state: "KS",
  zip: "67801",
  senderEmail: "quotes@highplains.example",
  timezone: "America/Chicago",
  fmhApiKey: "k",
  fmhSigningKey: "s",
  parentOrgId: null,
  stockguardSlackChannel: "portal-notifications",
  enableNotificationCrons: true,
  enableClaimsUi: false,
  agWorksUsername: "u",
  agWorksAlias: "a",
  agWorksPassword: "p",
  enableSMSCampaigns: true,
  isOrderButtonHidden: true,
  orderButtonText: "Buy",
  twilioSmsSenderNumber: "+15555550100",
  enableCombinedQuoteCampaignsToSingleEmail: false,
  disabledAt: null,
};

describe("organisation schema (spec §3, §5)", () => {
  it("applies the spec's defaults", () => {
    const org = organisationSchema.parse(minimal);
    expect(org.colorScheme).toEqual({
      primary: "#AC141C",
      secondary: "#EF767A",
      success: "#49DCB1",
      info: "#445699",
      warning: "#EEB868",
      error: "#AC141C",
    });
    expect(org.isOrderButtonHidden).toBe(false);
    expect(org.orderButtonText).toBe("Order");
    expect(org.enableCombinedQuoteCampaignsToSingleEmail).toBe(true);
    expect(ORGANISATION_DEFAULTS.orderButtonText).toBe("Order");
  });

  it("defaults are fresh objects (one parse cannot change another's colours)", () => {
    const a = organisationSchema.parse(minimal);
    a.colorScheme.primary = "#000000";
    expect(organisationSchema.parse(minimal).colorScheme.primary).toBe("#AC141C");
  });

  it("accepts every field of §3 and keeps them", () => {
    expect(organisationSchema.parse(full)).toEqual(full);
    expect(Object.keys(organisationSchema.shape).sort()).toEqual(Object.keys(full).sort());
    // The field list of spec §3, in the spec's order.
    const specFields =
      "id, createdAt, updatedAt, name, fullLogo, compactLogo, favicon, loadingIndicator, phone, email, domain, sendgridDomainId, sendgridDomainDns, colorScheme, isActive, isAdmin, gaTrackingId, hubspotAccountId, hubspotAccessToken, addressLine1, addressLine2, city, state, zip, senderEmail, timezone, fmhApiKey, fmhSigningKey, organizationType, parentOrgId, stockguardSlackChannel, enableNotificationCrons, enableClaimsUi, agWorksUsername, agWorksAlias, agWorksPassword, enableSMSCampaigns, isOrderButtonHidden, orderButtonText, twilioSmsSenderNumber, enableCombinedQuoteCampaignsToSingleEmail, disabledAt".split(
        ", ",
      );
    expect(Object.keys(organisationSchema.shape)).toEqual(specFields);
  });

  it("email and senderEmail must be valid e-mail addresses", () => {
    expect(organisationSchema.safeParse({ ...minimal, email: "not-an-email" }).error?.issues).toMatchObject([
      {
        path: ["email"],
        message: "enter the agency's e-mail as a full e-mail address, such as office@youragency.com",
      },
    ]);
    expect(organisationSchema.safeParse({ ...minimal, senderEmail: "quotes@" }).error?.issues).toMatchObject([
      {
        path: ["senderEmail"],
        message: "enter the sender e-mail as a full e-mail address, such as office@youragency.com",
      },
    ]);
  });

  it("the Slack channel enumeration", () => {
    expect(STOCKGUARD_SLACK_CHANNELS).toEqual([
      "insureiq-activity-stockguard",
      "insureiq-activity-hiq-sub-agencies",
      "insureiq-activity-all",
      "portal-notifications",
    ]);
    for (const channel of STOCKGUARD_SLACK_CHANNELS) {
      expect(organisationSchema.safeParse({ ...minimal, stockguardSlackChannel: channel }).success).toBe(
        true,
      );
    }
    expect(
      organisationSchema.safeParse({ ...minimal, stockguardSlackChannel: "general" }).error?.issues[0]?.path,
    ).toEqual(["stockguardSlackChannel"]);
  });

  it("colours, phone and time stamps are checked", () => {
    expect(
      organisationSchema.safeParse({ ...full, colorScheme: { ...full.colorScheme, info: "blue" } }).error
        ?.issues,
    ).toMatchObject([
      {
        path: ["colorScheme", "info"],
        message: "enter the info colour as a hex colour such as #AC141C, or pick one",
      },
    ]);
    expect(organisationSchema.safeParse({ ...minimal, phone: "12" }).error?.issues[0]?.path).toEqual([
      "phone",
    ]);
    expect(organisationSchema.safeParse({ ...minimal, createdAt: "yesterday" }).error?.issues).toMatchObject([
      { path: ["createdAt"], message: "createdAt must be an ISO 8601 date-time" },
    ]);
  });

  it("the full variant requires its identity fields", () => {
    const { name: _n, ...noName } = minimal;
    expect(organisationSchema.safeParse(noName).error?.issues[0]?.path).toEqual(["name"]);
  });

  it("the partial variant requires only id and organizationType, and applies no defaults", () => {
    expect(partialOrganisationSchema.parse({ id: "org-1", organizationType: "agency" })).toEqual({
      id: "org-1",
      organizationType: "agency",
    });
    expect(partialOrganisationSchema.safeParse({ id: "org-1" }).error?.issues[0]?.path).toEqual([
      "organizationType",
    ]);
    expect(
      partialOrganisationSchema.safeParse({ organizationType: "agency" }).error?.issues[0]?.path,
    ).toEqual(["id"]);
    expect(
      partialOrganisationSchema.safeParse({ id: "org-1", organizationType: "agency", email: "bad" }).error
        ?.issues[0]?.message,
    ).toBe("enter the agency's e-mail as a full e-mail address, such as office@youragency.com");
  });
});
