import { describe, expect, it } from "vitest";
import { presenceName } from "./presence-name";

describe("[PRES1] who is editing", () => {
  it("the signed-in user's other device is 'you, on another device', someone else is their name", () => {
    const alex = { id: "auth0|demo-agent", name: "Alex Agent" };
    expect(presenceName(alex, "auth0|demo-agent")).toBe("you, on another device");
    expect(presenceName(alex, "auth0|demo-agent2")).toBe("Alex Agent");
  });
});
