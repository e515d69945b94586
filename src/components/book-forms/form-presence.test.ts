import { describe, expect, it } from "vitest";
import type { Presence } from "../../lib/sync";
import { describePresenceField, formPresence } from "./form-presence";

const person = (clientId: number, name: string, field: string | null): Presence => ({
  clientId,
  user: { name, color: "#000" } as Presence["user"],
  field,
});

describe("formPresence", () => {
  it("names the others in each field of this record only", () => {
    const presence = formPresence(
      "entities.E1",
      [
        person(1, "Ann", "entities.E1.legalName"),
        person(2, "Bo", "entities.E1.address.zip"),
        person(3, "Cy", "entities.E2.legalName"),
        person(4, "Di", "entities.E1.legalName"),
        person(5, "Ed", null),
      ],
      () => {},
    );
    expect(presence.editorsAt("legalName")).toEqual(["Ann", "Di"]);
    expect(presence.editorsAt("address.zip")).toEqual(["Bo"]);
    expect(presence.editorsAt("status")).toEqual([]);
  });

  it("reports focus under the record's prefix", () => {
    const seen: (string | null)[] = [];
    const presence = formPresence("policies.P1", [], (f) => seen.push(f));
    presence.focus("policyNumber");
    presence.focus(null);
    expect(seen).toEqual(["policies.P1.policyNumber", null]);
  });
});

describe("describePresenceField", () => {
  const label = (path: string) => (path === "legalName" ? "Legal name" : path);
  it("labels a field of this record and names the part of the customer otherwise", () => {
    expect(describePresenceField("entities.E1.legalName", "entities.E1", label)).toBe("Legal name");
    expect(describePresenceField("entities.E2.legalName", "entities.E1", label)).toBe("another entity");
    expect(describePresenceField("policies.P1.policyNumber", "entities.E1", label)).toBe("another policy");
    expect(describePresenceField("profile.name", "entities.E1", label)).toBe("the customer's profile");
    expect(describePresenceField("odd", "entities.E1", label)).toBe("odd");
  });
});
