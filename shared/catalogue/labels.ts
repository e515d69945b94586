// Spec §3 "Coverage table columns" and "LGM result labels", verbatim and in the spec's order.

export const LRP_COVERAGE_TABLE_COLUMNS = [
  "Endorsement Length (weeks)",
  "End Date",
  "Coverage Level",
  "Expected Value (/cwt)",
  "Coverage Price (/cwt)",
  "Rate",
  "Insured Value",
  "Total Premium",
  "Subsidy",
  "Producer Premium",
  "Producer Premium (/cwt)",
  "Producer Premium (/head)",
  "CME Put Strike",
  "CME Put Premium (/cwt)",
  "Futures Contract Month",
] as const;
export type LrpCoverageTableColumn = (typeof LRP_COVERAGE_TABLE_COLUMNS)[number];

export const LGM_RESULT_LABELS = [
  "Marketing Month",
  "Deductible",
  "Gross Margin Guarantee",
  "Producer Premium",
] as const;
export type LgmResultLabel = (typeof LGM_RESULT_LABELS)[number];
