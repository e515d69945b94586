import type { ReactNode } from "react";

/**
 * A wide table's sideways-scrolling box that a keyboard can reach and scroll (WCAG 2.1.1: axe's
 * scrollable-region-focusable), named for screen readers after the table it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard
    <section className="data-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
