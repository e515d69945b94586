import {
  ENTITY_TYPE_CODES,
  ENTITY_TYPE_LABEL_BY_CODE,
  SELECTABLE_ENTITY_TYPE_CODES,
} from "../../../shared/catalogue";
import type { Entity } from "../../../shared/documents/book";
import { maskTaxId, type TaxIdType } from "../../../shared/documents/tax-id";
import { newRecordId } from "../../components/book";
import {
  AddressFields,
  FieldGroup,
  type FieldIssues,
  type FormPresence,
  type FormTexts,
  issueAt,
  NO_PRESENCE,
  SelectInput,
  SharedTextField,
  TaxIdField,
  TextInput,
} from "../../components/book-forms";
import { Button } from "../../components/ui/button";
import { type EntityDraft, newSbiDraft, type SbiDraft, typedShareTotal } from "./entity-draft";

export interface EntityFormProps {
  draft: EntityDraft;
  /** Changes one part of the draft. */
  onChange<K extends keyof EntityDraft>(key: K, value: EntityDraft[K]): void;
  issues: FieldIssues;
  /** The entity being edited: its masked tax ids are "on file". */
  existing?: Entity;
  presence?: FormPresence;
  /**
   * The stored entity's shared texts (docs/sync-rules.md TEXT1), when it is edited: its legal name and address lines
   * are then bound to them (typed live, merged with others' typing; onChange is not called for them).
   */
  texts?: FormTexts;
}

const typeOption = (code: string) => ({
  value: code,
  label: `${code} · ${ENTITY_TYPE_LABEL_BY_CODE[code as keyof typeof ENTITY_TYPE_LABEL_BY_CODE]}`,
});
/** The entity's own type: the spec's selectable list (no F). */
const SELECTABLE_TYPE_OPTIONS = SELECTABLE_ENTITY_TYPE_CODES.map(typeOption);
/** An SBI's type: every code, F (transfer of right to indemnity) included. */
const ALL_TYPE_OPTIONS = ENTITY_TYPE_CODES.map(typeOption);

