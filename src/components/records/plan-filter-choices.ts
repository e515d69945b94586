/** The distinct crop years (newest first) and providers (by name) of a list's rows, for its filters. */
export function planFilterChoices(
  rows: readonly { cropYear: number; providerId?: string; provider: string }[],
): {
  cropYears: number[];
  providers: { id: string; name: string }[];
} {
  const years = new Set<number>();
  const providers = new Map<string, string>();
  for (const r of rows) {
    years.add(r.cropYear);
    if (r.providerId) providers.set(r.providerId, r.provider);
  }
  return {
    cropYears: [...years].sort((a, b) => b - a),
    providers: [...providers]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
