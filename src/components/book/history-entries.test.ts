import { describe, expect, it } from "vitest";
import {
  describeEntry,
  groupHistory,
  type HistoryEntry,
  meaningfulFields,
  parseHistory,
  parseHistoryEntry,
} from "./history-entries";

const entry = (at: string, user = "Alex", fields = ["name"]): HistoryEntry => ({
  at,
  userId: `u-${user}`,
  user,
  section: "profile",
  recordId: "c1",
  action: "changed",
  fields,
});

describe("record history", () => {
  it("reads the server's entries newest first and skips those without a time or a person", () => {
    const list = parseHistory([
      {
        at: "2026-11-20T10:00:00.000Z",
        userId: "u1",
        user: "Alex",
        section: "profile",
        recordId: "c1",
        fields: ["name"],
      },
      {
        at: "2026-11-20T11:00:00.000Z",
        userId: "u2",
        user: "Jordan",
        section: "profile",
        recordId: "c1",
        fields: ["email"],
      },
      { at: "not a time", userId: "u3", user: "X", fields: [] },
      { at: "2026-11-20T12:00:00.000Z", fields: ["x"] },
      "junk",
    ]);
    expect(list.map((e) => e.user)).toEqual(["Jordan", "Alex"]);
  });

  it("reads the server's answer: { history: [{ record, action, user: { id, email, name } }] }", () => {
    const [only] = parseHistory({
      history: [
        {
          id: 7,
          document: "customer",
          section: "entities",
          record: "e1",
          action: "created",
          fields: [],
          at: "2026-11-20T10:00:00.000Z",
          user: { id: "u1", email: "agent@demo.test", name: null },
        },
      ],
    });
    expect(only).toEqual({
      at: "2026-11-20T10:00:00.000Z",
      userId: "u1",
      user: "agent@demo.test",
      section: "entities",
      recordId: "e1",
      action: "created",
      fields: [],
    });
  });

  it("accepts a wrapped list and a user object, and falls back to the user id", () => {
    expect(parseHistory({ entries: [entry("2026-11-20T10:00:00Z")] })).toHaveLength(1);
    expect(
      parseHistoryEntry({ at: "2026-11-20T10:00:00Z", user: { id: "u9", name: "Sam" }, fields: ["a", 3] }),
    ).toMatchObject({ userId: "u9", user: "Sam", fields: ["a"] });
    expect(parseHistoryEntry({ at: "2026-11-20T10:00:00Z", userId: "u9" })?.user).toBe("u9");
  });

  it("says plainly when the answer is not a list", () => {
    expect(() => parseHistory({ error: "x" })).toThrow(/not a list/);
  });

  it("merges one person's consecutive changes within two minutes, not another person's", () => {
    const groups = groupHistory([
      entry("2026-11-20T10:00:00Z", "Alex", ["name"]),
      entry("2026-11-20T10:01:00Z", "Alex", ["email"]),
      entry("2026-11-20T10:02:30Z", "Alex", ["name"]),
      entry("2026-11-20T10:03:00Z", "Jordan", ["mobilePhone"]),
      entry("2026-11-20T10:20:00Z", "Alex", ["address"]),
    ]);
    expect(groups.map((g) => [g.user, g.at, g.fields])).toEqual([
      ["Alex", "2026-11-20T10:20:00Z", ["address"]],
      ["Jordan", "2026-11-20T10:03:00Z", ["mobilePhone"]],
      ["Alex", "2026-11-20T10:02:30Z", ["name", "email"]],
    ]);
  });

  it("does not name the stamps every write sets", () => {
    expect(meaningfulFields(["updatedAt", "name", "updatedBy", "createdAt"])).toEqual(["name"]);
  });

  it("says what was done, naming the record in a customer's whole history", () => {
    const label = (field: string) => (field === "name" ? "Name" : field);
    expect(describeEntry(entry("2026-11-20T10:00:00Z", "A", ["name", "updatedAt"]), label)).toBe(
      "changed Name",
    );
    expect(describeEntry({ ...entry("2026-11-20T10:00:00Z"), action: "created" }, label)).toBe(
      "created the record",
    );
    expect(describeEntry(entry("2026-11-20T10:00:00Z", "A", ["updatedAt"]), label)).toBe("saved the record");
    const record = (section: string, id: string) => `${section} ${id}`;
    expect(describeEntry(entry("2026-11-20T10:00:00Z", "A", ["name", "name"]), label, record)).toBe(
      "changed Name of profile c1",
    );
    expect(describeEntry({ ...entry("2026-11-20T10:00:00Z"), action: "removed" }, label, record)).toBe(
      "removed profile c1",
    );
  });
});
