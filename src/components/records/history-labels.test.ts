import { describe, expect, it } from "vitest";
import { sampleEntity, sampleLrpCoverage, samplePolicy } from "../../../shared/book/test-fixtures";
import { historyFieldLabel, historyRecordLabel, humanizeField } from "./history-labels";

describe("history words", () => {
  it("turns field paths into words, leaving ids out", () => {
    expect(humanizeField("legalName")).toBe("legal name");
    expect(humanizeField("sbis.01JSBI0000000000000000001.sharePercent")).toBe("SBIs share percent");
    expect(humanizeField("taxIdLast4")).toBe("tax id (last four digits)");
    expect(humanizeField("entityId")).toBe("entity id");
    expect(historyFieldLabel("mobilePhone", "profile")).toBe("Mobile phone");
    expect(historyFieldLabel("head", "coverages")).toBe("head");
  });

  it("names each kind of record, and a tax id only by whose it is", () => {
    const entity = sampleEntity();
    const policy = samplePolicy();
    const coverage = sampleLrpCoverage();
    const label = historyRecordLabel({
      entities: { [entity.id]: entity },
      policies: { [policy.id]: policy },
      coverages: { [coverage.id]: coverage },
    });
    expect(label("profile", "c1")).toBe("the profile");
    expect(label("entities", entity.id)).toBe("entity Jane Prairie");
    expect(label("policies", policy.id)).toBe("LRP policy LRP-2026-001");
    expect(label("coverages", coverage.id)).toMatch(/^LRP coverage Feeder Cattle · .* ending May 21, 2027$/);
    expect(label("taxIds", entity.id)).toBe("the tax id of Jane Prairie");
    expect(label("taxIds", `${entity.id}.sbi.s1`)).toBe("an SBI's tax id of Jane Prairie");
    expect(label("entities", "gone")).toBe("an entity");
  });
});
