import { useEffect, useMemo, useState } from "react";
import { sessionJson } from "../../lib/auth/authorized-json";
import { useSession } from "../../lib/auth/session";

// The agency's agents by user id, with their names: who a split can name. Read from the server's
// people list (`GET /api/orgs/{org}/people`, agents and admins) when there is a connection and kept on
// the device, so the split fields and the commission lists name agents offline too. An id the list
// does not know (an agent removed since) shows as itself.

export interface RosterAgent {
  id: string;
  name: string;
}

interface People {
  members: { id: string; name: string | null; email: string | null; roles: string[] }[];
}

const keyOf = (orgId: string) => `rangeline-commission-agents:${orgId}`;

function kept(orgId: string | null): RosterAgent[] {
  if (!orgId) return [];
  try {
    const text = localStorage.getItem(keyOf(orgId));
    const list = text ? (JSON.parse(text) as unknown) : [];
    return Array.isArray(list)
      ? list.filter((a): a is RosterAgent => typeof a?.id === "string" && typeof a?.name === "string")
      : [];
  } catch {
    return [];
  }
}

/** The agents of the session's organisation (kept list first, then the server's), sorted by name. */
export function useAgentRoster(): { agents: readonly RosterAgent[]; nameOf(id: string): string } {
  const { orgId, getAccessToken, user, status } = useSession();
  const [agents, setAgents] = useState<RosterAgent[]>(() => kept(orgId));
  useEffect(() => {
    if (!orgId || status !== "signed-in") return;
    let live = true;
    sessionJson<People>(getAccessToken, `/api/orgs/${encodeURIComponent(orgId)}/people`)
      .then((people) => {
        const list = people.members
          .filter((m) => m.roles.includes("agent"))
          .map((m) => ({ id: m.id, name: m.name ?? m.email ?? m.id }))
          .sort((a, b) => a.name.localeCompare(b.name));
        if (!live) return;
        setAgents(list);
        try {
          localStorage.setItem(keyOf(orgId), JSON.stringify(list));
        } catch {
          // A full device keeps the list of this visit only.
        }
      })
      .catch(() => {
        // Offline or refused: the kept list stays.
      });
    return () => {
      live = false;
    };
  }, [orgId, status, getAccessToken]);
  return useMemo(() => {
    const names = new Map(agents.map((a) => [a.id, a.name]));
    if (user?.sub && user.name && !names.has(user.sub)) names.set(user.sub, user.name);
    return { agents, nameOf: (id: string) => names.get(id) ?? id };
  }, [agents, user]);
}
