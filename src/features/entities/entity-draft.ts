import { type Entity, entitySchema, taxIdKey } from "../../../shared/documents/book";
import type { TaxIdType } from "../../../shared/documents/tax-id";
import {
  type AddressDraft,
  addressDraftFrom,
  addressFromDraft,
  type FieldIssues,
  isBlankTaxId,
  issuesByPath,
  mergeIssues,
  type TaxIdDraft,
  taxIdLast4,
  taxIdProblem,
} from "../../components/book-forms";

// An entity as its form holds it, and back to the shared shape (shared/documents/book.ts entitySchema
// checks it: its messages are shown at their fields). Full tax ids never go into the entity: it keeps
// the type and the last four digits; the full ids go to the agents-only internal document under
// taxIdKey (the caller writes them after the entity exists).

export interface SbiDraft {
  id: string;
  name: string;
  entityType: string;
  taxId: TaxIdDraft;
  sharePercent: string;
}

export interface EntityDraft {
  type: string;
  legalName: string;
  taxId: TaxIdDraft;
  hasSpouse: boolean;
  spouseName: string;
  spouseTaxId: TaxIdDraft;
  sbis: SbiDraft[];
  address: AddressDraft;
}

const blankTaxId = (type: TaxIdType = 1): TaxIdDraft => ({ type, value: "" });

/** The draft of a new entity, or of an existing one (tax ids blank: blank keeps the id on file). */
export function entityDraftFrom(entity?: Entity): EntityDraft {
  if (!entity)
    return {
      type: "I",
      legalName: "",
      taxId: blankTaxId(1),
      hasSpouse: false,
      spouseName: "",
      spouseTaxId: blankTaxId(1),
      sbis: [],
      address: addressDraftFrom(undefined),
    };
  return {
    type: entity.type,
    legalName: entity.legalName,
    taxId: blankTaxId(entity.taxIdType),
    hasSpouse: entity.spouse !== undefined,
    spouseName: entity.spouse?.name ?? "",
    spouseTaxId: blankTaxId(entity.spouse?.taxIdType ?? 1),
    sbis: Object.values(entity.sbis).map((s) => ({
      id: s.id,
      name: s.name,
      entityType: s.entityType,
      taxId: blankTaxId(s.taxIdType),
      sharePercent: s.sharePercent,
    })),
    address: addressDraftFrom(entity.address),
  };
}

export const newSbiDraft = (id: string): SbiDraft => ({
  id,
  name: "",
  entityType: "I",
  taxId: blankTaxId(1),
  sharePercent: "",
});

/** A full tax id to store once the entity's id is known (never part of the entity). */
export interface TaxIdWrite {
  key: (entityId: string) => string;
  type: TaxIdType;
  value: string;
}

/** What a saved entity needs besides its fields: its id, status and stamps (placeholders for a new one). */
export type EntityBase = Pick<Entity, "id" | "status" | "createdAt" | "updatedAt" | "updatedBy">;

export type EntityBuild =
  | { ok: true; entity: Entity; taxIds: TaxIdWrite[] }
  | { ok: false; issues: FieldIssues };

/** "12.5 %" → "12.5": the share as the schema's decimal text. */
const shareText = (typed: string) => typed.replace(/%/g, "").trim();

/**
 * The entity of a draft, checked by the shared schema and the tax id rule. `existing` is the entity
 * being edited: a tax id left blank keeps the one on file while its type is unchanged.
 */
