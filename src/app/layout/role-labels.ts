import type { Role } from "../../../shared/access/roles";

/** How roles are named to people. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  superAdmin: "Super administrator",
  agent: "Agent",
  customer: "Customer",
  partner: "Partner",
};

/** "Agent", "Agent or Customer", "Admin, Agent or Customer". */
export function listRoles(roles: readonly Role[]): string {
  const labels = roles.map((role) => ROLE_LABELS[role]);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}
