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
  Field,
  FieldGroup,
  type FieldIssues,
  type FormPresence,
  issueAt,
  NO_PRESENCE,
  TaxIdField,
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
}

const typeOption = (code: string) => (
  <option key={code} value={code}>
    {code} · {ENTITY_TYPE_LABEL_BY_CODE[code as keyof typeof ENTITY_TYPE_LABEL_BY_CODE]}
  </option>
);

/** The fields of an entity: type, legal name, tax id, spouse (Individuals), SBIs and address. */
export function EntityForm({ draft, onChange, issues, existing, presence = NO_PRESENCE }: EntityFormProps) {
  const focus = (path: string) => ({
    onFocus: () => presence.focus(path),
    onBlur: () => presence.focus(null),
  });
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
        <Field label="Entity type" path="type" issues={issues} editors={presence.editorsAt("type")}>
          <select
            className="book-input"
            value={draft.type}
            onChange={(e) => onChange("type", e.target.value)}
            {...focus("type")}
          >
            {SELECTABLE_ENTITY_TYPE_CODES.map(typeOption)}
          </select>
        </Field>
        <Field
          label="Legal name"
          path="legalName"
          issues={issues}
          hint="As on the tax return."
          editors={presence.editorsAt("legalName")}
        >
          <input
            className="book-input"
            value={draft.legalName}
            autoComplete="off"
            onChange={(e) => onChange("legalName", e.target.value)}
            {...focus("legalName")}
          />
        </Field>
      </div>
      <TaxIdField
        label="Tax id"
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
              <Field
                label="Spouse's name"
                path="spouse.name"
                issues={issues}
                editors={presence.editorsAt("spouse.name")}
              >
                <input
                  className="book-input"
                  value={draft.spouseName}
                  autoComplete="off"
                  onChange={(e) => onChange("spouseName", e.target.value)}
                  {...focus("spouse.name")}
                />
              </Field>
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
                <Field
                  label="Name"
                  path={at("name")}
                  issues={issues}
                  editors={presence.editorsAt(at("name"))}
                >
                  <input
                    className="book-input"
                    value={sbi.name}
                    autoComplete="off"
                    onChange={(e) => setSbi(index, { ...sbi, name: e.target.value })}
                    {...focus(at("name"))}
                  />
                </Field>
                <Field
                  label="Entity type"
                  path={at("entityType")}
                  issues={issues}
                  editors={presence.editorsAt(at("entityType"))}
                >
                  <select
                    className="book-input"
                    value={sbi.entityType}
                    onChange={(e) => setSbi(index, { ...sbi, entityType: e.target.value })}
                    {...focus(at("entityType"))}
                  >
                    {ENTITY_TYPE_CODES.map(typeOption)}
                  </select>
                </Field>
              </div>
              <TaxIdField
                label="SBI tax id"
                value={sbi.taxId}
                onChange={(v) => setSbi(index, { ...sbi, taxId: v })}
                issues={issues}
                typePath={at("taxIdType")}
                valuePath={at("taxId")}
                onFile={stored && onFile(stored.taxIdType, stored.taxIdLast4, sbi.taxId.type)}
                presence={presence}
              />
              <Field
                label="Share (%)"
                path={at("sharePercent")}
                issues={issues}
                hint="More than 0 and at most 100, e.g. 50 or 12.5."
                editors={presence.editorsAt(at("sharePercent"))}
              >
                <input
                  className="book-input entity-sbi__share"
                  value={sbi.sharePercent}
                  inputMode="decimal"
                  onChange={(e) => setSbi(index, { ...sbi, sharePercent: e.target.value })}
                  {...focus(at("sharePercent"))}
                />
              </Field>
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
