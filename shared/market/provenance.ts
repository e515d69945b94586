import type { MarketSnapshot } from "./snapshot";

// One line saying where a snapshot's figures came from, for the "as of" line of the quote screens:
// "RMA A00630_LrpRate 2026-11-20 · futures settlements 2026-11-20". Tiny on purpose (it is in the quote
// screens' bundle).

export function sourceLine(snapshot: Pick<MarketSnapshot, "sources">): string | null {
  if (!snapshot.sources || snapshot.sources.length === 0) return null;
  return snapshot.sources.map((s) => (s.date ? `${s.name} ${s.date}` : s.name)).join(" · ");
}
