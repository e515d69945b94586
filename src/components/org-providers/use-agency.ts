import { useEffect, useState } from "react";
import type { InsurancePlan, InsuranceProviderId } from "../../../shared/catalogue";

// Which agency an application goes to (GET /api/applications/agency/{orgId}): its name, so the producer
// sees who will receive their tax id before typing it, and the insurance providers it writes each plan
// with, so the form offers those (the server refuses others). The last answer is kept on the device:
// the form works offline, and so does knowing where it goes.

export interface KnownAgency {
  name: string;
  providers: Record<InsurancePlan, InsuranceProviderId[]>;
  defaults: Record<InsurancePlan, InsuranceProviderId>;
}

export type Agency =
  | { state: "loading" }
  | ({ state: "known" } & KnownAgency)
  | { state: "unknown"; message: string }
  | { state: "offline" };

const keyOf = (orgId: string) => `rangeline.apply.agency.${orgId}`;

const isKnown = (v: unknown): v is KnownAgency =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as KnownAgency).name === "string" &&
  Array.isArray((v as KnownAgency).providers?.lrp) &&
  Array.isArray((v as KnownAgency).providers?.lgm) &&
  typeof (v as KnownAgency).defaults?.lrp === "string";

function remembered(orgId: string): Agency {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(orgId)) ?? "null") as unknown;
    return isKnown(kept) ? { state: "known", ...kept } : { state: "loading" };
  } catch {
    return { state: "loading" };
  }
}

/** The agency `orgId` names; null asks nothing (no agency known) and stays "offline". */
export function useAgency(orgId: string | null): Agency {
  const [agency, setAgency] = useState<Agency>(() => (orgId ? remembered(orgId) : { state: "offline" }));
  useEffect(() => {
    if (orgId === null) return setAgency({ state: "offline" });
    let live = true;
    setAgency(remembered(orgId));
    void (async () => {
      try {
        const response = await fetch(`/api/applications/agency/${encodeURIComponent(orgId)}`);
        const body = (await response.json().catch(() => ({}))) as unknown;
        if (!live) return;
        if (response.ok && isKnown(body)) {
          const known = { name: body.name, providers: body.providers, defaults: body.defaults };
          localStorage.setItem(keyOf(orgId), JSON.stringify(known));
          setAgency({ state: "known", ...known });
        } else if (response.status === 404 || response.status === 400) {
          localStorage.removeItem(keyOf(orgId));
          const message = (body as { message?: string }).message ?? "This link names no agency.";
          setAgency({ state: "unknown", message });
        } else setAgency((a) => (a.state === "known" ? a : { state: "offline" }));
      } catch {
        if (live) setAgency((a) => (a.state === "known" ? a : { state: "offline" }));
      }
    })();
    return () => {
      live = false;
    };
  }, [orgId]);
  return agency;
}
