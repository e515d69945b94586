import { useOrgBranding } from "../lib/org/use-org-branding";

/** A logo address the server gave (its own /api/orgs/… path): never an arbitrary origin. */
const logoUrl = (value: unknown): string | null =>
  typeof value === "string" && /^\/api\/orgs\/[A-Za-z0-9_.|-]+\/assets\/[A-Za-z]+\/[0-9a-f]{16}$/.test(value)
    ? value
    : null;

/**
 * The header's brand: the organisation's compact (else full) logo and its name for its members; the
 * app's mark and name otherwise (docs/administration.md).
 */
export function OrganisationBrand() {
  const settings = useOrgBranding() ?? {};
  const logo = logoUrl(settings.compactLogo) ?? logoUrl(settings.fullLogo);
  const name = typeof settings.name === "string" && settings.name ? settings.name : "Rangeline";
  return (
    <>
      <img
        src={logo ?? "/icons/mark.svg"}
        alt=""
        height="28"
        className="app-header__logo"
        data-testid="brand-logo"
      />
      <span data-testid="brand-name" title={name}>
        {name}
      </span>
    </>
  );
}

/** The organisation's favicon address, when it has one the server serves. */
export const faviconUrl = (settings: unknown): string | null =>
  typeof settings === "object" && settings !== null
    ? logoUrl((settings as Record<string, unknown>).favicon)
    : null;
