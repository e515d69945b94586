import { describe, expect, it } from "vitest";
import { readAccessClaims } from "./access-claims";
import { isPendingCallback, safeReturnTo } from "./return-to";
import { sessionFrom } from "./session-from";

const actions = {
  signIn: async () => {},
  signOut: async () => {},
  signOutEverywhere: async () => {},
  getAccessToken: async () => "token",
};

describe("the session the screens see", () => {
  it("reads roles, organisation and customer from the ID token's namespaced claims", () => {
    const session = sessionFrom(
      {
        isLoading: false,
        isAuthenticated: true,
        error: undefined,
        user: {
          sub: "auth0|demo-customer",
          name: "Casey Customer",
          email: "customer@demo.rangeline.test",
          "https://rangeline.app/roles": ["customer", "someOtherAppRole"],
          "https://rangeline.app/org_id": "demo",
          "https://rangeline.app/customer_id": "c-demo",
        },
      },
      actions,
      readAccessClaims,
    );
    expect(session).toMatchObject({
      status: "signed-in",
      user: { sub: "auth0|demo-customer", name: "Casey Customer", email: "customer@demo.rangeline.test" },
      roles: ["customer"],
      orgId: "demo",
      customerId: "c-demo",
      error: null,
    });
  });

  it("is loading, then signed out with no roles", () => {
    const base = { isAuthenticated: false, error: undefined, user: undefined };
    expect(sessionFrom({ ...base, isLoading: true }, actions, undefined).status).toBe("loading");
    // Signed out needs no claims parser (it is loaded with the identity library, on demand).
    expect(sessionFrom({ ...base, isLoading: false }, actions, undefined)).toMatchObject({
      status: "signed-out",
      user: null,
      roles: [],
      orgId: null,
    });
  });

  it("stays loading, with no roles, while a signed-in user's claims cannot be read yet", () => {
    const auth = {
      isLoading: false,
      isAuthenticated: true,
      error: undefined,
      user: { sub: "auth0|demo-agent", "https://rangeline.app/roles": ["agent"] },
    };
    expect(sessionFrom(auth, actions, undefined)).toMatchObject({
      status: "loading",
      roles: [],
      orgId: null,
    });
    expect(sessionFrom(auth, actions, readAccessClaims)).toMatchObject({
      status: "signed-in",
      roles: ["agent"],
    });
  });

  it("reads no roles from claims that do not parse", () => {
    const user = {
      sub: "auth0|x",
      "https://rangeline.app/roles": "agent",
      "https://rangeline.app/org_id": 7,
    };
    expect(readAccessClaims(user)).toEqual({ roles: [], orgId: null, customerId: null });
  });

  it("follows return-to addresses only on this origin", () => {
    expect(safeReturnTo("/agent/customers?x=1")).toBe("/agent/customers?x=1");
    expect(safeReturnTo("//evil.example/")).toBeUndefined();
    expect(safeReturnTo("/\\evil.example")).toBeUndefined();
    expect(safeReturnTo("https://evil.example/")).toBeUndefined();
    expect(safeReturnTo(null)).toBeUndefined();
  });

  it("recognises a pending redirect callback", () => {
    expect(isPendingCallback({ pathname: "/auth-callback", search: "?code=abc&state=xyz" })).toBe(true);
    expect(isPendingCallback({ pathname: "/auth-callback", search: "?error=access_denied&state=xyz" })).toBe(
      true,
    );
    expect(isPendingCallback({ pathname: "/auth-callback", search: "" })).toBe(false);
    expect(isPendingCallback({ pathname: "/", search: "?code=abc&state=xyz" })).toBe(false);
  });
});
