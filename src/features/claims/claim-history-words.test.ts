import { describe, expect, it } from "vitest";
import { groupHistory, type HistoryEntry } from "../../components/book/history-entries";
import { claimHistoryLines } from "./claim-history-words";

const row = (
  at: string,
  section: string,
  recordId: string,
  action: HistoryEntry["action"],
  fields: string[] = [],
) => ({ at, userId: "u-alex", user: "Alex Agent", section, recordId, action, fields }) satisfies HistoryEntry;

const parts = {
  checklist: new Map([
    ["i1", "Notice of loss"],
    ["i2", "Proof of ownership"],
    ["i3", "Sales records"],
  ]),
  attachments: new Map([["a1", { name: "bill-of-sale.pdf", itemId: "i2" }]]),
  fieldLabel: (f: string) => ({ status: "status", submittedAt: "date submitted" })[f] ?? f,
};

describe("[CLAIMLOG1] a claim's history: one line per event, in words", () => {
  it("opening a claim with its checklist is one line naming the documents, not 'created checklist' thrice", () => {
    const entries = groupHistory([
      row("2026-11-18T18:00:00.000Z", "claim", "claim", "created"),
      row("2026-11-18T18:00:00.000Z", "checklist", "i1", "created"),
      row("2026-11-18T18:00:00.000Z", "checklist", "i2", "created"),
      row("2026-11-18T18:00:00.000Z", "checklist", "i3", "created"),
    ]);
    const lines = claimHistoryLines(entries, parts);
    expect(lines.map((l) => l.words)).toEqual([
      "opened the claim with 3 documents to collect: Notice of loss, Proof of ownership and Sales records",
    ]);
    expect(lines.every((l) => !l.words.includes("created checklist"))).toBe(true);
  });

  it("later events: a file attached, a status changed, a document added, the claim submitted", () => {
    const entries = groupHistory([
      row("2026-11-18T18:00:00.000Z", "claim", "claim", "created"),
      row("2026-11-18T18:10:00.000Z", "attachments", "a1", "created"),
      row("2026-11-18T18:11:00.000Z", "checklist", "i2", "changed", ["status", "updatedAt", "updatedBy"]),
      row("2026-11-18T18:20:00.000Z", "checklist", "i9", "created"),
      row("2026-11-18T18:30:00.000Z", "claim", "claim", "changed", ["status", "submittedAt", "updatedAt"]),
      row("2026-11-18T18:40:00.000Z", "notes", "n1", "created"),
    ]);
    expect(claimHistoryLines(entries, parts).map((l) => l.words)).toEqual([
      "added a note",
      "changed the status and date submitted of the claim",
      "added a document to the documents to collect",
      "changed the status of “Proof of ownership”",
      "attached “bill-of-sale.pdf” to “Proof of ownership”",
      "opened the claim",
    ]);
  });

  it("two people at the same moment are two lines", () => {
    const entries = groupHistory([
      row("2026-11-18T18:00:00.000Z", "checklist", "i1", "changed", ["status"]),
      {
        ...row("2026-11-18T18:00:01.000Z", "checklist", "i3", "changed", ["status"]),
        userId: "u-b",
        user: "Bo",
      },
    ]);
    expect(claimHistoryLines(entries, parts).map((l) => `${l.user} ${l.words}`)).toEqual([
      "Bo changed the status of “Sales records”",
      "Alex Agent changed the status of “Notice of loss”",
    ]);
  });
});