/** The fields of an entity: type, legal name, tax id, spouse (Individuals), SBIs and address. */
export function EntityForm({
  draft,
  onChange,
  issues,
  existing,
  presence = NO_PRESENCE,
  texts,
}: EntityFormProps) {
  const bound = (key: "type" | "legalName") => ({ path: key, issues, presence, value: draft[key] });
  const onFile = (type: TaxIdType | undefined, last4: string | undefined, now: TaxIdType) =>
    last4 !== undefined && type === now ? maskTaxId(now, last4) : undefined;
  const setSbi = (index: number, next: SbiDraft) =>
    onChange(
      "sbis",
      draft.sbis.map((s, i) => (i === index ? next : s)),
    );
  const total = typedShareTotal(draft.sbis);

  return (
    <>
      <div className="book-form__row">
        <SelectInput
          label="Entity type"
          required
          {...bound("type")}
          onChange={(type) => onChange("type", type)}
          options={SELECTABLE_TYPE_OPTIONS}
        />
        {texts ? (
          <SharedTextField
            label="Legal name"
            required
            path="legalName"
            issues={issues}
            presence={presence}
            shared={texts("legalName")}
            fallback={draft.legalName}
            hint="As on the tax return."
          />
        ) : (
          <TextInput
            label="Legal name"
            required
            {...bound("legalName")}
            onChange={(name) => onChange("legalName", name)}
            hint="As on the tax return."
          />
        )}
      </div>
      <TaxIdField
        label="Tax id"
        required
        value={draft.taxId}
        onChange={(v) => onChange("taxId", v)}
        issues={issues}
        onFile={existing && onFile(existing.taxIdType, existing.taxIdLast4, draft.taxId.type)}
        presence={presence}
      />

      {draft.type === "I" ? (
        <FieldGroup legend="Spouse">
          <label className="book-check">
            <input
              type="checkbox"
              checked={draft.hasSpouse}
              onChange={(e) => onChange("hasSpouse", e.target.checked)}
            />
            <span>This individual has a spouse to record</span>
          </label>
          {draft.hasSpouse ? (
            <>
              {texts && existing?.spouse ? (
                <SharedTextField
                  label="Spouse's name"
                  required
                  path="spouse.name"
                  issues={issues}
                  presence={presence}
                  shared={texts("spouse.name")}
                  fallback={draft.spouseName}
                />
              ) : (
                <TextInput
                  label="Spouse's name"
                  required
                  path="spouse.name"
                  issues={issues}
                  presence={presence}
                  value={draft.spouseName}
                  onChange={(name) => onChange("spouseName", name)}
                />
              )}
              <TaxIdField
                label="Spouse's tax id (optional)"
                typeLabel="Spouse's tax id type"
                value={draft.spouseTaxId}
                onChange={(v) => onChange("spouseTaxId", v)}
                issues={issues}
                typePath="spouse.taxIdType"
                valuePath="spouse.taxId"
                onFile={
                  existing?.spouse &&
                  onFile(existing.spouse.taxIdType, existing.spouse.taxIdLast4, draft.spouseTaxId.type)
                }
                presence={presence}
              />
            </>
          ) : null}
        </FieldGroup>
      ) : null}

      <FieldGroup legend="Substantial beneficial interests (SBIs)">
        <p className="book-form__help">
          People or businesses holding 10 % or more of this entity. Their shares add up to at most 100 %.
        </p>
        {draft.sbis.map((sbi, index) => {
          const at = (field: string) => `sbis.${sbi.id}.${field}`;
          const sbiBound = (field: string) => ({ path: at(field), issues, presence });
          const stored = existing?.sbis[sbi.id];
          return (
            <div className="entity-sbi" key={sbi.id} data-testid="sbi">
              <div className="entity-sbi__head">
                <strong>SBI {index + 1}</strong>
                <Button
                  variant="ghost"
                  onClick={() =>
                    onChange(
                      "sbis",
                      draft.sbis.filter((s) => s.id !== sbi.id),
                    )
                  }
                >
                  Remove
                </Button>
              </div>
              <div className="book-form__row">
                {texts && stored ? (
                  // A stored SBI's name is typed live; a new one's is saved with the form.
                  <SharedTextField
                    label="Name"
                    required
                    {...sbiBound("name")}
                    shared={texts(at("name"))}
                    fallback={sbi.name}
                  />
                ) : (
                  <TextInput
                    label="Name"
                    required
                    {...sbiBound("name")}
                    value={sbi.name}
                    onChange={(name) => setSbi(index, { ...sbi, name })}
                  />
                )}
                <SelectInput
                  label="Entity type"
                  required
                  {...sbiBound("entityType")}
                  value={sbi.entityType}
                  onChange={(entityType) => setSbi(index, { ...sbi, entityType })}
                  options={ALL_TYPE_OPTIONS}
                />
              </div>
              <TaxIdField
                label="SBI tax id"
                required
                value={sbi.taxId}
                onChange={(v) => setSbi(index, { ...sbi, taxId: v })}
                issues={issues}
                typePath={at("taxIdType")}
                valuePath={at("taxId")}
                onFile={stored && onFile(stored.taxIdType, stored.taxIdLast4, sbi.taxId.type)}
                presence={presence}
              />
              <TextInput
                label="Share (%)"
                required
                {...sbiBound("sharePercent")}
                hint="More than 0 and at most 100, e.g. 50 or 12.5."
                className="entity-sbi__share"
                inputMode="decimal"
                value={sbi.sharePercent}
                onChange={(sharePercent) => setSbi(index, { ...sbi, sharePercent })}
              />
            </div>
          );
        })}
        {draft.sbis.length > 0 ? (
          <p className="book-form__help" data-testid="sbi-total">
            Shares so far: {total} %
          </p>
        ) : null}
        {issueAt(issues, "sbis") ? (
          <p className="book-field__error" data-testid="sbi-total-error">
            {issueAt(issues, "sbis")}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            onClick={() => onChange("sbis", [...draft.sbis, newSbiDraft(newRecordId())])}
          >
            Add an SBI
          </Button>
        </div>
      </FieldGroup>

      <FieldGroup legend="Address (optional)">
        <AddressFields
          value={draft.address}
          onChange={(v) => onChange("address", v)}
          issues={issues}
          presence={presence}
          texts={texts}
        />
      </FieldGroup>
    </>
  );
}

/** The paths this form shows an issue at (others are listed at the top of the form). */
export function entityFormPaths(draft: EntityDraft): string[] {
  const paths = [
    "type",
    "legalName",
    "taxIdType",
    "taxId",
    "spouse.name",
    "spouse.taxIdType",
    "spouse.taxId",
    "sbis",
  ];
  for (const sbi of draft.sbis)
    for (const f of ["name", "entityType", "taxIdType", "taxId", "sharePercent"])
      paths.push(`sbis.${sbi.id}.${f}`);
  for (const f of ["line1", "line2", "city", "state", "county", "zip"]) paths.push(`address.${f}`);
  return paths;
}
