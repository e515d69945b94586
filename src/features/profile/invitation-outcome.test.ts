import { describe, expect, it } from "vitest";
import { invitationOutcome, refusalAdvice } from "./invitation-outcome";

describe("invitation outcome (profile screen)", () => {
  it("joined: the organisation and roles the server answered", () => {
    expect(invitationOutcome(200, { orgId: "acme", roles: ["agent"] })).toEqual({
      kind: "joined",
      orgId: "acme",
      roles: ["agent"],
    });
  });

  it("refusals keep the server's sentence and reason; wrong e-mail names the invited address", () => {
    expect(invitationOutcome(410, { reason: "expired", message: "This invitation has expired: …" })).toEqual({
      kind: "refused",
      reason: "expired",
      message: "This invitation has expired: …",
    });
    expect(
      invitationOutcome(403, { reason: "wrong-email", invitedEmail: "a@b.test", message: "For a@b.test" }),
    ).toMatchObject({ kind: "refused", reason: "wrong-email", invitedEmail: "a@b.test" });
    expect(refusalAdvice("wrong-email", "a@b.test").next).toBe(
      "Sign out, open the link in the e-mail again and sign in as a@b.test.",
    );
    expect(refusalAdvice("expired").title).toBe("This invitation has expired");
    expect(refusalAdvice("used").title).toBe("This invitation was already used");
    for (const reason of ["forged", "malformed", "unknown"] as const)
      expect(refusalAdvice(reason).title).toBe("This invitation link is not valid");
  });

  it("anything else (signed out, server down, unknown reason) is a failure to retry", () => {
    expect(
      invitationOutcome(401, { message: "Sign in first, then open the invitation link again." }),
    ).toEqual({
      kind: "failed",
      message: "Sign in first, then open the invitation link again.",
    });
    expect(invitationOutcome(502, {})).toEqual({ kind: "failed", message: "The server answered 502." });
    expect(invitationOutcome(410, { reason: "gone-fishing", message: "?" }).kind).toBe("failed");
  });
});
