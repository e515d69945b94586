import type { HistoryEntry } from "../../components/book/history-entries";
import { meaningfulFields } from "../../components/book/history-entries";

// CLAIMLOG1 (issue 47 §6): a claim's history says what happened, once per event, in words — "opened the
// claim with 3 documents to collect: Notice of loss, Proof of ownership and Sales records", "attached
// “bill.pdf” to “Proof of ownership”" — never "created checklist" once per checklist item. The server's
// rows name sections, record keys and fields only (rule AUDIT1); the names come from the claim on the
// device, and a record gone since is "a document" / "a file".

/** One line of the history: who, when (the event's latest time), what in words. */
export interface ClaimHistoryLine {
  at: string;
  userId: string;
  user: string;
  words: string;
}

/** What the device knows of the claim's parts, to name them. */
export interface ClaimParts {
  /** Checklist item id → its label. */
  checklist: ReadonlyMap<string, string>;
  /** Attachment id → its file name and the checklist item it documents. */
  attachments: ReadonlyMap<string, { name: string; itemId?: string }>;
  /** A claim field's label ("status", "amount paid"). */
  fieldLabel: (field: string) => string;
}

/** Rows of one person this close together are one event (one save writes the claim and its checklist). */
const EVENT_MS = 5_000;

const quoted = (text: string) => `“${text}”`;
const wordList = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] as string}`;

/** The history's entries (newest first, grouped per record: groupHistory) as one line per event. */
export function claimHistoryLines(entries: readonly HistoryEntry[], parts: ClaimParts): ClaimHistoryLine[] {
  const events: HistoryEntry[][] = [];
  for (const entry of entries) {
    const last = events[events.length - 1];
    const previous = last?.[last.length - 1];
    if (
      last &&
      previous &&
      previous.userId === entry.userId &&
      previous.user === entry.user &&
      Date.parse(previous.at) - Date.parse(entry.at) <= EVENT_MS
    )
      last.push(entry);
    else events.push([entry]);
  }
  return events.map((event) => {
    const first = event[0] as HistoryEntry;
    return { at: first.at, userId: first.userId, user: first.user, words: eventWords(event, parts) };
  });
}

function eventWords(event: readonly HistoryEntry[], parts: ClaimParts): string {
  // Oldest first within the event: it reads in the order it happened.
  const ordered = [...event].reverse();
  const of = (section: string, action: HistoryEntry["action"]) =>
    ordered.filter((e) => e.section === section && e.action === action);
  const item = (id: string) => {
    const label = parts.checklist.get(id);
    return label ? quoted(label) : "a document";
  };
  const phrases: string[] = [];

  const opened = of("claim", "created").length > 0;
  // In the checklist's own order (rows of one save carry one time).
  const order = [...parts.checklist.keys()];
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const added = of("checklist", "created")
    .map((e) => e.recordId)
    .sort((a, b) => rank(a) - rank(b))
    .map(item);
  if (opened)
    phrases.push(
      added.length === 0
        ? "opened the claim"
        : `opened the claim with ${added.length === 1 ? "1 document" : `${added.length} documents`} to collect: ${wordList(added.map((a) => a.replace(/[“”]/g, "")))}`,
    );
  else if (added.length > 0) phrases.push(`added ${wordList(added)} to the documents to collect`);

  const fields = [
    ...new Set(of("claim", "changed").flatMap((e) => meaningfulFields(e.fields).map(parts.fieldLabel))),
  ];
  if (fields.length > 0) phrases.push(`changed the ${wordList(fields)} of the claim`);
  if (of("claim", "removed").length > 0) phrases.push("removed the claim");

  const restated = of("checklist", "changed").filter((e) => meaningfulFields(e.fields).length > 0);
  const statusOf = restated.filter((e) => e.fields.includes("status")).map((e) => item(e.recordId));
  if (statusOf.length > 0) phrases.push(`changed the status of ${wordList([...new Set(statusOf)])}`);
  const renamed = restated.filter((e) => !e.fields.includes("status")).map((e) => item(e.recordId));
  if (renamed.length > 0) phrases.push(`changed ${wordList([...new Set(renamed)])}`);
  const dropped = of("checklist", "removed").map((e) => item(e.recordId));
  if (dropped.length > 0) phrases.push(`removed ${wordList(dropped)} from the documents to collect`);

  const attached = of("attachments", "created").map((e) => {
    const file = parts.attachments.get(e.recordId);
    if (!file) return "a file";
    return file.itemId ? `${quoted(file.name)} to ${item(file.itemId)}` : quoted(file.name);
  });
  if (attached.length > 0) phrases.push(`attached ${wordList(attached)}`);
  const detached = of("attachments", "removed").length;
  if (detached > 0) phrases.push(detached === 1 ? "removed a file" : `removed ${detached} files`);

  const notes = (action: HistoryEntry["action"]) => of("notes", action).length;
  if (notes("created") > 0) phrases.push(notes("created") === 1 ? "added a note" : "added notes");
  if (notes("changed") > 0) phrases.push(notes("changed") === 1 ? "edited a note" : "edited notes");
  if (notes("removed") > 0) phrases.push(notes("removed") === 1 ? "removed a note" : "removed notes");

  return phrases.length > 0 ? wordList(phrases) : "saved the claim";
}
