// What the agent types to open a claim (docs/first-day.md): each entry's problem in words that say what to
// do, keyed by the entry so the form shows it under its field. One definition: the panel's summary
// ("No indemnity yet") reads the same problems.

export interface ClaimEntries {
  /** LRP: the actual ending value typed from RMA's publication ("" = use the market data). */
  entered: string;
  /** LGM: RMA's actual gross margin of each month of the insurance period. */
  margins: readonly string[];
  /** LGM: what the producer actually marketed each month. */
  marketings: readonly string[];
}

/** "entered", "margin-0", "marketed-3", … → the message at that field. */
export type ClaimEntryProblems = Readonly<Record<string, string>>;

const DOLLARS = /^\d+(\.\d+)?$/;
const SIGNED_DOLLARS = /^-?\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

/** The problems of the typed entries; `months` names each LGM month ("Feb 2026") in its message. */
export function claimEntryProblems(
  plan: "lrp" | "lgm",
  entries: ClaimEntries,
  months: readonly string[],
): ClaimEntryProblems {
  const problems: Record<string, string> = {};
  if (plan === "lrp") {
    const typed = entries.entered.trim();
    if (typed !== "" && !DOLLARS.test(typed))
      problems.entered = "Enter the actual ending value as dollars per cwt, e.g. 241.87.";
    return problems;
  }
  months.forEach((month, i) => {
    const margin = (entries.margins[i] ?? "").trim();
    if (margin === "") problems[`margin-${i}`] = `Enter RMA's actual gross margin for ${month}.`;
    else if (!SIGNED_DOLLARS.test(margin))
      problems[`margin-${i}`] =
        `Enter the gross margin for ${month} in dollars, e.g. 41.20 (-12.50 when negative).`;
    const marketed = (entries.marketings[i] ?? "").trim();
    if (!WHOLE.test(marketed))
      problems[`marketed-${i}`] = `Enter how many were marketed in ${month} as a whole number (0 when none).`;
  });
  return problems;
}
