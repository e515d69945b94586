// WCAG 2.x contrast (docs/administration.md): the relative luminance of an sRGB colour and the ratio of two. Text
// on the primary colour (buttons, the header) must reach AA: 4.5:1 for normal text.

export const WCAG_AA_NORMAL_TEXT = 4.5;

/** #rgb, #rrggbb or #rrggbbaa (alpha ignored) → [r, g, b] in 0..255; null when not hex. */
export function parseHexColour(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) return null;
  let digits = m[1] as string;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two hex colours (1 to 21), or null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHexColour(a);
  const y = parseHexColour(b);
  if (!x || !y) return null;
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
