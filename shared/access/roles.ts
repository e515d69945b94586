// Spec §3 "Session": the roles a signed-in user may hold.
export const ROLES = ["admin", "superAdmin", "agent", "customer", "partner"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
