import { MAX_CELL, MAX_COLUMNS, parseCsv, SheetBuilder, SheetError } from "./parse";
import type { Sheet } from "./types";
import {
  attributeOf,
  attributes,
  columnOf,
  dateStyles,
  decodeXml,
  elementPattern,
  runText,
  serialDate,
  streamedElements,
} from "./xlsx-xml";
import { partText, smallPartText, type ZipPart, zipDirectory } from "./zip";

// An XLSX workbook as sheets, one per worksheet in the workbook's order, read within bounds (XLSX1,
// docs/hardening.md): the ZIP's directory is checked before anything is unpacked (zip.ts), and each
// worksheet is read as a stream of rows into a SheetBuilder, which refuses the row past the limit — so a
// small file of a million rows is refused after its first 100,000, never held whole. A date cell becomes
// its ISO date, a formula its cached result, rich text its plain text; the row number is the worksheet's.

/** A row's XML longer than this is refused (200 columns of 1,000-character cells, escaped, fit in it). */
const MAX_ROW_XML = 2_000_000;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

const VALUE = elementPattern("v", "");
const R = attributeOf("r");
const T = attributeOf("t");
const S = attributeOf("s");
const INLINE = elementPattern("is", "");
const unreadable = () =>
  new SheetError("the file is not an XLSX workbook that can be read (save it again as .xlsx or .csv)");

interface Relationship {
  type: string;
  target: string;
}

/** A part's relationships by id, their targets resolved against the folder of the part (`dir`). */
function relationships(xml: string, dir: string): Map<string, Relationship> {
  const found = new Map<string, Relationship>();
  for (const m of xml.matchAll(elementPattern("Relationship"))) {
    const a = attributes(m[1] ?? "");
    const target = a.get("Target") ?? "";
    const path = target.startsWith("/") ? target.slice(1) : `${dir}${target}`;
    const parts: string[] = [];
    for (const step of path.split("/")) {
      if (step === "..") parts.pop();
      else if (step !== "." && step !== "") parts.push(step);
    }
    found.set(a.get("Id") ?? "", { type: a.get("Type") ?? "", target: parts.join("/") });
  }
  return found;
}

interface Workbook {
  bytes: Uint8Array;
  shared: string[];
  dates: boolean[];
  date1904: boolean;
}

/** The shared strings, each cut as a cell is (MAX_CELL), read as a stream. */
async function sharedStrings(bytes: Uint8Array, part: ZipPart): Promise<string[]> {
  const strings: string[] = [];
  const tooLarge = () =>
    `${part.name}: a shared string longer than the ${MAX_ROW_XML / 1e6} MB an import reads`;
  for await (const m of streamedElements(
    partText(bytes, part),
    elementPattern("si"),
    "</si>",
    MAX_ROW_XML,
    tooLarge,
  ))
    strings.push(
      runText(m[2] ?? "")
        .trim()
        .slice(0, MAX_CELL),
    );
  return strings;
}

/** A cell's text by its type (`t`) and style (`s`): shared, inline, boolean, error, date or number. */
function cellText(book: Workbook, attrs: string, xml: string): string {
  const type = T(attrs) ?? "n";
  if (type === "inlineStr") return runText(INLINE.exec(xml)?.[2] ?? "");
  const raw = VALUE.exec(xml)?.[2];
  if (raw === undefined || type === "e") return "";
  const value = decodeXml(raw);
  if (type === "s") return book.shared[Number(value)] ?? "";
  if (type === "b") return value === "1" || value === "true" ? "true" : "false";
  if (type === "str") return value;
  if (type === "d") return /^\d{4}-\d\d-\d\d/.test(value) ? value.slice(0, 10) : value;
  const number = Number.parseFloat(value);
  if (Number.isNaN(number)) return value;
  return book.dates[Number(S(attrs) ?? 0)] ? serialDate(number, book.date1904) : String(number);
}

