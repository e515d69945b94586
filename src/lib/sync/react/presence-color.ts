// A stable colour per user for presence markers (from the theme's palette family).
const PALETTE = ["#445699", "#2E7D32", "#8E24AA", "#EF6C00", "#00838F", "#AD1457", "#5D4037", "#1565C0"];

export function presenceColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] as string;
}
