import type { MarketSnapshot } from "./snapshot";

// One line saying where a snapshot's figures came from, for the "as of" line of the quote screens:
// "RMA A00630_LrpRate, A00620_LrpActualEndingValue, futures settlements 2026-11-20". Parts of the same
// date are named together. Tiny on purpose (it is in the quote screens' worker).

export function sourceLine(snapshot: Pick<MarketSnapshot, "sources">): string | null {
  if (!snapshot.sources || snapshot.sources.length === 0) return null;
  const byDate = new Map<string, string[]>();
  for (const s of snapshot.sources) {
    const names = byDate.get(s.date ?? "") ?? [];
    const name = names.some((n) => n.startsWith("RMA ")) ? s.name.replace(/^RMA /, "") : s.name;
    if (!names.includes(name)) names.push(name);
    byDate.set(s.date ?? "", names);
  }
  return [...byDate].map(([date, names]) => `${names.join(", ")}${date ? ` ${date}` : ""}`).join(" · ");
}
