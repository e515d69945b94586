import { DEFAULT_COLOR_SCHEME, THEME_DEFAULTS } from "../../../../shared/catalogue/app-defaults";
import { type ColorScheme, colorSchemeSchema } from "../../../../shared/schemas/organisation";

// The theme's numbers come from the catalogue (spec §9 "Theme defaults", §3 default colours); the
// stylesheet (theme.css) repeats them as CSS custom properties and media queries, and theme.test.ts
// checks that it does.

export { type ColorScheme, DEFAULT_COLOR_SCHEME };

/** Breakpoints in px: xs, sm, md, lg, xl. */
export const BREAKPOINTS = THEME_DEFAULTS.breakpoints;

/** One spacing unit in px; spacing(n) = n × 8 px. */
export const SPACING_UNIT = THEME_DEFAULTS.spacingPx;
export const spacing = (n: number): string => `${n * SPACING_UNIT}px`;

export const BORDER_RADIUS = THEME_DEFAULTS.borderRadiusPx;
export const FONT_FAMILY = THEME_DEFAULTS.fontFamily;
export const FONT_SIZE = THEME_DEFAULTS.fontSizePx;

/**
 * The CSS custom properties for an organisation's scheme: --color-primary etc. The scheme is checked
 * with the organisation schema, so a colour that is not hex fails with that schema's message.
 */
export function colorSchemeProperties(scheme: ColorScheme): Record<`--color-${keyof ColorScheme}`, string> {
  const valid = colorSchemeSchema.parse(scheme);
  return {
    "--color-primary": valid.primary,
    "--color-secondary": valid.secondary,
    "--color-success": valid.success,
    "--color-info": valid.info,
    "--color-warning": valid.warning,
    "--color-error": valid.error,
  };
}
