import { type FormEvent, useEffect, useState } from "react";
import { type FieldIssues, focusFirstInvalid, NO_ISSUES } from "../../components/book-forms";
import type { Edit, SaveResult } from "./settings-draft";

export type SaveMessage = { tone: "success" | "error"; text: string };

export interface SaveWording {
  /** Said when the check fails; default: the fields are marked. */
  invalid?: string;
  /** Said once the edits are written. */
  saved: (edits: readonly Edit[]) => string;
}

/**
 * One settings form's draft and its save (the settings, AIP and app settings pages). Until the user
 * edits, the draft follows the stored value, keyed by its content (another admin's save shows here,
 * without a render loop). `save` checks the draft; refused, it marks the issues, says nothing was
 * saved and moves the focus to the first invalid field; passed, it writes every edit at once (one
 * transaction) and says so, or says why the document refused them.
 */
export function useSettingsSave<T>(stored: T, apply: (edits: readonly Edit[]) => string | null) {
  const [draft, setDraft] = useState<T>(stored);
  const [touched, setTouched] = useState(false);
  const [issues, setIssues] = useState<FieldIssues>(NO_ISSUES);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const storedKey = JSON.stringify(stored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored value is keyed by its content.
  useEffect(() => {
    if (!touched) setDraft(stored);
  }, [storedKey, touched]);

  /** An edit of the draft: from now on it no longer follows the stored value. */
  const change = (next: (draft: T) => T) => {
    setTouched(true);
    setDraft(next);
  };
  /** Back to the stored value, issues cleared. */
  const undo = () => {
    setTouched(false);
    setIssues(NO_ISSUES);
    setDraft(stored);
  };
  const save = (event: FormEvent<HTMLFormElement>, check: () => SaveResult, wording: SaveWording) => {
    event.preventDefault();
    const result = check();
    if (!result.ok) {
      setIssues(result.issues);
      setMessage({
        tone: "error",
        text: wording.invalid ?? "Nothing was saved: correct the fields marked below.",
      });
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setIssues(NO_ISSUES);
    const refused = apply(result.edits);
    if (refused) setMessage({ tone: "error", text: `Nothing was saved: ${refused}` });
    else {
      setTouched(false);
      setMessage({ tone: "success", text: wording.saved(result.edits) });
    }
  };
  return { draft, touched, issues, message, change, undo, save };
}
