import { describe, expect, it } from "vitest";
import { chosenText, guessMapping } from "./mapping";
import { rowKind } from "./row-kind";

const headers = ["Insured Name", "Policy #", "Head", "Premium", "Remarks"];
const sheet = { headers };
const mapping = guessMapping(headers);

describe("[ROWKIND1] rows that are not records", () => {
  it.each([
    [["TOTAL", "", "1,250", "$ 41,000.00", ""], "total"],
    [["", "Grand Total", "1,250", "", ""], "total"],
    [["Subtotal - Custer", "", "300", "", ""], "total"],
    [["Count: 12", "", "", "", ""], "total"],
    [["TOTAL", "", "12 policies", "1,990 hd", ""], "total"],
    [["", "", "", "", ""], "blank"],
    [["  ", "", "", "", ""], "blank"],
    [["Insured Name", "Policy #", "Head", "Premium", ""], "header"],
    [["INSURED NAME", "POLICY", "HEAD", "", ""], "header"],
    [["Note: premiums as of 3/1/2027", "", "", "", ""], "note"],
    [["* pending the SCE", "", "", "", ""], "note"],
    [["", "", "", "", "call Dale after calving"], "note"],
  ])("%j is skipped as %s", (cells, kind) => {
    const read = rowKind(sheet, cells, mapping);
    expect(read).not.toBe("record");
    expect(read !== "record" && read.skip).toBe(kind);
    expect(read !== "record" && read.message).toMatch(/skipped$/);
  });

  it.each([
    [["Dale Miller", "LRP-1", "120", "", ""]],
    [["Totals Ranch LLC", "LRP-1", "120", "", ""]],
    [["Dale Miller", "", "", "", ""]],
    [["", "LRP-77", "", "", ""]],
    [["Robert Johnson", "", "", "", "Note: pays late"]],
    [["Total Beef LLC", "", "", "", ""]],
    [["Total Beef LLC", "TB-1", "120", "$ 3,120.00", ""]],
    [["Reporter Ranch", "", "", "", ""]],
    [["Sumner Cattle Co", "", "", "", ""]],
  ])("%j is a record", (cells) => {
    expect(rowKind(sheet, cells, mapping)).toBe("record");
  });

  it("names the totals row's text in its message", () => {
    expect(rowKind(sheet, ["TOTAL", "", "", "", ""], mapping)).toEqual({
      skip: "total",
      message: 'a totals row ("TOTAL"), not a record: skipped',
    });
  });
});

describe("[READ2] one answer for every row with the same value", () => {
  const withValues = { ...mapping, values: { type: { Steers: "809" }, provider: { "N.A.U.": "nau" } } };
  it("reads the chosen value whatever the case, spacing or punctuation", () => {
    expect(chosenText(withValues, "type", "STEERS ")).toBe("809");
    expect(chosenText(withValues, "provider", "nau")).toBe("nau");
    expect(chosenText(withValues, "type", "Heifers")).toBe("Heifers");
    expect(chosenText(withValues, "head", "Steers")).toBe("Steers");
  });
});
