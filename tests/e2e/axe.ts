import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe, the way the end-to-end tests run it (a11y.spec.ts on every route, book-import.spec.ts on its
// states): the WCAG 2.1 AA rules, in the page itself.
// - Legacy mode: axe.run in the page, not AxeBuilder's default of a run per frame finished in a blank
//   page it opens and closes for every analysis (a new renderer each time). The a11y run took 213, 200
//   and 242 CPU-seconds against 234, 379 and 283 (three pairs). What it leaves out, cross-origin frames, no screen of the app has; on a
//   page with a missing alt text, an unnamed button and low contrast both modes report the same three.
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe's results for the page as it is now. */
export function analyze(page: Page) {
  return new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode().analyze();
}

/** The serious and critical violations: what fails a test (rule id, count of nodes, first node). */
export function blockingViolations(result: Awaited<ReturnType<typeof analyze>>): string[] {
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(" ")}`);
}
