import type { ApplicantType } from "../../../shared/catalogue";
import type { ApplicationDraft } from "./application-draft";

// Where a half-filled application waits on the device (docs/applications.md: never lost by a reload).
// The draft goes to localStorage WITHOUT its tax ids; the tax ids go to sessionStorage, which the
// browser keeps for this tab only (a reload keeps them, closing the tab forgets them). So a shared or
// lost phone does not keep a producer's tax id after the tab is closed, and the tax id is never in
// the long-lived store of a draft. See outbox.ts for a completed application waiting for a connection.

const DRAFT_KEY = (type: ApplicantType) => `rangeline.apply.draft.${type}`;
const TAX_KEY = (type: ApplicantType) => `rangeline.apply.taxids.${type}`;

interface TaxIds {
  taxId: string;
  spouseTaxId: string;
  sbis: Record<string, string>;
}

const read = (storage: Storage | undefined, key: string): unknown => {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};
const local = () => (typeof localStorage === "undefined" ? undefined : localStorage);
const session = () => (typeof sessionStorage === "undefined" ? undefined : sessionStorage);

/** Saves the draft: tax ids apart (sessionStorage), the rest in localStorage. */
export function saveDraft(draft: ApplicationDraft): void {
  const taxIds: TaxIds = {
    taxId: draft.taxId.value,
    spouseTaxId: draft.spouseTaxId.value,
    sbis: Object.fromEntries(draft.sbis.map((s) => [s.id, s.taxId.value])),
  };
  const withoutTaxIds: ApplicationDraft = {
    ...draft,
    taxId: { ...draft.taxId, value: "" },
    spouseTaxId: { ...draft.spouseTaxId, value: "" },
    sbis: draft.sbis.map((s) => ({ ...s, taxId: { ...s.taxId, value: "" } })),
  };
  try {
    local()?.setItem(DRAFT_KEY(draft.applicantType), JSON.stringify(withoutTaxIds));
    session()?.setItem(TAX_KEY(draft.applicantType), JSON.stringify(taxIds));
  } catch {
    // Storage full or refused (private mode): the form still works, it is just not kept.
  }
}

/** The kept draft of this applicant type, with the tax ids of this tab put back; null when none. */
export function loadDraft(type: ApplicantType): ApplicationDraft | null {
  const draft = read(local(), DRAFT_KEY(type)) as ApplicationDraft | null;
  if (
    !draft ||
    typeof draft !== "object" ||
    draft.applicantType !== type ||
    typeof draft.submissionId !== "string"
  )
    return null;
  const taxIds = read(session(), TAX_KEY(type)) as TaxIds | null;
  if (!taxIds) return draft;
  return {
    ...draft,
    taxId: { ...draft.taxId, value: taxIds.taxId ?? "" },
    spouseTaxId: { ...draft.spouseTaxId, value: taxIds.spouseTaxId ?? "" },
    sbis: draft.sbis.map((s) => ({ ...s, taxId: { ...s.taxId, value: taxIds.sbis?.[s.id] ?? "" } })),
  };
}

export function clearDraft(type: ApplicantType): void {
  try {
    local()?.removeItem(DRAFT_KEY(type));
    session()?.removeItem(TAX_KEY(type));
  } catch {
    // nothing kept
  }
}
