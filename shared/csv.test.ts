import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("[CSV1] puts an apostrophe before every field a spreadsheet would run as a formula, headers included", () => {
    const starts = ["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"];
    const csv = toCsv(['=HYPERLINK("http://evil.example","Head")', "Name"], [starts, ["-12.5", "12", "a=b"]]);
    expect(csv.split("\r\n")).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""Head"")",Name`,
      `'=1+1,'+1,'-1+2,'@SUM(A1),'\tx,"'\rx"`,
      "-12.5,12,a=b",
      "",
    ]);
  });

  it("[CSV1] quotes commas, quotes and line breaks; numbers and empty cells as they are", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x, y", 'say "hi"'],
          [-3, null],
          ["line\nbreak", undefined],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n-3,\r\n"line\nbreak",\r\n');
  });
});
