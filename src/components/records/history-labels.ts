import type { Coverage, Policy, StoredEntity } from "../../../shared/documents/book";
import { formatDate } from "../../lib/format";
import { profileFieldLabel } from "../book/profile-labels";
import { commodityLabel, PLAN_SHORT_LABELS, typeLabel } from "../book/record-labels";

// Words for the customer's whole history on the record page: which record an entry is about, and its
// fields ("legalName" → "legal name"; the profile's by their form labels). Only names, never values.

const ID_LIKE = /^[0-9A-Z]{10,}$|^[0-9a-f-]{16,}$/;
const WORDS: Readonly<Record<string, string>> = {
  sbis: "SBIs",
  taxIdLast4: "tax id (last four digits)",
  taxIdType: "tax id type",
  taxId: "tax id",
};

/** A field path as words: "legalName" → "legal name", "sbis.01J….sharePercent" → "SBIs share percent". */
export function humanizeField(path: string): string {
  return path
    .split(".")
    .filter((part) => !ID_LIKE.test(part))
    .map((part) => WORDS[part] ?? part.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase())
    .join(" ");
}

/** A field of any section: the profile's by its label, the others as words. */
export const historyFieldLabel = (field: string, section: string): string =>
  section === "profile" ? profileFieldLabel(field) : humanizeField(field);

export interface CustomerRecordsForHistory {
  entities: Record<string, StoredEntity>;
  policies: Record<string, Policy>;
  coverages: Record<string, Coverage>;
}

/** The record an entry of the customer's history is about, in words. */
export function historyRecordLabel(records: CustomerRecordsForHistory) {
  const entityName = (id: string) => records.entities[id]?.legalName ?? "an entity";
  return (section: string, recordId: string): string => {
    switch (section) {
      case "profile":
        return "the profile";
      case "entities":
        return records.entities[recordId] ? `entity ${entityName(recordId)}` : "an entity";
      case "policies": {
        const p = records.policies[recordId];
        return p ? `${PLAN_SHORT_LABELS[p.plan]} policy ${p.policyNumber || "(no number yet)"}` : "a policy";
      }
      case "coverages": {
        const c = records.coverages[recordId];
        return c
          ? `${PLAN_SHORT_LABELS[c.plan]} coverage ${commodityLabel(c.plan, c.commodity)} · ${typeLabel(c.plan, c.commodity, c.type)} ending ${formatDate(c.endDate)}`
          : "a coverage";
      }
      case "taxIds": {
        const [entityId = "", kind] = recordId.split(".");
        const whose =
          kind === "spouse" ? "the spouse's tax id" : kind === "sbi" ? "an SBI's tax id" : "the tax id";
        return `${whose} of ${entityName(entityId)}`;
      }
      case "legacy":
        return "a record kept from an older version";
      default:
        return section;
    }
  };
}
