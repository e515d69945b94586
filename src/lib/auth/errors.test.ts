import { GenericError, TimeoutError } from "@auth0/auth0-spa-js";
import { describe, expect, it } from "vitest";
import { authErrorCode, normalizeAuthError, OAuthError } from "./errors";

describe("identity errors (spec §8)", () => {
  it("keeps structured errors from auth0-spa-js with their codes", () => {
    const timeout = new TimeoutError();
    expect(normalizeAuthError(timeout, "Login failed")).toBe(timeout);
    expect(authErrorCode(timeout)).toBe("timeout");
    expect(timeout.message).toBe("Timeout");
    const mismatch = new GenericError("state_mismatch", "Invalid state");
    expect(authErrorCode(normalizeAuthError(mismatch, "Login failed"))).toBe("state_mismatch");
  });

  it("turns an error/error_description payload into an OAuthError", () => {
    const error = normalizeAuthError(
      { error: "login_required", error_description: "Login required" },
      "Login failed",
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.message).toBe("Login required");
    expect(authErrorCode(error)).toBe("login_required");
  });

  it("uses the fixed sentences when nothing structured was thrown", () => {
    expect(normalizeAuthError("boom", "Login failed").message).toBe("Login failed");
    expect(normalizeAuthError(undefined, "Get access token failed").message).toBe("Get access token failed");
    expect(authErrorCode(new Error("x"))).toBeUndefined();
  });
});