export function entityFromDraft(draft: EntityDraft, base: EntityBase, existing?: Entity): EntityBuild {
  /** The form's own checks (tax ids, typed shares), shown before the schema's. */
  const own: Record<string, string> = {};
  const taxIds: TaxIdWrite[] = [];

  /** The last four to keep for one tax id, after checking it. */
  const tax = (
    path: string,
    typed: TaxIdDraft,
    onFile: { type?: TaxIdType; last4?: string } | undefined,
    required: boolean,
    key: (entityId: string) => string,
  ): string | undefined => {
    const keeps = onFile?.last4 !== undefined && onFile.type === typed.type;
    const problem = taxIdProblem(typed, required && !keeps);
    if (problem) {
      own[path] = problem;
      return undefined;
    }
    if (isBlankTaxId(typed)) return keeps ? onFile?.last4 : undefined;
    taxIds.push({ key, type: typed.type, value: typed.value });
    return taxIdLast4(typed);
  };

  const entityLast4 = tax(
    "taxId",
    draft.taxId,
    existing && { type: existing.taxIdType, last4: existing.taxIdLast4 },
    true,
    taxIdKey.entity,
  );

  const candidate: Record<string, unknown> = {
    ...base,
    type: draft.type,
    legalName: draft.legalName.trim(),
    taxIdType: draft.taxId.type,
    sbis: {},
  };
  if (entityLast4 !== undefined) candidate.taxIdLast4 = entityLast4;

  if (draft.type === "I" && draft.hasSpouse) {
    const onFile = existing?.spouse;
    const last4 = tax(
      "spouse.taxId",
      draft.spouseTaxId,
      onFile && { type: onFile.taxIdType, last4: onFile.taxIdLast4 },
      false,
      taxIdKey.spouse,
    );
    const spouse: Record<string, unknown> = { name: draft.spouseName.trim() };
    if (last4 !== undefined || !isBlankTaxId(draft.spouseTaxId)) spouse.taxIdType = draft.spouseTaxId.type;
    if (last4 !== undefined) spouse.taxIdLast4 = last4;
    candidate.spouse = spouse;
  }

  const sbis: Record<string, unknown> = {};
  for (const sbi of draft.sbis) {
    if (!/^\d+(\.\d+)?$/.test(shareText(sbi.sharePercent)))
      own[`sbis.${sbi.id}.sharePercent`] = "give the share in percent, e.g. 50 or 12.5";
    const onFile = existing?.sbis[sbi.id];
    const last4 = tax(
      `sbis.${sbi.id}.taxId`,
      sbi.taxId,
      onFile && { type: onFile.taxIdType, last4: onFile.taxIdLast4 },
      true,
      (entityId) => taxIdKey.sbi(entityId, sbi.id),
    );
    sbis[sbi.id] = {
      id: sbi.id,
      name: sbi.name.trim(),
      entityType: sbi.entityType,
      taxIdType: sbi.taxId.type,
      ...(last4 !== undefined ? { taxIdLast4: last4 } : {}),
      sharePercent: shareText(sbi.sharePercent),
    };
  }
  candidate.sbis = sbis;

  const address = addressFromDraft(draft.address);
  if (address) candidate.address = address;

  const parsed = entitySchema.safeParse(candidate);
  const schemaIssues = parsed.success ? {} : issuesByPath(parsed.error);
  const issues = mergeIssues(own, schemaIssues);
  if (!parsed.success || Object.keys(issues).length > 0) return { ok: false, issues };
  return { ok: true, entity: parsed.data, taxIds };
}

/** The entity's own fields an edit changes (compared with the record as it is now). */
export const ENTITY_FIELDS = [
  "type",
  "legalName",
  "taxIdType",
  "taxIdLast4",
  "spouse",
  "sbis",
  "address",
] as const;
export type EntityField = (typeof ENTITY_FIELDS)[number];

/**
 * The fields of `next` that differ from `current`, for a field-level patch (a field now absent is
 * undefined: removed). Fields nobody changed are left out, so another agent's edit of them survives.
 */
export function changedEntityFields(current: Entity, next: Entity): Partial<Pick<Entity, EntityField>> {
  const out: Record<string, unknown> = {};
  for (const field of ENTITY_FIELDS) if (!sameValue(current[field], next[field])) out[field] = next[field];
  return out as Partial<Pick<Entity, EntityField>>;
}

/** Deep equality of plain data, whatever the order of object keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Total of the SBIs' shares as typed, for the running total under the list (the schema decides). */
export function typedShareTotal(sbis: readonly SbiDraft[]): number {
  let total = 0;
  for (const sbi of sbis) {
    const n = Number(shareText(sbi.sharePercent));
    if (Number.isFinite(n)) total += Math.round(n * 10_000);
  }
  return total / 10_000;
}
