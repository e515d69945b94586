import type { Role } from "../../shared/access/roles";

/** A user the embedded identity provider can sign in (development and test only). */
export interface DemoUser {
  /** Stable subject identifier, shaped like Auth0's "{connection}|{id}". */
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  orgId: string;
  /** The customer record a customer user is linked to; null for everyone else. */
  customerId: string | null;
}

/**
 * The demo users: organisation `demo` with one user per role (two agents, to show concurrent
 * editing), and organisation `other` with an agent and a customer of its own, to prove isolation.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    sub: "auth0|demo-admin",
    email: "admin@demo.rangeline.test",
    name: "Avery Admin",
    roles: ["admin"],
    orgId: "demo",
    customerId: null,
  },
  {
    sub: "auth0|demo-superadmin",
    email: "superadmin@demo.rangeline.test",
    name: "Sam Superadmin",
    roles: ["superAdmin"],
    orgId: "demo",
    customerId: null,
  },
  {
    sub: "auth0|demo-agent",
    email: "agent@demo.rangeline.test",
    name: "Alex Agent",
    roles: ["agent"],
    orgId: "demo",
    customerId: null,
  },
  {
    sub: "auth0|demo-agent2",
    email: "agent2@demo.rangeline.test",
    name: "Jordan Agent",
    roles: ["agent"],
    orgId: "demo",
    customerId: null,
  },
  {
    sub: "auth0|demo-customer",
    email: "customer@demo.rangeline.test",
    name: "Casey Customer",
    roles: ["customer"],
    orgId: "demo",
    customerId: "c-demo",
  },
  {
    sub: "auth0|demo-partner",
    email: "partner@demo.rangeline.test",
    name: "Pat Partner",
    roles: ["partner"],
    orgId: "demo",
    customerId: null,
  },
  {
    sub: "auth0|other-agent",
    email: "agent@other.rangeline.test",
    name: "Morgan Agent (Other)",
    roles: ["agent"],
    orgId: "other",
    customerId: null,
  },
  {
    sub: "auth0|other-customer",
    email: "customer@other.rangeline.test",
    name: "Riley Customer (Other)",
    roles: ["customer"],
    orgId: "other",
    customerId: "c-other",
  },
];

export const findDemoUser = (
  emailOrSub: string,
  users: readonly DemoUser[] = DEMO_USERS,
): DemoUser | undefined => {
  const wanted = emailOrSub.trim().toLowerCase();
  return users.find((user) => user.email === wanted || user.sub.toLowerCase() === wanted);
};
