/** Reverses a code → label map into label → code. The labels must be unique (tests check each use). */
export function invert<K extends string, V extends string>(
  map: Readonly<Record<K, V>>,
): Readonly<Record<V, K>> {
  const out = {} as Record<V, K>;
  for (const [k, v] of Object.entries(map) as [K, V][]) out[v] = k;
  return out;
}
