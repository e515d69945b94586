import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_COLUMNS, MAX_ROWS, SheetError } from "../../../shared/book/import/parse";
import { parseFile, parseXlsx } from "../../../shared/book/import/parse-xlsx";
import { MAX_XLSX_BYTES, MAX_XLSX_PARTS, MAX_XLSX_UNPACKED } from "../../../shared/book/import/zip";
import { workbookEntries, type ZipEntry, zip } from "../../fixtures/import/zip";

// XLSX1 (docs/hardening.md): the import's XLSX engine checks the ZIP before unpacking it and reads
// worksheets as a stream of rows. Small crafted workbooks (tests/fixtures/import/zip.ts) prove each check;
// bench:xlsx-bounds measures the million-row workbook's time and memory.

const rowsXml = (from: number, to: number) => {
  const parts: string[] = [];
  for (let n = from; n <= to; n++) parts.push(`<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`);
  return parts.join("");
};
const sheet = (data: string, name = "Rows") => workbookEntries([{ name, data }]);

describe("parseXlsx bounds", () => {
  it("[XLSX1] refuses a file over the size an import reads before opening it", async () => {
    await expect(parseXlsx(new Uint8Array(MAX_XLSX_BYTES + 1))).rejects.toThrow(
      "the workbook is 50.1 MB, more than the 50 MB an import reads (split it, or save it as .csv)",
    );
  });

  it("[XLSX1] refuses a workbook of more parts than an import reads, from its directory", async () => {
    const parts: ZipEntry[] = [...sheet(rowsXml(1, 2))];
    while (parts.length <= MAX_XLSX_PARTS) parts.push({ name: `xl/media/p${parts.length}.bin`, data: "x" });
    await expect(parseXlsx(zip(parts))).rejects.toThrow(
      "the workbook has 1,001 parts, more than the 1,000 an import reads",
    );
  });

  it("[XLSX1] refuses a workbook whose directory says it unpacks past the limit, before unpacking it", async () => {
    const parts = sheet(rowsXml(1, 2));
    parts.push({ name: "xl/media/big.bin", data: "small", declaredSize: MAX_XLSX_UNPACKED });
    await expect(parseXlsx(zip(parts))).rejects.toThrow(
      "the workbook unpacks to more than the 250 MB an import reads (250.1 MB in its first 6 parts)",
    );
  });

  it("[XLSX1] stops unpacking a part that unpacks to more than its directory entry says", async () => {
    const parts = sheet(rowsXml(1, 500)).map((p) =>
      p.name === "xl/worksheets/sheet1.xml" ? { ...p, declaredSize: 1_000 } : p,
    );
    await expect(parseXlsx(zip(parts))).rejects.toThrow(
      "xl/worksheets/sheet1.xml unpacks to more than the 1,000 bytes the workbook says it holds (the file is damaged or forged)",
    );
  });

  it("[XLSX1] reads rows as a stream: the row past the limit ends the read, the rest is never unpacked", async () => {
    // After the rows, incompressible filler, then a cut deflate stream: reading to the end fails.
    const filler = Array.from({ length: 40_000 }, (_, i) => ((i * 2_654_435_761) >>> 0).toString(36)).join(
      " ",
    );
    const damaged = (rows: number) =>
      zip(
        sheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>Head</t></is></c></row>${rowsXml(2, rows)}`).map(
          (p) =>
            p.name === "xl/worksheets/sheet1.xml"
              ? { ...p, data: `${p.data}<!-- ${filler} -->`, cut: 64 }
              : p,
        ),
      );
    await expect(parseXlsx(damaged(10))).rejects.toThrow("the file is not an XLSX workbook that can be read");
    await expect(parseXlsx(damaged(MAX_ROWS + 1_000))).rejects.toThrow(
      "Rows: more than the 100,000 rows an import reads at once (split the file)",
    );
  });

  it("[XLSX1] refuses a row whose XML runs past what an import holds at once", async () => {
    const data = `<row r="1"><c r="A1" t="inlineStr"><is><t>${"x".repeat(2_100_000)}</t></is></c></row>`;
    await expect(parseXlsx(zip(sheet(data)))).rejects.toThrow(
      "Rows: a row longer than the 2 MB an import reads",
    );
  });

  it("[XLSX1] refuses a header past the widest sheet an import reads without a row that wide", async () => {
    const data = `<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="XFD1" t="inlineStr"><is><t>Far</t></is></c></row>`;
    await expect(parseXlsx(zip(sheet(data)))).rejects.toThrow(
      `Rows: the header row is wider than the ${MAX_COLUMNS} columns an import reads`,
    );
  });
});

describe("parseXlsx cells", () => {
  it("reads shared and inline strings, dates by their style, booleans, errors and formulas' cached values", async () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd;@"/><numFmt numFmtId="165" formatCode="#,##0 &quot;hd&quot;"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const shared = [
      "Name",
      "Sales Date",
      "Head",
      "<r><t>Jo &amp; </t></r><r><t>Ann</t></r><rPh><t>ジョ</t></rPh>",
    ];
    const data =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="inlineStr"><is><t>Ok</t></is></c><c r="E1" t="inlineStr"><is><t>Err</t></is></c></row>' +
      '<row r="2"/>' +
      '<row r="4"><c r="A4" t="s"><v>3</v></c><c r="B4" s="1"><v>46344</v></c><c r="C4" s="3"><v>1200.5</v></c><c r="D4" t="b"><v>1</v></c><c r="E4" t="e"><v>#N/A</v></c></row>' +
      '<row><c t="str"><f>A1</f><v>=B1 &lt;x&gt;</v></c><c s="2"><f>TODAY()</f><v>46345</v></c><c><f>C4*2</f></c></row>';
    const [read] = await parseFile(
      "book.xlsx",
      zip(workbookEntries([{ name: "A & B", data }], shared, { styles })),
    );
    expect(read).toEqual({
      name: "A & B",
      headers: ["Name", "Sales Date", "Head", "Ok", "Err"],
      rows: [
        { line: 4, cells: ["Jo & Ann", "2026-11-18", "1200.5", "true", ""] },
        { line: 5, cells: ["=B1 <x>", "2026-11-19", "", "", ""] },
      ],
    });
    const in1904 = await parseXlsx(
      zip(
        workbookEntries(
          [
            {
              name: "S",
              data: '<row r="1"><c r="A1" t="inlineStr"><is><t>D</t></is></c></row><row r="2"><c r="A2" s="1"><v>44882</v></c></row>',
            },
          ],
          undefined,
          { styles, workbookPr: '<workbookPr date1904="1"/>' },
        ),
      ),
    );
    expect(in1904[0]?.rows[0]?.cells).toEqual(["2026-11-18"]);
  });
});

describe("parseXlsx on damaged files", () => {
  it("[XLSX1] [property] a workbook with bytes changed or cut is read or refused with a sentence, never another error", async () => {
    const fixture = new Uint8Array(readFileSync(new URL("../../fixtures/import/book.xlsx", import.meta.url)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(fixture.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(fixture.length),
        async (changes, cut) => {
          const bytes = fixture.slice(0, fixture.length - (cut % 64 === 0 ? cut : 0));
          for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
          try {
            await parseXlsx(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(SheetError);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
