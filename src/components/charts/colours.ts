// Series colours of the quote screens' charts: the theme's primary and info colours and its muted text
// (src/components/ui/theme/theme.css), so a chart reads like the rest of the page. Each keeps at least
// 4.5:1 contrast on the white card (checked in colours.test.ts).

export const SERIES_COLOURS = {
  primary: "#ac141c",
  info: "#445699",
  muted: "#59636e",
  /** The "net positive" green of figures beside the charts. */
  positive: "#1d6b4f",
} as const;

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
