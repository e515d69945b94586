import { describe, expect, it } from "vitest";
import type { EntitySummary } from "../../../shared/documents/book";
import { entityRows, filterEntityRows, typesInBook } from "./entity-rows";

const summary = (id: string, type: string, status: "active" | "deactivated"): EntitySummary => ({
  id,
  customerId: "c1",
  legalName: `Entity ${id}`,
  type,
  status,
  updatedAt: "2026-11-01T00:00:00Z",
});

describe("entity rows", () => {
  const rows = entityRows(
    [summary("E1", "I", "active"), summary("E2", "Y", "deactivated"), summary("E3", "I", "deactivated")],
    new Map([["c1", "Smith Ranch"]]),
  );

  it("label the type and status and name the customer", () => {
    expect(rows[1]).toMatchObject({
      customer: "Smith Ranch",
      typeLabel: "Limited Liability Company",
      statusLabel: "Deactivated",
      href: "/agent/entities/E2",
    });
  });

  it("filter by status and type", () => {
    expect(filterEntityRows(rows, { status: "deactivated", type: "" }).map((r) => r.id)).toEqual([
      "E2",
      "E3",
    ]);
    expect(filterEntityRows(rows, { status: "deactivated", type: "I" }).map((r) => r.id)).toEqual(["E3"]);
    expect(filterEntityRows(rows, { status: "", type: "" })).toHaveLength(3);
    expect(typesInBook(rows)).toEqual(["I", "Y"]);
  });
});
