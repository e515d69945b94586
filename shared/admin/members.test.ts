import { describe, expect, it } from "vitest";
import { grantProblem, LAST_ADMIN_MESSAGE, lastAdminProblem } from "./members";

describe("membership rules", () => {
  it("the last admin keeps the admin role; one of two may lose it", () => {
    expect(lastAdminProblem(["a"], "a", ["agent"])).toBe(LAST_ADMIN_MESSAGE);
    expect(lastAdminProblem(["a"], "a", [])).toBe(LAST_ADMIN_MESSAGE);
    expect(lastAdminProblem(["a"], "a", ["admin", "agent"])).toBeNull();
    expect(lastAdminProblem(["a", "b"], "a", [])).toBeNull();
    expect(lastAdminProblem(["a"], "x", [])).toBeNull();
  });
  it("admins grant org roles, agents the customer role only, nobody superAdmin", () => {
    expect(grantProblem(["admin"], ["agent", "admin", "partner", "customer"])).toBeNull();
    expect(grantProblem(["admin"], ["superAdmin"])).toContain("platform's");
    expect(grantProblem(["agent"], ["customer"])).toBeNull();
    expect(grantProblem(["agent"], ["agent"])).toContain("Agents manage customers' portal accounts only");
    expect(grantProblem(["partner"], ["customer"])).not.toBeNull();
  });
});
