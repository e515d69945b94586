import { describe, expect, it } from "vitest";
import { authReducer, initialAuthState } from "./auth-state";

const user = { sub: "auth0|demo-agent", name: "Alex Agent" };

describe("auth state machine (spec §4)", () => {
  it("starts loading and not authenticated", () => {
    expect(initialAuthState).toEqual({
      isAuthenticated: false,
      isLoading: true,
      error: undefined,
      user: undefined,
    });
  });

  it("initialisation ends loading with the user, or without one", () => {
    expect(authReducer(initialAuthState, { type: "INITIALISED", user })).toEqual({
      isAuthenticated: true,
      isLoading: false,
      error: undefined,
      user,
    });
    expect(authReducer(initialAuthState, { type: "INITIALISED", user: undefined })).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
    });
  });

  it("a popup login sets loading, then completes with the user", () => {
    const ready = authReducer(initialAuthState, { type: "INITIALISED", user: undefined });
    const started = authReducer(ready, { type: "LOGIN_POPUP_STARTED" });
    expect(started.isLoading).toBe(true);
    expect(authReducer(started, { type: "LOGIN_POPUP_COMPLETE", user })).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user,
    });
  });

  it("logout clears the user", () => {
    const signedIn = authReducer(initialAuthState, { type: "INITIALISED", user });
    expect(authReducer(signedIn, { type: "LOGOUT" })).toMatchObject({
      isAuthenticated: false,
      user: undefined,
    });
  });

  it("an error sets loading false and keeps the error; the next success clears it", () => {
    const error = new Error("Login failed");
    const failed = authReducer(initialAuthState, { type: "ERROR", error });
    expect(failed).toMatchObject({ isLoading: false, error });
    expect(authReducer(failed, { type: "INITIALISED", user }).error).toBeUndefined();
  });

  it("a user update changes state only when the claims changed", () => {
    const signedIn = authReducer(initialAuthState, { type: "INITIALISED", user });
    expect(authReducer(signedIn, { type: "USER_UPDATED", user: { ...user } })).toBe(signedIn);
    const promoted = { ...user, "https://rangeline.app/roles": ["admin"] };
    expect(authReducer(signedIn, { type: "USER_UPDATED", user: promoted }).user).toEqual(promoted);
    expect(authReducer(signedIn, { type: "USER_UPDATED", user: undefined }).isAuthenticated).toBe(false);
  });
});
