import { describe, expect, it } from "vitest";
import { z } from "zod";
import { entitySchema } from "../../../shared/documents/book";
import { issueAt, issuesByPath, mergeIssues, pathKey, unplacedIssues } from "./zod-issues";

const stamps = { createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", updatedBy: "u1" };

describe("issuesByPath", () => {
  it("keys each issue by its dotted path, first message per path", () => {
    const schema = z.object({ a: z.string().min(1, "give a"), b: z.object({ c: z.number("need c") }) });
    const result = schema.safeParse({ a: "", b: {} });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesByPath(result.error)).toEqual({ a: "give a", "b.c": "need c" });
  });

  it("puts issues under a prefix and renames paths", () => {
    const issues = [
      { code: "custom", path: ["sharePercent"], message: "too much", input: "x" },
      { code: "custom", path: [], message: "whole", input: "x" },
    ] as z.core.$ZodIssue[];
    expect(issuesByPath(issues, { prefix: "sbis.S1" })).toEqual({
      "sbis.S1.sharePercent": "too much",
      "sbis.S1": "whole",
    });
    expect(issuesByPath(issues, { rename: { sharePercent: "share" } })).toEqual({
      share: "too much",
      "": "whole",
    });
  });

  it("places the entity schema's SBI total at sbis with the schema's message", () => {
    const sbi = (id: string, share: string) => ({
      id,
      name: id,
      entityType: "I",
      taxIdType: 1,
      sharePercent: share,
    });
    const result = entitySchema.safeParse({
      id: "E1",
      type: "P",
      legalName: "Smith Ranch",
      taxIdType: 2,
      sbis: { S1: sbi("S1", "60"), S2: sbi("S2", "50") },
      status: "active",
      ...stamps,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const issues = issuesByPath(result.error);
    expect(issueAt(issues, "sbis")).toBe("the SBIs' shares add up to 110 %, more than 100 %");
    expect(issueAt(issues, "legalName")).toBeUndefined();
  });
});

describe("helpers", () => {
  it("pathKey joins numbers and strings", () => expect(pathKey(["sbis", 0, "name"])).toBe("sbis.0.name"));
  it("mergeIssues keeps the first message of a path", () =>
    expect(mergeIssues({ a: "one" }, { a: "two", b: "three" })).toEqual({ a: "one", b: "three" }));
  it("unplacedIssues lists what no field shows, with its path", () =>
    expect(unplacedIssues({ a: "one", "x.y": "two", "": "three" }, ["a"])).toEqual(["x.y: two", "three"]));
});
