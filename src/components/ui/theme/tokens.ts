// Spec §9 "Theme defaults" and §3 "Organisation" default colours, defined once for the app.
// The stylesheet (theme.css) reads the colours as CSS custom properties; its media queries use
// these breakpoints (theme.test.ts checks that they do).

/** Breakpoints in px: xs, sm, md, lg, xl. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** One spacing unit in px; spacing(n) = n × 8 px. */
export const SPACING_UNIT = 8;
export const spacing = (n: number): string => `${n * SPACING_UNIT}px`;

export const BORDER_RADIUS = 4;

export const FONT_FAMILY = "Roboto";
export const FONT_SIZE = 14;

/** An organisation's colour scheme (spec §3, Organisation.colorScheme). */
export interface ColorScheme {
  primary: string;
  secondary: string;
  success: string;
  info: string;
  warning: string;
  error: string;
}

// Spec §3: "Default colours: primary #AC141C, secondary #EF767A, success #49DCB1, info #445699,
// warning #EEB868, error #AC141C". Defined here because no shared organisation schema carried them
// when the shell was built; when one does, import its defaults instead.
export const DEFAULT_COLOR_SCHEME: ColorScheme = {
  primary: "#AC141C",
  secondary: "#EF767A",
  success: "#49DCB1",
  info: "#445699",
  warning: "#EEB868",
  error: "#AC141C",
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The CSS custom properties for a scheme: --color-primary etc. Rejects anything but hex colours. */
export function colorSchemeProperties(scheme: ColorScheme): Record<`--color-${keyof ColorScheme}`, string> {
  const out = {} as Record<`--color-${keyof ColorScheme}`, string>;
  for (const key of Object.keys(DEFAULT_COLOR_SCHEME) as (keyof ColorScheme)[]) {
    const value = scheme[key];
    if (!HEX.test(value)) throw new Error(`colorScheme.${key}: "${value}" is not a hex colour like #AC141C`);
    out[`--color-${key}`] = value;
  }
  return out;
}
