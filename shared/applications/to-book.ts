import { cropYearOf, reinsuranceYear } from "../book/crop-year";
import type { Application } from "../documents/application";
import type { CustomerProfile, Entity, Policy, Sbi } from "../documents/book";
import { taxIdKey } from "../documents/book";
import type { TaxIdType } from "../documents/tax-id";

// An accepted application in the agent's book (docs/applications.md): the producer profile, the entity (with its
// spouse or SBIs, last four digits only) and a pending policy per plan wanted, plus the full tax ids for
// the agents-only internal document. Pure: the ids are made by the caller (on the device).

type Stamps = "id" | "createdAt" | "updatedAt" | "updatedBy";

export interface BookFromApplication {
  profile: Omit<CustomerProfile, Stamps>;
  entity: Omit<Entity, Stamps>;
  policies: Omit<Policy, Stamps | "entityId">[];
  /** Full tax ids by internal-document key; `key(entityId)` as entity ids are made on write. */
  taxIds: { key: (entityId: string) => string; type: TaxIdType; value: string }[];
}

const last4 = (digits: string) => digits.slice(-4);

export function bookFromApplication(a: Application): BookFromApplication {
  const individual = a.applicantType === "individual" ? a.individual : undefined;
  const business = a.applicantType === "business" ? a.business : undefined;
  const name = individual?.name ?? business?.legalName ?? "";
  const sbis: Record<string, Sbi> = {};
  for (const s of business?.sbis ?? [])
    sbis[s.id] = {
      id: s.id,
      name: s.name,
      entityType: s.entityType as Sbi["entityType"],
      taxIdType: s.taxIdType,
      taxIdLast4: last4(s.taxId),
      sharePercent: s.sharePercent,
    };
  const spouse = individual?.spouse;
  const taxIds: BookFromApplication["taxIds"] = [{ key: taxIdKey.entity, type: a.taxIdType, value: a.taxId }];
  if (spouse?.taxId && spouse.taxIdType)
    taxIds.push({ key: taxIdKey.spouse, type: spouse.taxIdType, value: spouse.taxId });
  for (const s of business?.sbis ?? [])
    taxIds.push({ key: (entityId) => taxIdKey.sbi(entityId, s.id), type: s.taxIdType, value: s.taxId });

  const profile: Omit<CustomerProfile, Stamps> = {
    name,
    email: a.email,
    mobilePhone: a.phone,
    address: a.address,
    farmerClassification: a.farmerClassification,
    ...(a.farmingSinceYear !== undefined ? { farmingSinceYear: a.farmingSinceYear } : {}),
    preferredProviders: { ...a.providers },
    status: "active",
  };
  const entity: Omit<Entity, Stamps> = {
    type: individual ? "I" : (business?.entityType ?? ""),
    legalName: name,
    taxIdType: a.taxIdType,
    taxIdLast4: last4(a.taxId),
    ...(spouse
      ? {
          spouse: {
            name: spouse.name,
            ...(spouse.taxId && spouse.taxIdType
              ? { taxIdType: spouse.taxIdType, taxIdLast4: last4(spouse.taxId) }
              : {}),
          },
        }
      : {}),
    sbis,
    address: a.address,
    status: "active",
  };
  const policies = a.plans.map((plan) => ({
    plan,
    providerId: a.providers[plan] as Policy["providerId"],
    cropYear: cropYearOf(a.date),
    reinsuranceYear: reinsuranceYear(a.date),
    status: "pending" as const,
    state: a.address.state,
    county: a.address.county as string,
  }));
  return { profile, entity, policies, taxIds };
}
