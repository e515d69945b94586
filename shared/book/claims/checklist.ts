import { CHECKLIST_KINDS, type ChecklistItem, type ChecklistKind } from "../../documents/claim";

// The producer's checklist (DOMAIN.md "LRP claims"; LGM: marketing records). The labels are stored in
// the claim document with each item when the claim is opened.

export interface ChecklistTemplate {
  kind: ChecklistKind;
  label: string;
  from: "producer" | "agency";
}

/** The documents a claim needs, by plan (fed cattle and swine: sales records; feeders: ownership). */
export function claimChecklist(plan: "lrp" | "lgm", commodity: string): ChecklistTemplate[] {
  if (plan === "lgm")
    return [
      {
        kind: "marketing-records",
        label: "Marketing records (sales receipts for each month)",
        from: "producer",
      },
      { kind: "notice-of-loss", label: "Claim form signed by the producer", from: "producer" },
    ];
  const items: ChecklistTemplate[] = [
    { kind: "notice-of-loss", label: "Notice of Probable Loss (claim form)", from: "agency" },
    { kind: "proof-of-ownership", label: "Proof of ownership of the insured animals", from: "producer" },
  ];
  // Fed cattle (0802) and swine (0815): sales records dated no later than 60 days after the end date
  // (PM-24-028); feeder cattle (0801) raised and not sold near the end date: third-party affidavits.
  if (commodity === "0802" || commodity === "0815")
    items.push({
      kind: "sales-records",
      label: "Sales records dated no later than 60 days after the end date",
      from: "producer",
    });
  else
    items.push({
      kind: "third-party-affidavit",
      label: "Sales records, or affidavits from disinterested third parties for animals not sold",
      from: "producer",
    });
  return items;
}

/** Checklist items in a fixed order: by kind (the claim form first), then as they were added. */
export function sortChecklist(items: readonly ChecklistItem[]): ChecklistItem[] {
  const rank = (item: ChecklistItem) => CHECKLIST_KINDS.indexOf(item.kind);
  return [...items].sort(
    (a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}
