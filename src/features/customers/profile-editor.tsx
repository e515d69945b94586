import { useMemo, useState } from "react";
import { addressProblems } from "../../../shared/documents/book";
import type { CustomerBook, NewProfile } from "../../components/book";
import {
  type AddressDraft,
  addressDraftFrom,
  type FieldIssues,
  type FormPresence,
  type FormTexts,
  formPresence,
  RequiredNote,
} from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { useReportUnsavedFields } from "../../lib/sync/react/unsaved-fields";
import { useDeviceDraft } from "../../lib/sync/react/use-device-draft";
import {
  formFromProfile,
  type ProfileForm,
  type ProfileFormKey,
  planProfileWrite,
  profileIssues,
} from "./profile-fields";
import { ProfileFormFields } from "./profile-form-fields";

const tidy = (drafts: Partial<ProfileForm>): Partial<ProfileForm> =>
  Object.fromEntries(
    Object.entries(drafts).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  );

const touches = (issues: Record<string, string>, key: string) =>
  Object.keys(issues).some((path) => path === key || path.startsWith(`${key}.`));

/** Keys edited as shared text or per field, never through the draft (a draft of them from before is left). */
const NOT_DRAFTED: ReadonlySet<string> = new Set(["name", "address"]);
/** The address fields chosen or checked (state, county, ZIP): written one key each, last writer wins. */
const STRUCTURED_ADDRESS = ["state", "county", "zip"] as const;

/**
 * The producer profile on the record page, edited live (docs/sync-rules.md TEXT1). Name, street, line 2 and city are
 * shared text: everyone's keystrokes merge, stored as typed. State, county and ZIP are written one key
 * each as chosen or typed; a partial address is kept and said to be incomplete beside its fields. The
 * other fields are written at once when valid; one that is not valid yet (a half-typed phone number)
 * stays on this screen with the schema's message until it is, and the sync status counts it as not
 * saved. Focusing a field tells the others which one this agent is in.
 */
export function ProfileEditor({ book }: { book: CustomerBook }) {
  // Kept on the device as typed (docs/hardening.md): a field not valid yet survives a reload or a killed browser.
  const [stored, setDrafts] = useDeviceDraft<Partial<ProfileForm>>(book.documentName, "profile");
  const drafts = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(stored).filter(([key]) => !NOT_DRAFTED.has(key)),
      ) as Partial<ProfileForm>,
    [stored],
  );
  const [error, setError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date().toISOString());
  const form = { ...formFromProfile(book.profile, openedAt), ...drafts };
  const { issues: draftIssues } = planProfileWrite(book.profile, drafts, openedAt);
  const issues: FieldIssues = { ...storedIssues(book), ...draftIssues };
  useReportUnsavedFields(
    book.documentName ? `${book.documentName}:profile` : null,
    Object.keys(drafts).filter((key) => touches(draftIssues, key)).length,
  );

  const save = (fields: Partial<NewProfile>) => {
    try {
      book.saveProfile(fields);
      setError(null);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  /** Writes what can be written of `next`; keeps the rest (and, unless leaving, what was tidied). */
  const apply = (next: Partial<ProfileForm>, leaving: boolean) => {
    const plan = planProfileWrite(book.profile, next, openedAt);
    if (plan.write && !save(plan.write)) {
      setDrafts(next);
      return;
    }
    const keep = leaving
      ? Object.fromEntries(Object.entries(plan.keep).filter(([key]) => touches(plan.issues, key)))
      : plan.keep;
    setDrafts(keep);
  };

  /** State, county and ZIP: the keys that changed, each on its own (an emptied one is removed). */
  const saveAddress = (next: AddressDraft) => {
    const before = form.address;
    const changed = STRUCTURED_ADDRESS.filter((key) => next[key] !== before[key]);
    if (changed.length === 0) return;
    const address = Object.fromEntries(changed.map((key) => [key, next[key] === "" ? undefined : next[key]]));
    // A partial address: saveProfile leaves the keys not given alone (the texts others may be typing).
    save({ address } as unknown as Partial<NewProfile>);
  };

  const onChange = <K extends ProfileFormKey>(key: K, value: ProfileForm[K]) => {
    if (key === "address") saveAddress(value as AddressDraft);
    else if (!NOT_DRAFTED.has(key)) apply({ ...drafts, [key]: value }, false);
  };

  const fields = formPresence("profile", book.presence, book.setField);
  const presence: FormPresence = {
    editorsAt: fields.editorsAt,
    changedBy: (path) => book.lastChange("profile", path.split("."))?.user?.name ?? null,
    focus: (path) => {
      fields.focus(path);
      if (path === null && Object.keys(drafts).length > 0) apply(tidy(drafts), true);
    },
  };
  const ready = `${book.documentName}|${book.loaded}|${book.readOnly}|${book.profile !== undefined}`;
  const texts: FormTexts = (path) => ({
    key: `${ready}|${path}`,
    resolve: () => book.text("profile", path.split(".")),
  });

  return (
    <form className="book-form" onSubmit={(e) => e.preventDefault()} aria-label="Producer profile">
      <RequiredNote />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ProfileFormFields value={form} onChange={onChange} issues={issues} presence={presence} texts={texts} />
      <p className="customers__note">
        Changes are saved as you type. A field with a problem waits, with its message, until it is fixed.
      </p>
    </form>
  );
}

/**
 * Problems of what is stored, shown at their fields: an empty name, and what is wrong in the filled
 * fields of the address (a ZIP that is not one); what a partial address lacks is said once, beside it.
 */
function storedIssues(book: CustomerBook): FieldIssues {
  const profile = book.profile;
  if (!profile) return {};
  const issues: Record<string, string> = {};
  const name = profileIssues(profile, {}).name;
  if (name) issues.name = name;
  const address = addressDraftFrom(profile.address);
  for (const problem of addressProblems(profile.address))
    if (problem.field && address[problem.field]?.trim()) issues[`address.${problem.field}`] = problem.message;
  return issues;
}