/** A worksheet, row by row into the builder (which refuses the row past MAX_ROWS, ending the read). */
async function readWorksheet(book: Workbook, name: string, part: ZipPart): Promise<Sheet> {
  const builder = new SheetBuilder(name);
  const tooLarge = () => `${name}: a row longer than the ${MAX_ROW_XML / 1e6} MB an import reads`;
  let line = 0;
  const cellPattern = elementPattern("c");
  for await (const row of streamedElements(
    partText(book.bytes, part),
    elementPattern("row"),
    "</row>",
    MAX_ROW_XML,
    tooLarge,
  )) {
    line = Number(R(row[1] ?? "")) || line + 1;
    const cells: string[] = [];
    let column = -1;
    let filled = false;
    const xml = row[2] ?? "";
    cellPattern.lastIndex = 0;
    for (let c = cellPattern.exec(xml); c; c = cellPattern.exec(xml)) {
      const attrs = c[1] ?? "";
      const at = columnOf(R(attrs) ?? "");
      column = at >= 0 ? at : column + 1;
      const text = cellText(book, attrs, c[2] ?? "");
      if (text.trim() === "") continue;
      filled = true;
      // A cell past the widest sheet an import reads stands in the first column past it, so the
      // header check says the sheet is too wide without an array as wide as the worksheet.
      cells[Math.min(column, MAX_COLUMNS)] = text;
    }
    if (filled)
      builder.add(
        Array.from(cells, (c) => c ?? ""),
        line,
      );
  }
  return builder.finish();
}

export async function parseXlsx(data: ArrayBuffer | Uint8Array): Promise<Sheet[]> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  try {
    const parts = zipDirectory(bytes);
    const part = (path: string) => parts.get(path.toLowerCase());
    const root = part("_rels/.rels");
    const office = root
      ? [...relationships(await smallPartText(bytes, root), "").values()].find((r) =>
          r.type.endsWith("/officeDocument"),
        )
      : undefined;
    const workbookPath = office?.target ?? "xl/workbook.xml";
    const workbookPart = part(workbookPath);
    if (!workbookPart) throw unreadable();
    const workbookXml = await smallPartText(bytes, workbookPart);
    const dir = workbookPath.slice(0, workbookPath.lastIndexOf("/") + 1);
    const relsPart = part(`${dir}_rels/${workbookPath.slice(dir.length)}.rels`);
    const rels = relsPart ? relationships(await smallPartText(bytes, relsPart), dir) : new Map();
    const related = (type: string) => [...rels.values()].find((r) => r.type === `${REL}${type}`);
    const stylesPart = part(related("styles")?.target ?? "");
    const sharedPart = part(related("sharedStrings")?.target ?? "");
    const book: Workbook = {
      bytes,
      shared: sharedPart ? await sharedStrings(bytes, sharedPart) : [],
      dates: stylesPart ? dateStyles(await smallPartText(bytes, stylesPart)) : [],
      date1904: /^(1|true)$/.test(
        attributes(elementPattern("workbookPr").exec(workbookXml)?.[1] ?? "").get("date1904") ?? "",
      ),
    };
    const sheets: Sheet[] = [];
    for (const m of workbookXml.matchAll(elementPattern("sheet"))) {
      const a = attributes(m[1] ?? "");
      const rel = rels.get(a.get("id") ?? "");
      const sheetPart = rel?.type === `${REL}worksheet` ? part(rel.target) : undefined;
      if (sheetPart) sheets.push(await readWorksheet(book, a.get("name") ?? rel?.target ?? "", sheetPart));
    }
    return sheets;
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw unreadable();
  }
}

/** A file as sheets, by its name's extension (.csv, .txt, .xlsx). */
export async function parseFile(name: string, data: ArrayBuffer | Uint8Array): Promise<Sheet[]> {
  const lower = name.toLowerCase();
  if (lower.endsWith(".xlsx")) return parseXlsx(data);
  if (lower.endsWith(".csv") || lower.endsWith(".txt")) {
    return [parseCsv(name, new TextDecoder("utf-8").decode(data))];
  }
  throw new SheetError(`${name}: choose a .csv or .xlsx file`);
}
