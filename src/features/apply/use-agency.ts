import { useEffect, useState } from "react";

// Which agency an application goes to, by name (GET /api/applications/agency/{orgId}), so the producer
// sees who will receive their tax id before typing it. The last answer is kept on the device: the form
// works offline, and so does knowing where it goes.

export type Agency =
  | { state: "loading" }
  | { state: "known"; name: string }
  | { state: "unknown"; message: string }
  | { state: "offline" };

const keyOf = (orgId: string) => `rangeline.apply.agency.${orgId}`;

function remembered(orgId: string): Agency {
  try {
    const name = localStorage.getItem(keyOf(orgId));
    return name ? { state: "known", name } : { state: "loading" };
  } catch {
    return { state: "loading" };
  }
}

export function useAgency(orgId: string): Agency {
  const [agency, setAgency] = useState<Agency>(() => remembered(orgId));
  useEffect(() => {
    let live = true;
    setAgency(remembered(orgId));
    void (async () => {
      try {
        const response = await fetch(`/api/applications/agency/${encodeURIComponent(orgId)}`);
        const body = (await response.json().catch(() => ({}))) as { name?: string; message?: string };
        if (!live) return;
        if (response.ok && body.name) {
          localStorage.setItem(keyOf(orgId), body.name);
          setAgency({ state: "known", name: body.name });
        } else if (response.status === 404 || response.status === 400) {
          localStorage.removeItem(keyOf(orgId));
          setAgency({ state: "unknown", message: body.message ?? "This link names no agency." });
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
