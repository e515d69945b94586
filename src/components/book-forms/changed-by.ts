import { useEffect, useRef, useState } from "react";

// Who changed the field this person is in (docs/sync-rules.md TEXT1: structured fields stay last-writer-wins, but a
// change by someone else is said next to the field, not made silently). The name comes from presence:
// the people who were in the field lately (a select is changed from inside it, and the person may
// have left it by the time their change arrives).

/** How long a person counts as "lately in this field" after presence stops showing them there. */
export const RECENT_EDITOR_MS = 5_000;

export interface ChangedBy {
  /** "Changed by Jordan Agent" while this person is in the field and someone else changed it. */
  note: string | null;
  /** This person chose `value` (their own change is not noted). */
  mine(value: string): void;
  /** This person entered (true) or left (false) the field; leaving clears the note. */
  focus(inside: boolean): void;
}

/** The words for who changed a field: the names, or "someone else" when presence does not know. */
export function changedByNote(names: readonly string[]): string {
  if (names.length === 0) return "Changed by someone else";
  if (names.length === 1) return `Changed by ${names[0]}`;
  return `Changed by ${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * `lastChanger`: who the document says last changed the field from elsewhere, when it knows; else
 * the people presence showed in the field lately.
 */
export function useChangedBy(
  value: string,
  editors: readonly string[],
  lastChanger?: () => string | null,
): ChangedBy {
  const [note, setNote] = useState<string | null>(null);
  const inside = useRef(false);
  const chosen = useRef<string | null>(null);
  const shown = useRef(value);
  const recent = useRef(new Map<string, number>());
  // Who changed it is read when a new value arrives, not a reason to look again.
  const changer = useRef(lastChanger);
  changer.current = lastChanger;
  const now = Date.now();
  for (const name of editors) recent.current.set(name, now);

  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (!inside.current || value === chosen.current) return;
    const since = Date.now() - RECENT_EDITOR_MS;
    const known = changer.current?.();
    const names = known ? [known] : [...recent.current].filter(([, at]) => at >= since).map(([name]) => name);
    setNote(changedByNote(names));
  }, [value]);

  return {
    note,
    mine: (next) => {
      chosen.current = next;
      setNote(null);
    },
    focus: (next) => {
      inside.current = next;
      chosen.current = null;
      if (!next) setNote(null);
    },
  };
}
