import { useState } from "react";
import type { CustomerBook } from "../../components/book";
import { type FormPresence, formPresence, RequiredNote } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { useDeviceDraft } from "../../lib/sync/react/use-device-draft";
import { formFromProfile, type ProfileForm, type ProfileFormKey, planProfileWrite } from "./profile-fields";
import { ProfileFormFields } from "./profile-form-fields";

const tidy = (drafts: Partial<ProfileForm>): Partial<ProfileForm> =>
  Object.fromEntries(
    Object.entries(drafts).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  );

const touches = (issues: Record<string, string>, key: string) =>
  Object.keys(issues).some((path) => path === key || path.startsWith(`${key}.`));

/**
 * The producer profile on the record page, edited live: each change is written at once when the
 * profile stays valid (the others see it within a second, field by field), and a field that is not
 * valid yet (a half-typed phone number) stays on this screen with the schema's message until it is.
 * Focusing a field tells the others which one this agent is in; leaving it tidies what was typed
 * (spaces around it) and shows the field from the document again.
 */
export function ProfileEditor({ book }: { book: CustomerBook }) {
  // Kept on the device as typed (issue 31): a field not valid yet survives a reload or a killed browser.
  const [drafts, setDrafts] = useDeviceDraft<Partial<ProfileForm>>(book.documentName, "profile");
  const [error, setError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date().toISOString());
  const form = { ...formFromProfile(book.profile, openedAt), ...drafts };
  const { issues } = planProfileWrite(book.profile, drafts, openedAt);

  /** Writes what can be written of `next`; keeps the rest (and, unless leaving, what was tidied). */
  const apply = (next: Partial<ProfileForm>, leaving: boolean) => {
    const plan = planProfileWrite(book.profile, next, openedAt);
    if (plan.write) {
      try {
        book.saveProfile(plan.write);
        setError(null);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setDrafts(next);
        return;
      }
    }
    const keep = leaving
      ? Object.fromEntries(Object.entries(plan.keep).filter(([key]) => touches(plan.issues, key)))
      : plan.keep;
    setDrafts(keep);
  };

  const onChange = <K extends ProfileFormKey>(key: K, value: ProfileForm[K]) =>
    apply({ ...drafts, [key]: value }, false);

  const fields = formPresence("profile", book.presence, book.setField);
  const presence: FormPresence = {
    editorsAt: fields.editorsAt,
    focus: (path) => {
      fields.focus(path);
      if (path === null && Object.keys(drafts).length > 0) apply(tidy(drafts), true);
    },
  };

  return (
    <form className="book-form" onSubmit={(e) => e.preventDefault()} aria-label="Producer profile">
      <RequiredNote />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ProfileFormFields value={form} onChange={onChange} issues={issues} presence={presence} />
      <p className="customers__note">
        Changes are saved as you type. A field with a problem waits, with its message, until it is fixed.
      </p>
    </form>
  );
}
